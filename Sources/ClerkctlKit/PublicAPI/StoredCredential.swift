import ClerkctlCore

/// What a `ClerkCredentialStore` keeps for one sign-in: the client token (the long-lived
/// credential, a secret), who it belongs to, and the cached JWTs.
///
/// Opaque on purpose: a custom store persists `serialized` and gives it back with
/// `init(serialized:)`.
public struct StoredCredential: Sendable, Equatable, CustomStringConvertible {
  /// The account layer's value.
  package var profileCredential: ProfileCredential

  /// Wraps the account layer's value.
  package init(_ profileCredential: ProfileCredential) {
    self.profileCredential = profileCredential
  }

  /// Reads what `serialized` wrote.
  ///
  /// - Throws: `ClerkAuthError.configuration` when the bytes are not a stored credential.
  public init(serialized: [UInt8]) throws {
    do {
      profileCredential = try ProfileCredential(parsing: serialized, path: "stored credential")
    } catch {
      throw ClerkAuthError.configuration(error.description)
    }
  }

  /// The credential as versioned JSON (holds the client token: keep it secret).
  public var serialized: [UInt8] {
    Array((profileCredential.jsonValue.prettyEncoded + "\n").utf8)
  }

  /// The signed-in user, when known.
  public var userId: String? { profileCredential.userID }
  /// The user's primary email address, when known.
  public var email: String? { profileCredential.email }
  /// The signed-in session, when there is one.
  public var sessionId: String? { profileCredential.sessionID }
  /// The Frontend API base URL it was signed in to.
  public var frontendApiUrl: String { profileCredential.fapiURL }

  /// A summary without secrets.
  public var description: String {
    "StoredCredential(userId: \(userId ?? "nil"), sessionId: \(sessionId ?? "nil"), "
      + "frontendApiUrl: \(frontendApiUrl), clientToken: <redacted>)"
  }
}
