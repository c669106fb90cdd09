import ClerkctlCore
import ClerkctlCrypto
import ClerkctlHTTP
import ClerkctlHTTPServer
import ClerkctlJOSE
import Foundation

/// Authentication and dispatch of the machine-authentication endpoints.
///
/// `Authorization: Bearer` is required (else 401 `authorization_header_format_invalid`). The
/// machine endpoints take the instance secret key only; the M2M token endpoints take a machine
/// secret — the current one, or one rotated out less than `previous_token_ttl` seconds ago on
/// the emulator's clock — and, for list, revoke and verify, the instance secret key too. A
/// wrong key is 401 `authentication_invalid`. Machine endpoints answer in Clerk's usual error
/// envelope; M2M token endpoints in the plain `{"errors":[…]}` their spec documents.
extension MachineAuthHandler {
  func serveMachineAuth(_ endpoint: MachineEndpoint, _ context: RequestContext) -> HTTPResponse {
    let isTokenEndpoint = Self.tokenEndpoints.contains(endpoint)
    let fail = { (failure: ClerkAPIFailure) -> HTTPResponse in
      isTokenEndpoint ? self.m2mError(failure) : self.clerkError(failure)
    }
    let header = context.request.headers["Authorization"]?.trimmingSpaces ?? ""
    guard header.lowercased().hasPrefix("bearer "), let key = context.bearerToken else {
      return fail(
        ClerkAPIFailure(
          status: 401, code: "authorization_header_format_invalid",
          message: "Invalid Authorization header format",
          longMessage: "Must be 'Bearer <YOUR_API_KEY>'"))
    }
    var body: JSONValue = [:]
    if context.method == "POST" || context.method == "PATCH" {
      guard let parsed = context.jsonBody else {
        return fail(
          isTokenEndpoint
            ? .m2mBadRequest("Invalid 'body': the request body must be a JSON object")
            : ClerkAPIFailure(
              status: 422, code: "form_param_format_invalid", message: "is invalid",
              longMessage: "The request body must be a JSON object."))
      }
      body = parsed
    }
    let now = nowMilliseconds
    let outcome: Result<Outcome, ClerkAPIFailure> = state.withStore { store in
      Result { () throws(ClerkAPIFailure) -> Outcome in
        let caller = try authenticate(key, tokenEndpoint: isTokenEndpoint, store: store, now: now)
        if isTokenEndpoint {
          return try tokenReply(
            endpoint, context, body: body, caller: caller, store: &store, now: now)
        }
        return .reply(
          try machineReply(endpoint, context, body: body, store: &store, now: now),
          status: 200)
      }
    }
    switch outcome {
    case .failure(let failure):
      return fail(failure)
    case .success(.reply(let value, let status)):
      return json(value, status: status)
    case .success(.signJWT(let claims, let reply)):
      // Signed after the lock is released, as session tokens are.
      do {
        let jwt = try signer.sign(claims: claims, extraHeader: JWTCategory.m2m.header)
        var object = reply.objectValue ?? [:]
        object["token"] = .string(jwt)
        return json(.object(object), status: 201)
      } catch {
        return fail(.signingFailed(error))
      }
    }
  }

  private static let tokenEndpoints: [MachineEndpoint] = [
    .createToken, .listTokens, .revokeToken, .verifyToken,
  ]

  /// Who `key` is: the instance or a machine; machines only on the M2M token endpoints.
  private func authenticate(
    _ key: String, tokenEndpoint: Bool, store: Store, now: Int64
  ) throws(ClerkAPIFailure) -> Caller {
    if key.hasPrefix("sk_") {
      guard ConstantTime.equals(key, secretKey) else { throw .secretKeyInvalid }
      return .instance
    }
    if tokenEndpoint, key.hasPrefix("ak_") {
      guard let machine = store.machineAuth.machine(secret: key, now: now) else {
        throw .machineSecretInvalid
      }
      return .machine(machine.id)
    }
    throw .secretKeyInvalid
  }

  /// An M2M endpoint's error: `{"errors":[{"message","long_message","code"}]}`.
  func m2mError(_ failure: ClerkAPIFailure) -> HTTPResponse {
    let error: JSONValue = [
      "message": .string(failure.message), "long_message": .string(failure.longMessage),
      "code": .string(failure.code),
    ]
    return json(["errors": [error]], status: failure.status, headers: failure.headers)
  }
}
