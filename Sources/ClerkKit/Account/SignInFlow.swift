/// Drives a Frontend API sign-in from its first request to a session, as Clerk's native SDKs
/// do: create, then prepare and attempt factors until `complete`.
package struct SignInFlow {
  /// What a finished sign-in gives.
  package struct Outcome: Sendable, Equatable {
    package var sessionID: String
    package var user: ClerkUser
    /// The (rotated) client token that holds the session: the credential to store.
    package var clientToken: String
    /// The new session's active organization, as Clerk reports it.
    package var activeOrganization: ActiveOrganization = .unknown
  }

  private let api: FrontendAPIClient
  private let inputs: SignInInputs

  /// - Parameters:
  ///   - api: a client with no token (a sign-in starts from a new client) or the one to use.
  ///   - inputs: where secrets come from.
  package init(api: FrontendAPIClient, inputs: SignInInputs) {
    self.api = api
    self.inputs = inputs
  }

  /// Signs in.
  ///
  /// - Throws: `ClerkError` (rejected, unsupported, timeout, transport) or whatever `inputs`
  ///   throws (missing input, interrupt).
  package func run(_ method: SignInMethod) throws -> Outcome {
    var envelope: FrontendAPIClient.Envelope<SignInAttempt>
    switch method {
    case .password(let identifier):
      envelope = try answering(.password) { _ in
        let password = try inputs.password(identifier)
        return try api.createSignIn([
          ("strategy", "password"), ("identifier", identifier), ("password", password),
        ])
      }
    case .identifierFirst(let identifier):
      envelope = try rejecting { try api.createSignIn([("identifier", identifier)]) }
    case .emailCode(let identifier):
      envelope = try rejecting {
        try api.createSignIn([("identifier", identifier), ("strategy", "email_code")])
      }
      if envelope.response.status == .needsFirstFactor {
        envelope = try attemptEmailCode(envelope.response, prepare: false)
      }
    case .ticket:
      let ticket = try inputs.ticket()
      envelope = try rejecting {
        try api.createSignIn([("strategy", "ticket"), ("ticket", ticket)])
      }
    }
    return try resume(envelope)
  }

  /// Finishes a sign-in Clerk already started (a browser sign-in back from the provider):
  /// factors until `complete`, the second factor included.
  package func resume(_ started: FrontendAPIClient.Envelope<SignInAttempt>) throws -> Outcome {
    var envelope = started
    var steps = 0
    while envelope.response.status != .complete {
      steps += 1
      guard steps <= 4 else {
        throw ClerkError.signInUnsupported(.incomplete(state: envelope.response.status.rawValue))
      }
      envelope = try advance(envelope.response)
    }
    return try finish(envelope)
  }

  private func advance(
    _ attempt: SignInAttempt
  ) throws
    -> FrontendAPIClient.Envelope<
      SignInAttempt
    >
  {
    switch attempt.status {
    case .needsFirstFactor:
      if attempt.firstFactor("password") != nil {
        let identifier =
          attempt.firstFactor("password")?.safeIdentifier ?? attempt.identifier ?? ""
        return try answering(.password) { _ in
          let password = try inputs.password(identifier)
          return try api.signInStep(
            id: attempt.id, .attemptFirstFactor, [("strategy", "password"), ("password", password)])
        }
      }
      if attempt.firstFactor("email_code") != nil {
        return try attemptEmailCode(attempt, prepare: true)
      }
      throw ClerkError.signInUnsupported(
        .firstFactors(offered: attempt.firstFactors.map(\.strategy)))
    case .needsSecondFactor, .needsClientTrust:
      if attempt.secondFactor("totp") != nil {
        return try answering(.code) { _ in
          let code = try inputs.code(.totp, nil)
          return try api.signInStep(
            id: attempt.id, .attemptSecondFactor, [("strategy", "totp"), ("code", code)])
        }
      }
      if let factor = attempt.secondFactor("email_code") {
        var fields = [("strategy", "email_code")]
        if let id = factor.emailAddressID { fields.append(("email_address_id", id)) }
        let destination = factor.safeIdentifier.map(TerminalText.sanitized)
        var prepared = false
        return try answering(.code) { expired in
          if !prepared || expired {
            prepared = true
            _ = try api.signInStep(id: attempt.id, .prepareSecondFactor, fields)
            inputs.note("Clerk sent a code to \(destination ?? "your email address").")
          }
          let code = try inputs.code(.emailSecondFactor, destination)
          return try api.signInStep(
            id: attempt.id, .attemptSecondFactor, [("strategy", "email_code"), ("code", code)])
        }
      }
      throw ClerkError.signInUnsupported(
        .secondFactors(offered: attempt.secondFactors.map(\.strategy)))
    case .needsNewPassword:
      throw ClerkError.signInUnsupported(.newPassword)
    case .needsIdentifier:
      throw ClerkError.signInUnsupported(.identifier)
    case .needsProtectCheck:
      throw ClerkError.signInUnsupported(.protectCheck)
    default:
      throw ClerkError.signInUnsupported(.state(attempt.status.rawValue))
    }
  }

  private func attemptEmailCode(
    _ attempt: SignInAttempt, prepare: Bool
  ) throws
    -> FrontendAPIClient.Envelope<SignInAttempt>
  {
    let factor = attempt.firstFactor("email_code")
    let destination = factor?.safeIdentifier.map(TerminalText.sanitized)
    var announced = false
    return try answering(.code) { expired in
      if prepare || expired {
        var fields = [("strategy", "email_code")]
        if let id = factor?.emailAddressID { fields.append(("email_address_id", id)) }
        _ = try api.signInStep(id: attempt.id, .prepareFirstFactor, fields)
        announced = false
      }
      if !announced {
        inputs.note("Clerk sent a code to \(destination ?? "your email address").")
        announced = true
      }
      let code = try inputs.code(.emailCode, destination)
      return try api.signInStep(
        id: attempt.id, .attemptFirstFactor, [("strategy", "email_code"), ("code", code)])
    }
  }

  /// What the user typed that Clerk may refuse and ask for again.
  private enum Answer {
    case password, code
  }

  /// Runs `body` (read an answer, send it) until Clerk accepts it or the tries run out: a
  /// wrong password reads the password again; a wrong or expired code reads the code again on
  /// the same attempt (`body` gets `true` when the last code expired, to have a new one sent).
  /// Every other refusal, and the last one, is classified as `rejecting` does.
  private func answering<T>(_ answer: Answer, _ body: (_ expired: Bool) throws -> T) throws -> T {
    let allowed = answer == .password ? inputs.passwordTries : inputs.codeTries
    var tries = 1
    var expired = false
    while true {
      do {
        return try body(expired)
      } catch ClerkError.api(let error) {
        let again: Set<String> =
          answer == .password
          ? ["form_password_incorrect"] : ["form_code_incorrect", "verification_expired"]
        guard tries < allowed, again.contains(error.code) else { throw Self.classify(error) }
        tries += 1
        expired = error.code == "verification_expired"
        let left = allowed - tries + 1
        let what = answer == .password ? "password" : "code"
        inputs.note(
          (expired ? "The code has expired" : "Wrong \(what)")
            + "; try again (\(left) \(left == 1 ? "try" : "tries") left).")
      }
    }
  }

  private func rejecting<T>(_ body: () throws -> T) throws -> T {
    try Self.rejecting(body)
  }

  private func finish(_ envelope: FrontendAPIClient.Envelope<SignInAttempt>) throws -> Outcome {
    try outcome(sessionID: envelope.response.createdSessionID, client: envelope.client)
  }

  /// The outcome of a finished sign-in (or transferred sign-up): the session, its user (asking
  /// for the client when the reply did not carry it) and the current client token.
  package func outcome(
    sessionID created: String?, client piggybacked: ClerkClient?
  ) throws
    -> Outcome
  {
    var client = piggybacked
    guard let sessionID = created ?? client?.lastActiveSessionID
    else { throw ClerkError.malformedResponse("a complete sign-in without a session id") }
    if client?.session(sessionID)?.user == nil { client = try api.client() }
    guard let user = client?.session(sessionID)?.user else {
      throw ClerkError.malformedResponse("the new session \(sessionID) has no user")
    }
    guard let token = api.clientToken else {
      throw ClerkError.malformedResponse("Clerk returned no client token (Authorization header)")
    }
    return Outcome(
      sessionID: sessionID, user: user, clientToken: token,
      activeOrganization: client?.session(sessionID)?.activeOrganization ?? .unknown)
  }

  /// Runs one sign-in request, turning Clerk's refusals of what the user typed into
  /// `signInRejected` (see `classify`).
  package static func rejecting<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch ClerkError.api(let error) {
      throw Self.classify(error)
    }
  }

  /// Sorts a sign-in refusal: the user's input (`signInRejected`), the instance's setup
  /// (`configuration`), or other (`api`).
  package static func classify(_ error: ClerkAPIError) -> ClerkError {
    let rejected: Set<String> = [
      "form_identifier_not_found", "form_password_incorrect", "form_code_incorrect",
      "verification_failed", "verification_expired", "strategy_for_user_invalid", "user_locked",
      "not_allowed_access", "form_param_format_invalid", "form_param_nil", "form_param_missing",
      "form_param_value_invalid", "identifier_not_found",
    ]
    if rejected.contains(error.code) || error.code.hasPrefix("ticket_")
      || error.code.hasPrefix("sign_in_token_") || error.code.hasPrefix("form_password")
    {
      return .signInRejected("sign-in rejected: \(error.description)")
    }
    if error.code == "native_api_disabled" {
      return .configuration(
        "\(error.description): enable it in the Clerk dashboard (Native applications)")
    }
    return .api(error)
  }
}
