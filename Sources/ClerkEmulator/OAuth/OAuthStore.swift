/// The OAuth provider's state inside ``Store``: applications, grants, codes and tokens, and
/// the instance settings the Backend API exposes.
struct OAuthStore: Sendable {
  /// By client id, oldest first in `applicationOrder`.
  var applications: [String: OAuthApplicationRecord] = [:]
  var applicationOrder: [String] = []
  var grants: [String: OAuthGrantRecord] = [:]
  var codes: [String: OAuthCodeRecord] = [:]
  /// By token string (opaque access tokens, refresh tokens, JWT access tokens by `jti`).
  var tokens: [String: OAuthTokenRecord] = [:]
  /// Signed-in browsers of the authorize page: cookie value → user id.
  var browserSessions: [String: String] = [:]
  /// Pending authorize pages: form token → the request they carry.
  var pendingAuthorizations: [String: OAuthAuthorizationRequest] = [:]
  /// Armed by the test surface: the next authorize approves (or denies) for this user.
  var armedConsent: (userID: String, approve: Bool)?
  /// RFC 7591 registration at `/oauth/register` (Clerk's `dynamic_oauth_client_registration`).
  var dynamicClientRegistration = true
  /// Whether new applications get JWT access tokens (Clerk's `oauth_jwt_access_tokens`).
  var jwtAccessTokens = true

  /// The application with this client id.
  func application(clientID: String) -> OAuthApplicationRecord? { applications[clientID] }

  /// The application with this Backend API id.
  func application(id: String) -> OAuthApplicationRecord? {
    applications.values.first { $0.id == id }
  }

  mutating func insert(_ application: OAuthApplicationRecord) {
    if applications[application.clientID] == nil { applicationOrder.append(application.clientID) }
    applications[application.clientID] = application
  }

  mutating func remove(clientID: String) {
    applications[clientID] = nil
    applicationOrder.removeAll { $0 == clientID }
    for (key, grant) in grants where grant.clientID == clientID {
      grants[key]?.revocationReason = "application deleted"
    }
  }

  /// Forgets authorization codes and pending pages past their time (a code's replay is
  /// detected until then).
  mutating func prune(now: Int64) {
    codes = codes.filter { $0.value.expiresAt > now }
    pendingAuthorizations = pendingAuthorizations.filter { $0.value.expiresAt > now }
  }

  /// Revokes a grant: every token minted from it becomes inactive.
  mutating func revokeGrant(_ id: String, reason: String) {
    guard grants[id]?.revocationReason == nil else { return }
    grants[id]?.revocationReason = reason
  }

  /// Whether a token can be used now: issued, not rotated or revoked, its grant standing, and
  /// (for an access token) not expired.
  func isActive(_ record: OAuthTokenRecord, now: Int64) -> Bool {
    guard record.revocationReason == nil, !record.rotated,
      let grant = grants[record.grantID], !grant.isRevoked,
      applications[record.clientID] != nil
    else { return false }
    if let expiresAt = record.expiresAt, now >= expiresAt { return false }
    return true
  }
}
