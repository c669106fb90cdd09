import ClerkKit
import Foundation

/// A user the emulator knows: one email address, optional password and TOTP secret.
struct UserRecord: Sendable {
  var id: String
  var emailAddressID: String
  var emailAddress: String
  var password: String?
  var totpSecret: [UInt8]?
  var firstName: String?
  var lastName: String?
  var username: String?
  var publicMetadata: JSONValue
  var createdAt: Int64
  var updatedAt: Int64
  var lastSignInAt: Int64?

  /// Whether email codes for this address follow Clerk's test-mode rule (code 424242).
  var isTestEmail: Bool { emailAddress.lowercased().contains("+clerk_test") }

  /// Whether a second factor is enrolled.
  var hasSecondFactor: Bool { totpSecret != nil }
}
