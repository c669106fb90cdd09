/// A code the fake OAuth / SSO provider page hands to the callback: whom the user picked, and
/// until when it is good (Clerk's authorization codes live 10 minutes; an expired one is
/// refused like an unknown one, and forgotten).
struct ProviderCodeRecord: Sendable, Equatable {
  /// How long a code is good, milliseconds.
  static let lifetime: Int64 = 10 * 60 * 1000

  var email: String
  var expiresAt: Int64

  /// Whether the code can still be redeemed at `now` (milliseconds).
  func isLive(at now: Int64) -> Bool { now < expiresAt }
}
