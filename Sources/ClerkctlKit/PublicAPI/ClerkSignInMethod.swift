import ClerkctlWire

/// How `ClerkAuthProvider.login(_:)` signs in, with the secrets it needs.
///
/// A `code` closure is called on a background thread when Clerk asks for a one-time code (an
/// email code, or a TOTP second factor), with Clerk's masked destination when it gave one; it
/// may block while the user types. The sign-in timeout still bounds the whole sign-in.
public struct ClerkSignInMethod: Sendable {
  /// A one-time code source: given Clerk's masked destination, returns the code.
  public typealias CodeSource = @Sendable (_ destination: String?) throws -> String

  let method: SignInMethod
  private let password: String?
  private let ticket: String?
  private let code: CodeSource?
  /// The second factor to use instead of the first Clerk offers (`backup_code`).
  private var secondFactor: FactorStrategy?

  private init(method: SignInMethod, password: String?, ticket: String?, code: CodeSource?) {
    self.method = method
    self.password = password
    self.ticket = ticket
    self.code = code
  }

  /// Identifier and password; `code` answers a second factor when the account has one.
  public static func password(
    identifier: String, password: String, code: CodeSource? = nil
  ) -> ClerkSignInMethod {
    ClerkSignInMethod(
      method: .password(identifier: identifier), password: password, ticket: nil, code: code)
  }

  /// Identifier and password, with one of the account's backup codes as the second factor
  /// (for a user without the authenticator app; each code works once).
  public static func password(
    identifier: String, password: String, backupCode: String
  ) -> ClerkSignInMethod {
    var method = ClerkSignInMethod(
      method: .password(identifier: identifier), password: password, ticket: nil,
      code: { _ in backupCode })
    method.secondFactor = .backupCode
    return method
  }

  /// A code Clerk mails to `identifier`.
  public static func emailCode(
    identifier: String, code: @escaping CodeSource
  ) -> ClerkSignInMethod {
    ClerkSignInMethod(
      method: .emailCode(identifier: identifier), password: nil, ticket: nil, code: code)
  }

  /// A code Clerk texts to the phone number `identifier` (or to the phone of the user with that
  /// username).
  public static func phoneCode(
    identifier: String, code: @escaping CodeSource
  ) -> ClerkSignInMethod {
    ClerkSignInMethod(
      method: .phoneCode(identifier: identifier), password: nil, ticket: nil, code: code)
  }

  /// A sign-in token (ticket) made with Clerk's Backend API.
  public static func ticket(_ ticket: String) -> ClerkSignInMethod {
    ClerkSignInMethod(method: .ticket, password: nil, ticket: ticket, code: nil)
  }

  /// The account layer's inputs for this method.
  var inputs: SignInInputs {
    let (password, ticket, code) = (self.password, self.ticket, self.code)
    var inputs = SignInInputs(
      password: { _ in
        guard let password else {
          throw ClerkAuthError.signInRejected(
            "Clerk asks for a password: sign in with ClerkSignInMethod.password")
        }
        return password
      },
      code: { _, destination in
        guard let code else {
          throw ClerkAuthError.signInRejected(
            "Clerk asks for a one-time code: pass code: to ClerkSignInMethod.password")
        }
        return try code(destination)
      },
      ticket: {
        guard let ticket else {
          throw ClerkAuthError.signInRejected("Clerk asks for a ticket")
        }
        return ticket
      })
    inputs.secondFactor = secondFactor
    return inputs
  }
}
