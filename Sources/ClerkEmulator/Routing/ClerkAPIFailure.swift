import ClerkctlCore
import ClerkctlHTTP
import Foundation

/// A Clerk API error as it goes on the wire: status, code, messages and `meta.param_name`.
struct ClerkAPIFailure: Error, Equatable {
  var status: Int
  var code: String
  var message: String
  var longMessage: String
  var paramName: String?
  var headers: HTTPHeaders = [:]
  /// More of `meta` (`lockout_expires_in_seconds`, …).
  var meta: [String: JSONValue] = [:]

  /// `{"errors":[…],"clerk_trace_id":…}`.
  func body(traceID: String) -> JSONValue {
    var meta = self.meta
    if let paramName { meta["param_name"] = .string(paramName) }
    let error: JSONValue = [
      "message": .string(message), "long_message": .string(longMessage), "code": .string(code),
      "meta": .object(meta),
    ]
    return ["errors": [error], "clerk_trace_id": .string(traceID)]
  }

  /// No `kind` (`session`, `user`, …) with `id`; the texts of Clerk's catalogue
  /// (`SessionNotFound`, `UserNotFound`, `JWTTemplateNotFound`, else the generic one).
  static func notFound(_ kind: String, id: String) -> Self {
    let message =
      switch kind {
      case "session": "Session not found"
      case "user": "not found"
      case "JWT template": "JWT template not found"
      default: "Resource not found"
      }
    let longMessage =
      kind == "JWT template"
      ? "No JWT template exists with id: \(id)" : "No \(kind) was found with id \(id)"
    return .resourceNotFound(message, longMessage)
  }

  /// Clerk's 404 `resource_not_found`, with these texts (they vary by resource).
  static func resourceNotFound(_ message: String, _ longMessage: String) -> Self {
    Self(status: 404, code: "resource_not_found", message: message, longMessage: longMessage)
  }

  /// Clerk's 403 `authorization_invalid` ("Unauthorized request"), saying why.
  static func unauthorizedRequest(_ longMessage: String) -> Self {
    Self(
      status: 403, code: "authorization_invalid", message: "Unauthorized request",
      longMessage: longMessage)
  }

  /// Clerk's 409 `conflict`.
  static func conflict(_ message: String, _ longMessage: String) -> Self {
    Self(status: 409, code: "conflict", message: message, longMessage: longMessage)
  }

  static func templateNotFound(_ name: String) -> Self {
    .resourceNotFound("JWT template not found", "No JWT template exists with name: \(name)")
  }

  static let routeNotFound = resourceNotFound(
    "Resource not found", "The requested resource was not found")

  static let authenticationInvalid = Self(
    status: 401, code: "authentication_invalid", message: "Invalid authentication",
    longMessage: "Unable to authenticate the request, you need to supply an active session")

  static let devBrowserUnauthenticated = Self(
    status: 401, code: "dev_browser_unauthenticated", message: "Browser unauthenticated",
    longMessage:
      "Unable to authenticate this browser for your development instance. Native clients must "
      + "send _is_native=true.")

  static let sessionExists = Self(
    status: 400, code: "session_exists", message: "Session already exists",
    longMessage: "You're already signed in.")

  /// Clerk's catalogue leaves this one's texts empty (they are filled in where it is raised);
  /// these are the words Clerk's replies carry, which apps match on.
  static let identifierNotFound = Self(
    status: 422, code: "form_identifier_not_found", message: "Couldn't find your account.",
    longMessage: "Couldn't find your account.", paramName: "identifier")

  static let passwordIncorrect = Self(
    status: 422, code: "form_password_incorrect",
    message: "Password is incorrect. Try again, or use another method.",
    longMessage: "Password is incorrect. Try again, or use another method.",
    paramName: "password")

  static let codeIncorrect = Self(
    status: 422, code: "form_code_incorrect", message: "is incorrect",
    longMessage: "Incorrect code", paramName: "code")

  static let verificationFailed = Self(
    status: 400, code: "verification_failed", message: "failed",
    longMessage: "Too many failed attempts. You have to try again with the same or another method.")

  static let verificationExpired = Self(
    status: 400, code: "verification_expired", message: "Verification expired",
    longMessage: "This verification has expired. You must create a new one.")

  static func paramMissing(_ name: String) -> Self {
    Self(
      status: 422, code: "form_param_missing", message: "is missing or empty",
      longMessage: "\(name) must be included.", paramName: name)
  }

  static func paramInvalid(_ name: String, _ detail: String) -> Self {
    Self(
      status: 422, code: "form_param_value_invalid", message: "is invalid",
      longMessage: detail, paramName: name)
  }

  static let strategyInvalid = Self(
    status: 400, code: "strategy_for_user_invalid",
    message: "Invalid verification strategy",
    longMessage: "The verification strategy is not valid for this account", paramName: "strategy")

  static func clientStateInvalid(_ action: String) -> Self {
    Self(
      status: 400, code: "client_state_invalid", message: "Invalid action",
      longMessage: "We were unable to complete \(action) for this Client.")
  }

  static func signingFailed(_ error: any Error) -> Self {
    Self(
      status: 500, code: "internal_clerk_error", message: "Oops, an unexpected error occurred",
      longMessage: "The emulator could not sign a token: \(error)")
  }

  static func ticket(_ code: String, _ longMessage: String) -> Self {
    Self(
      status: 400, code: code, message: "Sign in token invalid", longMessage: longMessage,
      paramName: "ticket")
  }

  /// A ticket Clerk does not know (`TicketInvalid` in Clerk's catalogue).
  static let ticketInvalid = Self(
    status: 400, code: "ticket_invalid_code", message: "ticket is invalid",
    longMessage:
      "This ticket is invalid. Make sure you're using a valid ticket generated by Clerk.",
    paramName: "ticket")
}
