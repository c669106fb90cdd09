import ClerkctlWire

extension ClerkSignIn {
  /// Where a sign-in stands, as Clerk reports it (Clerk's SDKs' `status`): a value with named
  /// constants, so statuses Clerk adds later are kept, not lost.
  public struct Status: Hashable, Sendable, CustomStringConvertible {
    /// Clerk's name for it, e.g. `needs_second_factor`.
    public let rawValue: String

    /// The status Clerk calls `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Clerk needs the identifier.
    public static let needsIdentifier = Status(rawValue: SignInStatus.needsIdentifier.rawValue)
    /// Clerk needs the first factor: a password or a one-time code.
    public static let needsFirstFactor = Status(rawValue: SignInStatus.needsFirstFactor.rawValue)
    /// Clerk needs a second factor: TOTP, a code or a backup code.
    public static let needsSecondFactor = Status(rawValue: SignInStatus.needsSecondFactor.rawValue)
    /// Clerk wants this new client confirmed with a second factor.
    public static let needsClientTrust = Status(rawValue: SignInStatus.needsClientTrust.rawValue)
    /// Clerk wants a new password (this library cannot set one).
    public static let needsNewPassword = Status(rawValue: SignInStatus.needsNewPassword.rawValue)
    /// Signed in: `credentials` holds the session's first token.
    public static let complete = Status(rawValue: SignInStatus.complete.rawValue)

    public var description: String { rawValue }
  }

  /// How a factor is verified: a value with named constants (Clerk's strategy names).
  public struct Strategy: Hashable, Sendable, CustomStringConvertible {
    /// Clerk's name for it, e.g. `email_code`.
    public let rawValue: String

    /// The strategy Clerk calls `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The account's password (first factor).
    public static let password = Strategy(rawValue: FactorStrategy.password.rawValue)
    /// A code Clerk mails (first or second factor).
    public static let emailCode = Strategy(rawValue: FactorStrategy.emailCode.rawValue)
    /// A code Clerk texts (first or second factor).
    public static let phoneCode = Strategy(rawValue: FactorStrategy.phoneCode.rawValue)
    /// A code from an authenticator app (second factor).
    public static let totp = Strategy(rawValue: FactorStrategy.totp.rawValue)
    /// One of the account's backup codes (second factor).
    public static let backupCode = Strategy(rawValue: FactorStrategy.backupCode.rawValue)

    public var description: String { rawValue }

    /// The wire vocabulary's name for it.
    var wire: FactorStrategy { FactorStrategy(rawValue: rawValue) }
  }
}
