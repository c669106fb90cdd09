import Foundation

/// The errors of the machine and M2M token endpoints. The M2M token endpoints answer
/// `{"errors":[{"message","long_message","code"}]}` as their spec documents (no `meta`); their
/// validation failures are 400 `bad_request`, the spec's example code.
extension ClerkAPIFailure {
  /// M2M: a malformed request (`Invalid '<field>': …`, the spec's example wording).
  static func m2mBadRequest(_ detail: String) -> Self {
    Self(status: 400, code: "bad_request", message: "Bad Request", longMessage: detail)
  }

  /// M2M: no such token (for this machine), or one that can no longer be used.
  static func m2mNotFound(_ detail: String) -> Self {
    .resourceNotFound("Resource not found", detail)
  }

  /// M2M: a custom claim Clerk sets itself (`iss sub exp nbf iat jti`).
  static func m2mReservedClaim(_ name: String) -> Self {
    Self(
      status: 400, code: "machine_token_reserved_claim", message: "Reserved claim",
      longMessage:
        "The claim '\(name)' is reserved; Clerk sets iss, sub, exp, nbf, iat and jti itself.")
  }

  /// An `ak_…` bearer that is no machine's current secret, nor a rotated one in its grace period.
  /// Clerk's catalogue words (`InvalidAuthentication`); it has no text of its own for machines.
  static var machineSecretInvalid: Self { .authenticationInvalid }

  /// A Backend API bearer that is not the instance's secret key (Clerk answers
  /// `clerk_key_invalid`, 401).
  static var secretKeyInvalid: Self { .clerkKeyInvalid }

  /// `POST /m2m_tokens` with the instance secret key: only a machine can create its tokens.
  static let machineSecretRequired = unauthorizedRequest(
    "M2M tokens must be created with a Machine Secret Key (ak_…) as the Bearer token, not "
      + "with the instance's Secret Key.")

  /// `GET /m2m_tokens` with a machine secret for another machine's tokens.
  static let m2mOtherSubject = unauthorizedRequest(
    "With a Machine Secret Key, only the tokens of that machine can be listed; use the "
      + "instance's Secret Key to list any machine's.")

  /// BAPI: no machine with this id.
  static func machineNotFound(_ id: String) -> Self {
    .notFound("machine", id: id)
  }

  /// BAPI: the scope already exists.
  static func machineScopeExists(from: String, to: String) -> Self {
    .conflict(
      "Machine scope already exists", "Machine \(from) already has access to machine \(to).")
  }

  /// BAPI: more than Clerk's 150 scopes on one machine.
  static let machineScopesExceeded = Self(
    status: 422, code: "form_param_exceeds_allowed_size", message: "is too long",
    longMessage: "A machine can have at most 150 scopes.", paramName: "scoped_machines")
}
