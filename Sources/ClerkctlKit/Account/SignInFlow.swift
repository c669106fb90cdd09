import ClerkctlCore
import ClerkctlWire

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
          FactorStrategy.password.formField, ("identifier", identifier), ("password", password),
        ])
      }
    case .identifierFirst(let identifier):
      envelope = try rejecting { try api.createSignIn([("identifier", identifier)]) }
    case .emailCode(let identifier):
      envelope = try rejecting {
        try api.createSignIn([("identifier", identifier), FactorStrategy.emailCode.formField])
      }
      if envelope.response.status == .needsFirstFactor {
        envelope = try attemptCode(
          .emailCode, envelope.response, prepare: !Self.prepared(.emailCode, envelope.response))
      }
    case .phoneCode(let identifier):
      envelope = try rejecting {
        try api.createSignIn([("identifier", identifier), FactorStrategy.phoneCode.formField])
      }
      if envelope.response.status == .needsFirstFactor {
        envelope = try attemptCode(
          .phoneCode, envelope.response, prepare: !Self.prepared(.phoneCode, envelope.response))
      }
    case .ticket:
      let ticket = try inputs.ticket()
      envelope = try rejecting {
        try api.createSignIn([FactorStrategy.ticket.formField, ("ticket", ticket)])
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
      if let factor = attempt.firstFactor(.password) {
        let identifier = factor.safeIdentifier ?? attempt.identifier ?? ""
        return try answering(.password) { _ in
          let password = try inputs.password(identifier)
          return try api.signInStep(
            id: attempt.id, .attemptFirstFactor,
            [FactorStrategy.password.formField, ("password", password)])
        }
      }
      if attempt.firstFactor(.emailCode) != nil {
        return try attemptCode(.emailCode, attempt, prepare: true)
      }
      if attempt.firstFactor(.phoneCode) != nil {
        return try attemptCode(.phoneCode, attempt, prepare: true)
      }
      throw ClerkError.signInUnsupported(
        .firstFactors(offered: attempt.firstFactors.map(\.strategy.rawValue)))
    case .needsSecondFactor, .needsClientTrust:
      return try attemptSecondFactor(attempt)
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

  /// A one-time code Clerk sends as a first factor: an email code or a phone code (prepared
  /// with the factor's `email_address_id` / `phone_number_id`), typed until accepted.
  private func attemptCode(
    _ kind: SignInInputs.CodeKind, _ attempt: SignInAttempt, prepare: Bool
  ) throws
    -> FrontendAPIClient.Envelope<SignInAttempt>
  {
    let strategy: FactorStrategy = kind == .phoneCode ? .phoneCode : .emailCode
    let factor = attempt.firstFactor(strategy)
    let destination = factor?.safeIdentifier.map(TerminalText.sanitized)
    var announced = false
    return try answering(.code) { expired in
      if prepare || expired {
        _ = try api.signInStep(
          id: attempt.id, .prepareFirstFactor, Self.prepareFields(strategy, factor))
        announced = false
      }
      if !announced {
        inputs.note("Clerk sent a code to \(destination ?? Self.somewhere(strategy)).")
        announced = true
      }
      var code = try inputs.code(kind, destination)
      while inputs.wantsResend(code) {
        _ = try api.signInStep(
          id: attempt.id, .prepareFirstFactor, Self.prepareFields(strategy, factor))
        inputs.note("Clerk sent a new code to \(destination ?? Self.somewhere(strategy)).")
        code = try inputs.code(kind, destination)
      }
      return try api.signInStep(
        id: attempt.id, .attemptFirstFactor, [strategy.formField, ("code", code)])
    }
  }

  /// The second factor: the one the caller chose, else the first offered of TOTP, email code,
  /// phone code and backup code. At a TOTP question the user may choose a backup code instead.
  private func attemptSecondFactor(
    _ attempt: SignInAttempt
  ) throws
    -> FrontendAPIClient.Envelope<SignInAttempt>
  {
    let offered = attempt.secondFactors.map(\.strategy)
    let known: [FactorStrategy] = [.totp, .emailCode, .phoneCode, .backupCode]
    let strategy: FactorStrategy
    if let chosen = inputs.secondFactor {
      guard offered.contains(chosen) else {
        throw ClerkError.signInUnsupported(
          .secondFactorNotOffered(chosen: chosen.rawValue, offered: offered.map(\.rawValue)))
      }
      strategy = chosen
    } else {
      guard let first = known.first(where: offered.contains) else {
        throw ClerkError.signInUnsupported(.secondFactors(offered: offered.map(\.rawValue)))
      }
      strategy = first
    }
    let backupOffered = offered.contains(.backupCode)
    let attemptCode: (FactorStrategy, String) throws -> FrontendAPIClient.Envelope<SignInAttempt> =
      {
        try api.signInStep(id: attempt.id, .attemptSecondFactor, [$0.formField, ("code", $1)])
      }
    switch strategy {
    case .totp, .backupCode:
      var useBackupCode = strategy == .backupCode
      return try answering(.code) { _ in
        if !useBackupCode {
          let answer = try inputs.code(backupOffered ? .totpOrBackupCode : .totp, nil)
          guard backupOffered, inputs.wantsBackupCode(answer) else {
            return try attemptCode(.totp, answer)
          }
          useBackupCode = true
        }
        return try attemptCode(.backupCode, try inputs.code(.backupCode, nil))
      }
    default:
      let factor = attempt.secondFactor(strategy)
      let destination = factor?.safeIdentifier.map(TerminalText.sanitized)
      var prepared = false
      return try answering(.code) { expired in
        if !prepared || expired {
          prepared = true
          _ = try api.signInStep(
            id: attempt.id, .prepareSecondFactor, Self.prepareFields(strategy, factor))
          inputs.note("Clerk sent a code to \(destination ?? Self.somewhere(strategy)).")
        }
        let kind: SignInInputs.CodeKind =
          strategy == .phoneCode ? .phoneSecondFactor : .emailSecondFactor
        var code = try inputs.code(kind, destination)
        while inputs.wantsResend(code) {
          _ = try api.signInStep(
            id: attempt.id, .prepareSecondFactor, Self.prepareFields(strategy, factor))
          inputs.note("Clerk sent a new code to \(destination ?? Self.somewhere(strategy)).")
          code = try inputs.code(kind, destination)
        }
        return try attemptCode(strategy, code)
      }
    }
  }

  /// Whether Clerk already sent the `strategy` code for `attempt` (a sign-in created with that
  /// strategy is prepared at once; one created with the identifier alone is not, and its
  /// `first_factor_verification` is null until a prepare).
  private static func prepared(_ strategy: FactorStrategy, _ attempt: SignInAttempt) -> Bool {
    attempt.firstFactorVerification?.strategy == strategy
  }

  /// A prepare request's fields for `factor`: its strategy and where the code goes.
  private static func prepareFields(
    _ strategy: FactorStrategy, _ factor: SignInAttempt.Factor?
  ) -> [(String, String)] {
    var fields = [strategy.formField]
    guard let factor else { return fields }
    if let id = factor.emailAddressID { fields.append(("email_address_id", id)) }
    if let id = factor.phoneNumberID { fields.append(("phone_number_id", id)) }
    return fields
  }

  private static func somewhere(_ strategy: FactorStrategy) -> String {
    strategy == .phoneCode ? "your phone number" : "your email address"
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
      return .inputRejected(error)
    }
    if error.code == "native_api_disabled" {
      return .configuration(
        "\(error.description): enable it in the Clerk dashboard (Native applications)")
    }
    return .api(error)
  }
}
