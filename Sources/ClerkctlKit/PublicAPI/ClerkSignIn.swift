import ClerkctlCore
import ClerkctlWire
import FoundationEssentials

/// A sign-in taken one step at a time, each step an `async` call, as Clerk's SDKs do: start
/// with `ClerkAuthProvider.signIn(identifier:)`, look at `status`, and answer what it asks
/// for until it is `.complete`:
///
/// ```swift
/// var signIn = try await provider.signIn(identifier: email)
/// if signIn.status == .needsFirstFactor {
///   signIn = try await signIn.attemptFirstFactor(password: password)
/// }
/// if signIn.status == .needsSecondFactor {
///   signIn = try await signIn.attemptSecondFactor(code: try await askForCode(), strategy: .totp)
/// }
/// let credentials = try #require(signIn.credentials)
/// ```
///
/// The provider's `signInTimeout` is one deadline for the whole sign-in, counted from
/// `signIn(identifier:)`: a step called after it has passed throws `.signInTimeout` without
/// sending anything, and no request runs past it. Each value is a snapshot; a step returns the
/// next one. When a step completes the sign-in, it is stored (as `login(_:)` stores it),
/// `credentials` is set and `authState` and a waiting `login()` see it.
///
/// A refusal throws `ClerkAuthError.signInRejected` with Clerk's error (`code`, e.g.
/// `form_password_incorrect`) and the `step`; the sign-in value stays usable for another try
/// while Clerk allows it.
public struct ClerkSignIn: Sendable {
  /// Where the sign-in stands.
  public let status: Status
  /// Clerk's id of the sign-in attempt (`sia_…`).
  public let id: String
  /// The first factors Clerk offers (`password`, `email_code`, …).
  public let firstFactors: [Strategy]
  /// The second factors Clerk offers (`totp`, `backup_code`, …).
  public let secondFactors: [Strategy]
  /// The credentials, once `status` is `.complete`.
  public let credentials: ClerkCredentials?
  /// When the sign-in's time is up (on the provider's clock).
  public let deadline: Date

  private let provider: ClerkAuthProvider
  private let attempt: SignInAttempt
  private let fapiURL: String
  private let clientToken: String?

  private init(
    provider: ClerkAuthProvider, attempt: SignInAttempt, fapiURL: String, clientToken: String?,
    deadline: Date, credentials: ClerkCredentials?
  ) {
    self.provider = provider
    self.attempt = attempt
    self.fapiURL = fapiURL
    self.clientToken = clientToken
    self.deadline = deadline
    self.credentials = credentials
    status = Status(rawValue: attempt.status.rawValue)
    id = attempt.id
    firstFactors = attempt.firstFactors.map { Strategy(rawValue: $0.strategy.rawValue) }
    secondFactors = attempt.secondFactors.map { Strategy(rawValue: $0.strategy.rawValue) }
  }

  // MARK: - Steps

  /// Answers the first factor with the account's password.
  public func attemptFirstFactor(password: String) async throws -> ClerkSignIn {
    try await next(.firstFactor) { [id] api in
      try api.signInStep(
        id: id, .attemptFirstFactor, [FactorStrategy.password.formField, ("password", password)])
    }
  }

  /// Has Clerk send a one-time code for the first factor (`.emailCode` or `.phoneCode`).
  public func prepareFirstFactor(_ strategy: Strategy = .emailCode) async throws -> ClerkSignIn {
    let fields = prepareFields(strategy, attempt.firstFactor(strategy.wire))
    return try await next(.firstFactor) { [id] api in
      try api.signInStep(id: id, .prepareFirstFactor, fields)
    }
  }

  /// Answers the first factor with the code Clerk sent (`prepareFirstFactor` first).
  public func attemptFirstFactor(
    code: String, strategy: Strategy = .emailCode
  ) async throws -> ClerkSignIn {
    try await next(.firstFactor) { [id] api in
      try api.signInStep(
        id: id, .attemptFirstFactor, [strategy.wire.formField, ("code", code)])
    }
  }

  /// Has Clerk send a one-time code for the second factor (`.emailCode` or `.phoneCode`; a
  /// TOTP or backup code needs no preparing).
  public func prepareSecondFactor(_ strategy: Strategy) async throws -> ClerkSignIn {
    let fields = prepareFields(strategy, attempt.secondFactor(strategy.wire))
    return try await next(.secondFactor) { [id] api in
      try api.signInStep(id: id, .prepareSecondFactor, fields)
    }
  }

  /// Answers the second factor: a TOTP code (the default), a backup code, or the code Clerk
  /// sent after `prepareSecondFactor`.
  public func attemptSecondFactor(
    code: String, strategy: Strategy = .totp
  ) async throws -> ClerkSignIn {
    try await next(.secondFactor) { [id] api in
      try api.signInStep(
        id: id, .attemptSecondFactor, [strategy.wire.formField, ("code", code)])
    }
  }

  // MARK: - Plumbing

  /// Starts a sign-in with `identifier` on `provider`.
  static func start(
    provider: ClerkAuthProvider, fields: [(String, String)]
  ) async throws -> ClerkSignIn {
    let deadline = provider.clock.now().addingTimeInterval(provider.signInTimeout)
    let fapiURL: String
    do {
      guard let url = try provider.instance.get()?.url else {
        throw ClerkAuthError.clerkNotLoaded
      }
      fapiURL = url
    } catch {
      throw ClerkAuthError(error, during: .signIn, step: .identifier)
    }
    try await ClerkAuthProvider.offload { try provider.requireStorable(provider.account()) }
    return try await step(
      provider: provider, fapiURL: fapiURL, clientToken: nil, deadline: deadline,
      step: .identifier
    ) { api in try api.createSignIn(fields) }
  }

  private func next(
    _ step: ClerkAuthError.Step,
    _ send:
      @escaping @Sendable (FrontendAPIClient) throws ->
      FrontendAPIClient.Envelope<
        SignInAttempt
      >
  ) async throws -> ClerkSignIn {
    if status == .complete {
      throw ClerkAuthError.configuration("this sign-in is complete already").with(step: step)
    }
    return try await Self.step(
      provider: provider, fapiURL: fapiURL, clientToken: clientToken, deadline: deadline,
      step: step, send)
  }

  /// Sends one step within the deadline; when Clerk says `complete`, stores the sign-in and
  /// mints the first token.
  private static func step(
    provider: ClerkAuthProvider, fapiURL: String, clientToken: String?, deadline: Date,
    step: ClerkAuthError.Step,
    _ send:
      @escaping @Sendable (FrontendAPIClient) throws ->
      FrontendAPIClient.Envelope<
        SignInAttempt
      >
  ) async throws -> ClerkSignIn {
    guard provider.clock.now() < deadline else {
      throw ClerkAuthError.signInTimeout.with(step: step)
    }
    let timeout = provider.signInTimeout
    let reply: (attempt: SignInAttempt, client: ClerkClient?, token: String?, skew: Double)
    do {
      reply = try await ClerkAuthProvider.offload {
        let api = try provider.account().api(fapiURL: fapiURL, clientToken: clientToken)
        api.deadline = deadline
        api.deadlineSeconds = timeout
        let envelope = try SignInFlow.rejecting { try send(api) }
        return (envelope.response, envelope.client, api.clientToken, api.clockSkew ?? 0)
      }
    } catch {
      throw ClerkAuthError(error, during: .signIn, step: step)
    }
    var credentials: ClerkCredentials?
    if reply.attempt.status == .complete {
      let (template, minTTL) = (provider.jwtTemplate, provider.minimumTokenTtl)
      credentials = try await provider.performTimed(.signIn, announce: true) { account in
        let api = account.api(fapiURL: fapiURL, clientToken: reply.token)
        let flow = SignInFlow(api: api, inputs: .none)
        let outcome = try flow.outcome(
          sessionID: reply.attempt.createdSessionID, client: reply.client)
        _ = try account.store(outcome, fapiURL: fapiURL, clockSkew: reply.skew)
        return try account.token(template: template, minTTL: minTTL, forceRefresh: false)
      }.credentials
    }
    return ClerkSignIn(
      provider: provider, attempt: reply.attempt, fapiURL: fapiURL, clientToken: reply.token,
      deadline: deadline, credentials: credentials)
  }

  private func prepareFields(
    _ strategy: Strategy, _ factor: SignInAttempt.Factor?
  ) -> [(String, String)] {
    var fields = [strategy.wire.formField]
    if let id = factor?.emailAddressID { fields.append(("email_address_id", id)) }
    if let id = factor?.phoneNumberID { fields.append(("phone_number_id", id)) }
    return fields
  }
}

extension SignInInputs {
  /// Inputs for a flow that asks for nothing (finishing a sign-in whose answers came
  /// step by step).
  static var none: SignInInputs {
    let refuse = ClerkAuthError.signInRejected("this step needs an answer of its own")
    return SignInInputs(
      password: { _ in throw refuse }, code: { _, _ in throw refuse }, ticket: { throw refuse })
  }
}

extension ClerkAuthProvider {
  /// Starts a step-by-step sign-in with `identifier` (an email address, a username or a phone
  /// number); the returned value's `status` says what Clerk needs next. `signInTimeout` starts
  /// counting now, for the whole sign-in.
  ///
  /// - Throws: `ClerkAuthError.signInRejected` (with Clerk's `code`, e.g.
  ///   `form_identifier_not_found`, and `step` `.identifier`), `.clerkNotLoaded`, …
  public func signIn(identifier: String) async throws -> ClerkSignIn {
    try await ClerkSignIn.start(provider: self, fields: [("identifier", identifier)])
  }
}
