import ClerkctlCore
import Foundation

/// A user the emulator knows: an email address and/or a phone number and/or a username, an
/// optional password, TOTP secret and backup codes.
struct UserRecord: Sendable, Equatable {
  var id: String
  var emailAddressID: String
  /// The primary email address; `nil` for a user without one (a phone user). Others are
  /// ``EmailAddressRecord``s in the store.
  var emailAddress: String?
  var password: String?
  var totpSecret: [UInt8]?
  var firstName: String?
  var lastName: String?
  var username: String?
  var publicMetadata: JSONValue
  var createdAt: Int64
  var updatedAt: Int64
  var lastSignInAt: Int64?
  /// The primary (and only) phone number, E.164 (`+15555550100`).
  var phoneNumber: String? = nil
  var phoneNumberID: String = ""
  /// The backup codes not used yet (each works once).
  var backupCodes: [String] = []
  /// Whether backup codes were generated for the user (`backup_code_enabled`), used up or not.
  var backupCodeEnabled = false
  /// Moderation over the Backend API (`ban`, `lock`).
  var banned = false
  var locked = false
  /// Whether the primary email address is verified (one added unverified over the Backend API
  /// and made primary is not).
  var emailVerified = true
  /// When a lock ends (Clerk's locks expire; ``lockoutDuration`` after `lock`).
  var lockedUntil: Int64? = nil
  /// The metadata only the Backend API sees, and the one the user may write.
  var privateMetadata: JSONValue = [:]
  var unsafeMetadata: JSONValue = [:]

  /// Whether email codes for this address follow Clerk's test-mode rule (code 424242).
  var isTestEmail: Bool { emailAddress?.lowercased().contains("+clerk_test") ?? false }

  /// Whether the phone number is one of Clerk's test numbers, +1 XXX 555-0100…0199, whose code
  /// is 424242 and which are sent nothing.
  var isTestPhone: Bool {
    guard let phoneNumber else { return false }
    let digits = Array(phoneNumber.utf8.filter { (48...57).contains($0) })
    guard phoneNumber.hasPrefix("+1"), digits.count == 11 else { return false }
    let exchange = String(decoding: digits[4..<7], as: UTF8.self)
    let line = Int(String(decoding: digits[7..<11], as: UTF8.self)) ?? 0
    return exchange == "555" && (100...199).contains(line)
  }

  /// Whether a second factor is enrolled.
  var hasSecondFactor: Bool { totpSecret != nil }

  /// What the user is shown as: the email address, else the phone number, else the username.
  var displayIdentifier: String { emailAddress ?? phoneNumber ?? username ?? id }

  /// A phone number reduced to `+` and digits, for matching identifiers typed with spaces,
  /// dashes or parentheses.
  static func normalizedPhone(_ text: String) -> String? {
    guard text.hasPrefix("+") else { return nil }
    let rest = text.dropFirst()
    guard rest.allSatisfy({ ($0.isASCII && $0.isNumber) || " -().".contains($0) }) else {
      return nil
    }
    let digits = rest.filter { $0.isASCII && $0.isNumber }
    return digits.isEmpty ? nil : "+" + digits
  }
}

extension UserRecord {
  /// How long Clerk's default lockout lasts (an hour).
  static let lockoutDuration: Int64 = 3_600_000

  /// The seconds left of the user's lock at `now` (rounded up), or `nil` when not locked.
  func lockoutSeconds(at now: Int64) -> Int64? {
    guard locked, let lockedUntil, now < lockedUntil else { return nil }
    return (lockedUntil - now + 999) / 1000
  }
}
