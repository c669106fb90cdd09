import ClerkctlCore

/// The Frontend API operations this client uses, each one operation of Clerk's FAPI spec.
extension FrontendAPIClient {
  /// A resource and the piggybacked client from the `{"response","client"}` envelope.
  package struct Envelope<Resource> {
    package var response: Resource
    package var client: ClerkClient?
  }

  /// `GET /v1/environment`: the instance's settings (sign-in methods, social providers).
  package func environment() throws(ClerkError) -> JSONValue {
    try send("GET", "/v1/environment", idempotent: true)
  }

  /// `GET /v1/client`: the client the stored token names, or `nil` when there is none.
  package func client() throws(ClerkError) -> ClerkClient? {
    let json = try send("GET", "/v1/client", idempotent: true)
    guard let response = json["response"], !response.isNull else {
      return try ClerkClient(json: json["client"])
    }
    return try ClerkClient(json: response)
  }

  /// `POST /v1/client/sign_ins`.
  package func createSignIn(
    _ fields: [(String, String)]
  ) throws(ClerkError) -> Envelope<
    SignInAttempt
  > {
    try signIn(send("POST", "/v1/client/sign_ins", form: fields, idempotent: false))
  }

  /// `GET /v1/client/sign_ins/{id}`, with the OAuth nonce when completing a browser sign-in.
  package func signIn(
    id: String, rotatingTokenNonce: String? = nil
  ) throws(ClerkError)
    -> Envelope<SignInAttempt>
  {
    let query = rotatingTokenNonce.map { [("rotating_token_nonce", $0)] } ?? []
    // The nonce is single-use: a request that may have reached Clerk is not sent again.
    return try signIn(
      send(
        "GET", "/v1/client/sign_ins/\(segment(id))", query: query,
        idempotent: rotatingTokenNonce == nil))
  }

  /// `POST /v1/client/sign_ins/{id}/{step}` for `prepare_first_factor`, `attempt_first_factor`,
  /// `prepare_second_factor` and `attempt_second_factor`.
  package func signInStep(
    id: String, _ step: SignInStep, _ fields: [(String, String)]
  )
    throws(ClerkError) -> Envelope<SignInAttempt>
  {
    try signIn(
      send(
        "POST", "/v1/client/sign_ins/\(segment(id))/\(step.rawValue)", form: fields,
        idempotent: false))
  }

  /// The steps of a sign-in after it is created.
  package enum SignInStep: String, Sendable {
    case prepareFirstFactor = "prepare_first_factor"
    case attemptFirstFactor = "attempt_first_factor"
    case prepareSecondFactor = "prepare_second_factor"
    case attemptSecondFactor = "attempt_second_factor"
  }

  /// `POST /v1/client/sign_ups` (with `transfer=true`: the account a browser sign-in found no
  /// user for).
  package func createSignUp(
    _ fields: [(String, String)]
  ) throws(ClerkError) -> Envelope<SignUpAttempt> {
    let json = try send("POST", "/v1/client/sign_ups", form: fields, idempotent: false)
    guard let response = json["response"] else {
      throw .malformedResponse("the sign-up reply has no 'response'")
    }
    return Envelope(
      response: try SignUpAttempt(json: response), client: try ClerkClient(json: json["client"]))
  }

  /// `POST /v1/client/sessions/{sid}/tokens[/{template}]`: a fresh JWT. `organizationID` is
  /// sent as `organization_id` (empty: the personal account); `nil` sends none, so Clerk keeps
  /// the session's active organization.
  package func mintToken(
    sessionID: String, template: String?, organizationID: String? = nil
  ) throws(ClerkError) -> String {
    var path = "/v1/client/sessions/\(segment(sessionID))/tokens"
    if let template {
      // One segment: `.` and `..` would be resolved away by URL normalisation.
      guard !template.isEmpty, template != ".", template != ".." else {
        throw .tokenRefused("'\(template)' is not a JWT template name")
      }
      path += "/\(segment(template))"
    }
    let form = organizationID.map { [("organization_id", $0)] } ?? []
    let json = try send("POST", path, form: form, idempotent: true)
    guard let jwt = json["jwt"]?.stringValue, !jwt.isEmpty else {
      throw .malformedResponse("the token reply has no 'jwt'")
    }
    return jwt
  }

  /// `POST /v1/client/sessions/{sid}/remove`: signs one session out.
  package func removeSession(_ sessionID: String) throws(ClerkError) {
    _ = try send(
      "POST", "/v1/client/sessions/\(segment(sessionID))/remove", form: [], idempotent: true)
  }

  /// `GET /v1/client/sessions/{sid}`.
  package func session(_ sessionID: String) throws(ClerkError) -> ClerkSession {
    let json = try send("GET", "/v1/client/sessions/\(segment(sessionID))", idempotent: true)
    guard let response = json["response"] else {
      throw .malformedResponse("the session reply has no 'response'")
    }
    return try ClerkSession(json: response)
  }

  private func signIn(_ json: JSONValue) throws(ClerkError) -> Envelope<SignInAttempt> {
    guard let response = json["response"] else {
      throw .malformedResponse("the sign-in reply has no 'response'")
    }
    return Envelope(
      response: try SignInAttempt(json: response), client: try ClerkClient(json: json["client"]))
  }

  private func segment(_ text: String) -> String { FormEncoding.escape(text) }
}
