extension ClerkAuthError {
  /// The part of the work that failed: a value with named constants, so more can be added.
  public struct Step: Hashable, Sendable, CustomStringConvertible {
    /// The step's name, e.g. `first_factor`.
    public let name: String

    /// A step named `name`.
    public init(_ name: String) { self.name = name }

    /// Starting the sign-in with the identifier (email, username, phone number, ticket).
    public static let identifier = Step("identifier")
    /// The first factor: a password or a one-time code.
    public static let firstFactor = Step("first_factor")
    /// The second factor: TOTP, a code, a backup code.
    public static let secondFactor = Step("second_factor")
    /// Some step of a sign-in that ran as one call.
    public static let signIn = Step("sign_in")
    /// Minting or renewing a token.
    public static let token = Step("token")
    /// Ending the session.
    public static let signOut = Step("sign_out")
    /// Reading or writing the credential store.
    public static let store = Step("store")

    public var description: String { name }
  }
}
