import ClerkctlWire
import Foundation

/// Everything the emulator remembers. Only touched through `EmulatorState.withStore`.
struct Store: Sendable {
  var baseURL: String
  var users: [String: UserRecord] = [:]
  var userOrder: [String] = []
  var clients: [String: ClientRecord] = [:]
  var signIns: [String: SignInRecord] = [:]
  var sessions: [String: SessionRecord] = [:]
  var templates: [String: JWTTemplateRecord] = [:]
  var templateOrder: [String] = []
  var signInTokens: [String: SignInTokenRecord] = [:]
  var emails: [SentEmail] = []
  var requests: [RequestLogEntry] = []
  var faults: [Fault] = []
  var sessionTokenLifetime: Int64
  /// Browser sign-in: configuration, provider codes (forgotten once expired) and nonces.
  var browser = BrowserSignInSettings()
  var oauthCodes: [String: ProviderCodeRecord] = [:]
  var nonces: [String: NonceRecord] = [:]
  /// Organizations (id → record, oldest first in `organizationOrder`), memberships (oldest
  /// first) and the role keys the instance defines.
  var organizations: [String: OrganizationRecord] = [:]
  var organizationOrder: [String] = []
  var memberships: [OrganizationMembershipRecord] = []
  var organizationRoles: Set<String> = ["org:admin", "org:member"]
  /// Machines and their stored (opaque) M2M tokens.
  var machineAuth = MachineStore()
  /// API keys.
  var apiKeys = APIKeyStore()
  /// Clerk as an OAuth provider: applications, grants, codes, tokens.
  var oauth = OAuthStore()
  /// Users' additional email addresses (oldest first) and organization invitations.
  var emailAddresses: [EmailAddressRecord] = []
  var invitations: [OrganizationInvitationRecord] = []
  var instanceInvitations: [InvitationRecord] = []
  /// The client count past which ``trim(to:)`` looks for anonymous clients to forget again
  /// (clients with an active session are kept, so a look may forget none).
  var clientCountToCheck = 0
  /// The session count past which ``trim(to:now:)`` looks for sessions to expire and forget
  /// again (active sessions are kept, so a look may forget none).
  var sessionCountToCheck = 0

  /// The user with this email address (any case), username (any case) or phone number (E.164,
  /// spaces and dashes ignored).
  func user(identifier: String) -> UserRecord? {
    let wanted = identifier.lowercased()
    let phone = UserRecord.normalizedPhone(identifier)
    return userOrder.lazy.compactMap { users[$0] }.first {
      $0.emailAddress?.lowercased() == wanted || $0.username?.lowercased() == wanted
        || (phone != nil && $0.phoneNumber == phone)
    }
  }

  /// The sessions a client lists: active and ended ones (removed, revoked and expired leave).
  func listedSessions(of client: ClientRecord) -> [SessionRecord] {
    client.sessionIDs.compactMap { sessions[$0] }.filter {
      $0.status == .active || $0.status == .ended
    }
  }

  /// Marks active sessions past `expire_at` as expired.
  mutating func expireSessions(of clientID: String, now: Int64) {
    guard let client = clients[clientID] else { return }
    for id in client.sessionIDs { expireSession(id, now: now) }
  }

  /// Marks one session expired when it is active and past `expire_at`.
  mutating func expireSession(_ id: String, now: Int64) {
    if let session = sessions[id], session.status == .active, now >= session.expireAt {
      sessions[id]?.status = .expired
      sessions[id]?.updatedAt = now
    }
  }

  /// Whether the client holds an active session.
  func hasActiveSession(_ client: ClientRecord) -> Bool {
    client.sessionIDs.contains { sessions[$0]?.status == .active }
  }
}
