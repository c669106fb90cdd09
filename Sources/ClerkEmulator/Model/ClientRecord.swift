import ClerkctlWire
import Foundation

/// A Clerk client (one device): its sessions, current sign-in and current client token.
struct ClientRecord: Sendable {
  var id: String
  /// The anti-fixation value in the client token; changes on every completed sign-in.
  var rotatingToken: String
  /// The client token last handed out (empty until signed).
  var token: String
  var signInID: String?
  var sessionIDs: [String]
  var lastActiveSessionID: String?
  var lastAuthenticationStrategy: FactorStrategy?
  var createdAt: Int64
  var updatedAt: Int64
}
