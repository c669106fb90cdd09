import ClerkctlHTTP
import FoundationEssentials

/// One kind of M2M token from a `ClerkMachineTokenProvider` — a format, a lifetime and
/// claims — as a `BearerTokenProvider`, for `AuthenticatedRequestSender`:
///
/// ```swift
/// let convex = machine.tokenSource(format: .jwt, claimsJson: #"{"aud":"convex"}"#)
/// let sender = AuthenticatedRequestSender(provider: convex)
/// ```
public struct ClerkMachineTokenSource: BearerTokenProvider, HTTPClientCarrying {
  /// The provider the tokens come from.
  public let provider: ClerkMachineTokenProvider
  /// The tokens' format.
  public let format: ClerkMachineToken.Format
  /// The tokens' lifetime in seconds; `nil`: the machine's default.
  public let ttl: Int64?
  /// Custom claims as a JSON object, e.g. `{"aud":"convex"}`.
  public let claimsJson: String?

  package var http: HTTPClient { provider.http }

  /// A token of this kind with `minimumTtl` left (at least 0), from the provider's cache
  /// when it has one.
  public func bearerToken(minimumTtl: TimeInterval, forceRefresh: Bool) async throws -> String {
    let request = try ClerkMachineTokenProvider.request(
      format: format, ttl: ttl, claimsJson: claimsJson)
    return try await provider.token(request, minimumTtl: minimumTtl, forceRefresh: forceRefresh)
      .token.token
  }
}

extension ClerkMachineTokenProvider {
  /// Tokens of one kind, for `AuthenticatedRequestSender`.
  public func tokenSource(
    format: ClerkMachineToken.Format = .opaque, ttl: Int64? = nil, claimsJson: String? = nil
  ) -> ClerkMachineTokenSource {
    ClerkMachineTokenSource(provider: self, format: format, ttl: ttl, claimsJson: claimsJson)
  }
}
