import ClerkctlCore

/// What a profile stores: the client token (the long-lived credential), who it belongs to, and
/// the profile's token cache. Saved as versioned JSON in `<config>/profiles/<profile>.json`.
///
/// Never holds a password.
package struct ProfileCredential: Sendable, Equatable, CustomStringConvertible {
  /// The file format version this code writes and reads.
  package static let formatVersion: Int64 = 1

  /// The profile name (also the file name).
  package var profile: String
  /// The Frontend API base URL signed in to, e.g. `https://clean-mayfly-62.clerk.accounts.dev`.
  package var fapiURL: String
  /// The client token Clerk issued (sent as `Authorization` on native-client requests).
  package var clientToken: String
  /// The signed-in session, when there is one.
  package var sessionID: String?
  /// The signed-in user, when known.
  package var userID: String?
  /// The user's primary email address, when known.
  package var email: String?
  /// What the user is known by: the primary email address, else the phone number, else the
  /// username (`nil` in files written before it was kept: then the email).
  package var identifier: String?
  /// When the sign-in completed, epoch seconds (local clock).
  package var signedInAt: Int64
  /// Server time minus local time, seconds, as last measured.
  package var clockSkew: Double
  /// Cached JWTs by `CachedToken.cacheKey(sessionID:template:)`.
  package var tokens: [String: CachedToken]
  /// The session's active organization as Clerk last reported it; token requests carry it.
  package var activeOrganization: ActiveOrganization
  /// What kind of credential this is (`user` for files written before kinds existed).
  package var kind: ProfileKind = .user
  /// A machine profile's secret, Backend API and token cache (`kind == .machine`).
  package var machine: MachineCredential?
  /// The key, for a profile of kind `api_key`.
  package var apiKey: APIKeyCredential?
  /// An OAuth grant's client, refresh token and tokens (`kind == .oauth`).
  package var oauth: OAuthCredential?
  /// For a user sign-in made with an actor token: who acts.
  package var impersonation: Impersonation?
  /// The extra trust anchor (CA bundle beyond the system's) the profile was created with: the
  /// lowercase hex SHA-256 of the bundle file, or `nil` for none. The credential goes out only
  /// over connections that trust exactly that (`ProfileStore.extraTrustAnchor`).
  package var extraTrustAnchor: String?
  /// The origin of the Convex deployment this profile's tokens were first accepted by
  /// (`https://NAME.convex.cloud`), when it has used one.
  package var convexOrigin: String?
  /// For a loopback instance: the signing keys (public JWKs) it served at sign-in; tokens
  /// minted later must be signed by one of them (`InstanceKeyCheck`). `nil`: not recorded.
  package var instanceKeys: [JSONValue]?

  package init(
    profile: String, fapiURL: String, clientToken: String, sessionID: String? = nil,
    userID: String? = nil, email: String? = nil, signedInAt: Int64, clockSkew: Double = 0,
    tokens: [String: CachedToken] = [:], activeOrganization: ActiveOrganization = .unknown,
    identifier: String? = nil
  ) {
    self.profile = profile
    self.fapiURL = fapiURL
    self.clientToken = clientToken
    self.sessionID = sessionID
    self.userID = userID
    self.email = email
    self.identifier = identifier
    self.signedInAt = signedInAt
    self.clockSkew = clockSkew
    self.tokens = tokens
    self.activeOrganization = activeOrganization
  }

  /// The identifier shown for the user: the email address, else `identifier` (the phone
  /// number or username).
  package var shownIdentifier: String? { email ?? identifier }

  /// The cached token for `sessionID` and `template`, if any (expired ones included).
  package func cachedToken(sessionID: String, template: String?) -> CachedToken? {
    tokens[CachedToken.cacheKey(sessionID: sessionID, template: template)]
  }

  /// Stores `token` in the cache for `sessionID`, replacing any for the same template.
  package mutating func cache(_ token: CachedToken, sessionID: String) {
    tokens[CachedToken.cacheKey(sessionID: sessionID, template: token.template)] = token
  }

  /// Drops cached tokens that expired before `epochSeconds` or belong to another session.
  package mutating func pruneTokens(keepingSession sessionID: String?, now epochSeconds: Int64) {
    let prefix = (sessionID ?? "") + "|"
    tokens = tokens.filter { key, token in
      sessionID != nil && key.hasPrefix(prefix) && token.expiresAt > epochSeconds
    }
  }

  /// Whether `self` and `other` differ at most in what a mint refreshes: the cached tokens
  /// (a session's JWTs, a machine's M2M tokens) and the measured clock skew. Such a change can
  /// be lost without losing the sign-in (see `CredentialStore.saveTokenCache`).
  package func differsOnlyInTokenCache(from other: ProfileCredential) -> Bool {
    var same = self
    same.tokens = other.tokens
    same.clockSkew = other.clockSkew
    if var machine = same.machine, let otherMachine = other.machine {
      machine.tokens = otherMachine.tokens
      same.machine = machine
    }
    return same == other
  }

  /// Records the session's active organization as Clerk reported it; when it changed, drops
  /// every cached token (their claims name the old one).
  package mutating func recordActiveOrganization(_ organization: ActiveOrganization) {
    guard organization != activeOrganization else { return }
    if organization != .unknown { tokens = [:] }
    activeOrganization = organization
  }

  /// A summary without the client token or JWTs.
  package var description: String {
    "ProfileCredential(profile: \(profile), fapiURL: \(fapiURL), sessionID: "
      + "\(sessionID ?? "nil"), userID: \(userID ?? "nil"), email: \(email ?? "nil"), "
      + "signedInAt: \(signedInAt), clockSkew: \(clockSkew), tokens: \(tokens.count), "
      + "activeOrganization: \(activeOrganization), kind: \(kind.rawValue), "
      + "machine: \(machine.map(\.description) ?? "nil"), "
      + "apiKey: \(apiKey.map { $0.description } ?? "nil"), "
      + "oauth: \(oauth.map(\.description) ?? "nil"), "
      + "actor: \(impersonation?.actor ?? "nil"), "
      + "extraTrustAnchor: \(extraTrustAnchor ?? "nil"), clientToken: <redacted>)"
  }
}
