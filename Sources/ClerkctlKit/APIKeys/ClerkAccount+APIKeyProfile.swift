import ClerkctlCore
import FoundationEssentials

/// Profiles of kind `api_key`: the stored key is the bearer, sent as is; nothing is minted,
/// cached or refreshed.
extension ClerkAccount {
  /// The profile's credential when it is of kind `api_key`, else `nil`.
  package func storedAPIKeyProfile() throws -> ProfileCredential? {
    guard let credential = try store.load(profile: profile), credential.kind == .apiKey else {
      return nil
    }
    return credential
  }

  /// The stored key as a ``TokenResult``: `jwt` holds the key itself, which never expires on
  /// the client's side (`expiresAt` is 9999-12-31; the Backend API's verify is the judge).
  ///
  /// - Throws: ``ProfileKindMismatch`` for a JWT template (an API key has none).
  func apiKeyToken(_ credential: ProfileCredential, template: String?) throws -> TokenResult {
    if let template, !apiKeyIgnoresTemplate {
      throw ProfileKindMismatch(
        profile: profile, kind: credential.kind,
        detail: "an API key is sent as is; there is no JWT template '\(template)' to mint")
    }
    guard let key = credential.apiKey?.key, !key.isEmpty else {
      throw ClerkError.notSignedIn(profile: profile, .noSignIn)
    }
    let token = CachedToken(
      jwt: key, template: nil, issuedAt: credential.signedInAt, expiresAt: Self.neverExpires,
      instance: nil)
    return TokenResult(
      token: token, credential: credential, minted: false,
      expiresIn: Self.neverExpires - Int64(clock.now().timeIntervalSince1970))
  }

  /// 9999-12-31T23:59:59Z: the expiry shown for a key with none.
  package static let neverExpires: Int64 = 253_402_300_799
}

/// An option or command that makes no sense for the profile's kind (a JWT template on an API
/// key profile): a usage error.
package struct ProfileKindMismatch: Error, CustomStringConvertible, Sendable {
  package var profile: String
  package var kind: ProfileKind
  package var detail: String

  package var description: String {
    "profile '\(profile)' is of kind \(kind.rawValue): \(detail)"
  }
}
