import ClerkctlWire

/// Where a sign-in gets the secrets it needs, when it needs them: a prompt, stdin, a test.
///
/// Each closure is called at most once per value needed, only when the flow gets there, so a
/// password is never read for a ticket sign-in.
package struct SignInInputs {
  /// Which one-time code is wanted.
  package enum CodeKind: Sendable, Equatable {
    /// The first factor: a code mailed to the address.
    case emailCode
    /// A second factor: a code from an authenticator app (TOTP).
    case totp
    /// A second factor: a code mailed to the address.
    case emailSecondFactor
    /// The first factor: a code texted to the phone number.
    case phoneCode
    /// A second factor: a code texted to the phone number.
    case phoneSecondFactor
    /// A second factor: a code from an authenticator app, where a backup code may be chosen
    /// instead (`wantsBackupCode` tells that answer apart).
    case totpOrBackupCode
    /// A second factor: one of the account's backup codes (each works once).
    case backupCode
  }

  /// The password for the identifier.
  package var password: (_ identifier: String) throws -> String
  /// A one-time code; `destination` is Clerk's masked address, when it gave one.
  package var code: (_ kind: CodeKind, _ destination: String?) throws -> String
  /// The ticket.
  package var ticket: () throws -> String
  /// A progress note for the user (stderr in the CLI).
  package var note: (String) -> Void
  /// How many times a password may be typed when Clerk says it is wrong (1: no second try).
  package var passwordTries = 1
  /// How many times a code may be typed when Clerk says it is wrong or expired, on the same
  /// sign-in attempt (1: no second try).
  package var codeTries = 1
  /// The second factor to use (a strategy such as `backup_code`), when the caller chose one;
  /// `nil` takes the first Clerk offers (TOTP, then email or phone code, then backup code).
  package var secondFactor: FactorStrategy?
  /// Whether an answer to a `.totpOrBackupCode` question asks for a backup code instead.
  package var wantsBackupCode: (_ answer: String) -> Bool = { _ in false }
  /// Whether an answer at an emailed or texted code's prompt asks Clerk to send the code
  /// again (a new prepare, then the prompt again) instead of being a code.
  package var wantsResend: (_ answer: String) -> Bool = { _ in false }

  package init(
    password: @escaping (_ identifier: String) throws -> String,
    code: @escaping (_ kind: CodeKind, _ destination: String?) throws -> String,
    ticket: @escaping () throws -> String,
    note: @escaping (String) -> Void = { _ in }
  ) {
    self.password = password
    self.code = code
    self.ticket = ticket
    self.note = note
  }
}
