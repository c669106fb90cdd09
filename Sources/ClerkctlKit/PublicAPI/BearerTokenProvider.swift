import ClerkctlHTTP
import FoundationEssentials

/// Anything that hands out tokens to send as `Authorization: Bearer …`:
/// `AuthenticatedRequestSender` works over it. `ClerkAuthProvider` (user JWTs),
/// `ClerkMachineTokenProvider` (machine-to-machine tokens) and `ClerkOAuthTokenProvider` (OAuth
/// access tokens) conform; so can a provider of your own.
public protocol BearerTokenProvider: Sendable {
  /// A token to send.
  ///
  /// - Parameters:
  ///   - minimumTtl: seconds the token must have left at least; a cached one with less is
  ///     replaced. `-.infinity`: any cached token, however little it has left.
  ///   - forceRefresh: a new token whatever the cache holds (the server refused the last one).
  func bearerToken(minimumTtl: TimeInterval, forceRefresh: Bool) async throws -> String
}

/// Where a provider of this library sends requests, so the sender uses the same transport.
package protocol HTTPClientCarrying {
  var http: HTTPClient { get }
}

extension ClerkAuthProvider: BearerTokenProvider, HTTPClientCarrying {
  /// A JWT from `jwtTemplate` (see `loginFromCache()`), without touching `authState`.
  public func bearerToken(minimumTtl: TimeInterval, forceRefresh: Bool) async throws -> String {
    try await credentials(minTTL: minimumTtl, forceRefresh: forceRefresh, announce: false)
      .idToken
  }
}

extension ClerkMachineTokenProvider: BearerTokenProvider, HTTPClientCarrying {
  /// The default M2M token (opaque, the machine's lifetime); `tokenSource(format:ttl:claimsJson:)`
  /// gives other kinds.
  public func bearerToken(minimumTtl: TimeInterval, forceRefresh: Bool) async throws -> String {
    try await tokenSource().bearerToken(minimumTtl: minimumTtl, forceRefresh: forceRefresh)
  }
}

extension ClerkOAuthTokenProvider: BearerTokenProvider, HTTPClientCarrying {
  /// An OAuth access token (see `accessToken(forceRefresh:)`), refreshed with the stored refresh
  /// token when it has less than `minimumTtl` left.
  public func bearerToken(minimumTtl: TimeInterval, forceRefresh: Bool) async throws -> String {
    try await accessToken(minimumTtl: minimumTtl, forceRefresh: forceRefresh)
  }
}
