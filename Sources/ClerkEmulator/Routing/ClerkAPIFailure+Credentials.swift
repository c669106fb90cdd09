import ClerkctlWire
import Foundation

/// The errors of the API key, actor token and testing token endpoints.
extension ClerkAPIFailure {
  /// FAPI `/api_keys`: no session JWT of this instance with an active session as Bearer.
  static var sessionTokenInvalid: Self { .authenticationInvalid }

  /// BAPI: a wrong instance secret key (Clerk's `clerk_key_invalid`, 401; both texts the same).
  static let clerkKeyInvalid: ClerkAPIFailure = {
    let text =
      "The provided Clerk Secret Key is invalid. Make sure that your Clerk Secret Key is correct."
    return ClerkAPIFailure(status: 401, code: "clerk_key_invalid", message: text, longMessage: text)
  }()

  /// An API key that does not exist, or is not the caller's.
  static func apiKeyNotFound(_ detail: String = "API key not found") -> Self {
    .m2mNotFound(detail)
  }

  /// A subject the signed-in user may not act for.
  static func apiKeySubjectForbidden(_ subject: String) -> Self {
    .unauthorizedRequest("The signed-in user may not manage the API keys of \(subject).")
  }

  /// A second valid key with the same name for the same subject.
  static func apiKeyNameTaken(_ name: String) -> Self {
    .conflict("Conflict", "An API key named '\(name)' already exists for this subject.")
  }

  /// An actor token that was accepted or revoked already.
  static func actorTokenCannotBeRevoked(_ status: SignInTokenStatus) -> Self {
    Self(
      status: 400, code: "actor_token_cannot_be_revoked_code",
      message: "Actor token cannot be revoked",
      longMessage: "Only pending actor tokens can be revoked; this one is \(status).")
  }
}
