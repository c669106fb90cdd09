import ClerkctlCore
import ClerkctlCrypto
import ClerkctlHTTP
import ClerkctlHTTPServer
import ClerkctlJOSE
import ClerkctlWire
import Foundation

/// API keys (Frontend API with a session JWT; Backend API with the instance secret key),
/// actor tokens and testing tokens (Backend API).
///
/// The API key endpoints answer errors as `{"errors":[{"message","long_message","code"}]}`
/// (their spec's shape, no `meta`); actor and testing tokens in Clerk's usual envelope.
struct CredentialHandler: EmulatorSurface {
  /// Who a Frontend API request acts for: the session JWT's user and session.
  struct Caller {
    var userID: String
    var sessionID: String
  }

  let services: EmulatorServices

  func serveCredential(_ endpoint: CredentialEndpoint, _ context: RequestContext) -> HTTPResponse {
    let plainErrors = !Self.envelopeEndpoints.contains(endpoint)
    let fail = { (failure: ClerkAPIFailure) -> HTTPResponse in
      plainErrors ? self.plainError(failure) : self.clerkError(failure)
    }
    guard let bearer = Self.bearer(context) else {
      return fail(
        ClerkAPIFailure(
          status: 401, code: "authorization_header_format_invalid",
          message: "Invalid Authorization header format",
          longMessage: "Must be 'Bearer <YOUR_API_KEY>'"))
    }
    var body: JSONValue = [:]
    if context.method == "POST" || context.method == "PATCH" {
      guard let parsed = context.jsonBody else {
        return fail(.m2mBadRequest("Invalid 'body': the request body must be a JSON object"))
      }
      body = parsed
    }
    let now = nowMilliseconds
    let frontend = Self.frontendEndpoints.contains(endpoint)
    let caller: Caller?
    if frontend {
      guard let found = sessionCaller(bearer, now: now) else { return fail(.sessionTokenInvalid) }
      caller = found
    } else {
      guard ConstantTime.equals(bearer, secretKey) else { return fail(.clerkKeyInvalid) }
      caller = nil
    }
    let outcome: Result<(JSONValue, Int), ClerkAPIFailure> = state.withStore { store in
      Result { () throws(ClerkAPIFailure) -> (JSONValue, Int) in
        if let caller {
          return try frontendReply(
            endpoint, context, body: body, caller: caller, store: &store, now: now)
        }
        return try backendReply(endpoint, context, body: body, store: &store, now: now)
      }
    }
    switch outcome {
    case .success(let (value, status)): return json(value, status: status)
    case .failure(let failure): return fail(failure)
    }
  }

  private static let frontendEndpoints: [CredentialEndpoint] = [
    .frontendListKeys, .frontendCreateKey, .frontendUpdateKey, .frontendRevokeKey,
  ]

  private static let envelopeEndpoints: [CredentialEndpoint] = [
    .createActorToken, .revokeActorToken, .createTestingToken,
  ]

  private static func bearer(_ context: RequestContext) -> String? {
    let header = context.request.headers["Authorization"]?.trimmingSpaces ?? ""
    guard header.lowercased().hasPrefix("bearer ") else { return nil }
    return context.bearerToken
  }

  /// The user and session of a session JWT the instance signed: a valid signature, `cat` of a
  /// session token (or none), unexpired (5 s leeway), with a `sid` of an active session of
  /// `sub`. A template token is not a session token.
  private func sessionCaller(_ token: String, now: Int64) -> Caller? {
    let options = JWTVerifier.Options(leeway: 5, now: clock.now())
    guard let claims = try? JWTVerifier(keys: jwks).verify(token, options: options),
      let header = try? JWTParts(token).header(),
      header["cat"] == nil || header["cat"]?.stringValue == JWTCategory.session.rawValue,
      let sessionID = claims["sid"]?.stringValue, let userID = claims["sub"]?.stringValue
    else { return nil }
    let active: Bool = state.withStore { store in
      store.expireSession(sessionID, now: now)
      return store.sessions[sessionID].map { $0.status == .active && $0.userID == userID } ?? false
    }
    return active ? Caller(userID: userID, sessionID: sessionID) : nil
  }

  /// An error as the API key endpoints answer it: `{"errors":[…]}`.
  func plainError(_ failure: ClerkAPIFailure) -> HTTPResponse {
    let error: JSONValue = [
      "message": .string(failure.message), "long_message": .string(failure.longMessage),
      "code": .string(failure.code),
    ]
    return json(["errors": [error]], status: failure.status, headers: failure.headers)
  }
}
