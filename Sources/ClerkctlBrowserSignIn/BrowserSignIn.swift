import ClerkctlCore
import ClerkctlKit
import ClerkctlWire
import FoundationEssentials

/// A social (OAuth) or enterprise-SSO sign-in through the system browser, as Clerk's native
/// SDKs do it: create and prepare the sign-in with a `redirect_url`, open the
/// `external_verification_redirect_url`, receive `rotating_token_nonce` on the redirect, and
/// complete with `GET /v1/client/sign_ins/{id}?rotating_token_nonce=…` using the client token
/// held before the browser step (the reply rotates it). An unknown account is transferred to
/// a sign-up unless `allowSignUp` is off; a second factor continues as in ``SignInFlow``.
package struct BrowserSignIn {
  /// Who vouches for the user.
  package enum Target: Sendable, Hashable {
    /// A social provider: `google` → `strategy=oauth_google`.
    case oauth(provider: String)
    /// Enterprise SSO for this email address (`strategy=enterprise_sso`).
    case sso(email: String)

    /// Clerk's strategy name.
    package var strategy: FactorStrategy {
      switch self {
      case .oauth(let provider): .oauth(provider: provider)
      case .sso: .enterpriseSSO
      }
    }
  }

  /// What the sign-in needs from the outside, as values tests replace.
  package struct IO {
    /// Shows the provider URL (the CLI prints it to stderr, always).
    package var showURL: (String) -> Void
    /// Opens the URL in a browser; returns whether one was launched.
    package var openBrowser: (String) -> Bool
    /// Reads the pasted final URL (or bare nonce), blocking; `nil` at end of input. Runs on a
    /// thread of its own. `nil` when nothing can be pasted.
    package var readPasted: (@Sendable () -> String?)?
    /// Codes for a second factor, and progress notes.
    package var inputs: SignInInputs
    /// The application signing in, as the loopback callback page names it.
    package var applicationName: String

    package init(
      showURL: @escaping (String) -> Void, openBrowser: @escaping (String) -> Bool,
      readPasted: (@Sendable () -> String?)?, inputs: SignInInputs,
      applicationName: String = LoopbackCallbackServer.defaultApplicationName
    ) {
      self.showURL = showURL
      self.openBrowser = openBrowser
      self.readPasted = readPasted
      self.inputs = inputs
      self.applicationName = applicationName
    }
  }

  private let api: FrontendAPIClient
  private let io: IO
  private let clock: Clock
  /// Spaces the redeems of loopback answers (anyone on this machine can send them).
  private let pacer = RedeemPacer()

  /// - Parameters:
  ///   - api: a client without a token (a new client), with its `deadline` set to the end of
  ///     the sign-in timeout.
  ///   - io: URL display, browser, paste-back and second-factor inputs.
  ///   - clock: the time source the deadline is judged by.
  package init(api: FrontendAPIClient, io: IO, clock: Clock) {
    self.api = api
    self.io = io
    self.clock = clock
  }

  /// Signs in through the browser, the answers arriving in a mailbox of its own.
  package func run(
    _ target: Target, redirectURL: String?, callbackPort: Int, allowSignUp: Bool
  ) throws -> SignInFlow.Outcome {
    try run(
      target, redirectURL: redirectURL, callbackPort: callbackPort, allowSignUp: allowSignUp,
      mailbox: CallbackMailbox())
  }

  /// Signs in through the browser.
  ///
  /// - Parameters:
  ///   - target: the provider or the SSO address.
  ///   - redirectURL: where Clerk sends the browser; `nil` for the loopback callback on
  ///     `callbackPort` (then the final URL is also read from `readPasted` when no browser
  ///     was launched).
  ///   - callbackPort: the loopback port (0: a free one).
  ///   - allowSignUp: whether an account Clerk does not know may be created.
  ///   - mailbox: where answers arrive; the caller's when it hands in failures of its own (an
  ///     app's URL opener, a cancellation).
  /// - Throws: `ClerkError` (rejected, timed out, configuration, transport).
  package func run(
    _ target: Target, redirectURL: String?, callbackPort: Int, allowSignUp: Bool,
    mailbox: CallbackMailbox
  ) throws -> SignInFlow.Outcome {
    let browser = try BrowserCallbackWait(
      loopbackPort: redirectURL == nil ? callbackPort : nil,
      applicationName: io.applicationName, mailbox: mailbox)
    defer { browser.stop() }
    let redirect = redirectURL ?? browser.redirectURL ?? ""
    let started = try start(target, redirect: redirect)
    guard let url = started.firstFactorVerification?.externalVerificationRedirectURL,
      !url.isEmpty
    else {
      throw ClerkError.malformedResponse(
        "the \(target.strategy) sign-in has no external_verification_redirect_url")
    }
    let launched = try browser.open(
      url, subject: "the \(target.strategy) sign-in URL", show: io.showURL,
      launch: io.openBrowser)
    if redirectURL != nil || !launched, let read = io.readPasted {
      browser.readPasted(
        read,
        endedEarly: redirectURL == nil
          ? nil : "standard input ended before the final URL of the browser sign-in was read"
      ) { line in BrowserCallback.parse(line).map { .success($0) } }
    }
    // Anyone on this machine (or a web page) can reach the loopback: an answer there that
    // Clerk does not vouch for is ignored, and the wait goes on until the deadline.
    let settled = try browser.wait(
      secondsLeft: {
        api.deadline.map { $0.timeIntervalSince(clock.now()) } ?? api.deadlineSeconds
      }, timeout: api.deadlineSeconds
    ) { callback, source -> Settled? in
      guard let settled = try settle(started, callback: callback, from: source) else {
        io.inputs.note(
          "Ignored a sign-in callback Clerk does not vouch for; still waiting for the browser.")
        return nil
      }
      return settled
    }
    return try complete(settled, allowSignUp: allowSignUp)
  }

  /// Creates and prepares the sign-in; returns it with the provider URL.
  private func start(_ target: Target, redirect: String) throws -> SignInAttempt {
    var fields = [target.strategy.formField]
    if case .sso(let email) = target { fields.append(("identifier", email)) }
    fields += [("redirect_url", redirect), ("action_complete_redirect_url", redirect)]
    let created = try explainingRedirect(redirect) { try api.createSignIn(fields) }
    var prepareFields = [target.strategy.formField]
    prepareFields += [("redirect_url", redirect), ("action_complete_redirect_url", redirect)]
    let prepared = try explainingRedirect(redirect) {
      try api.signInStep(id: created.response.id, .prepareFirstFactor, prepareFields)
    }
    return prepared.response
  }

  /// Clerk's redirect-URL refusals (reference: `resource_missmatch`, `invalid_redirect_url`, …)
  /// become a configuration error that says how to allowlist the URL.
  private func explainingRedirect<T>(_ redirect: String, _ body: () throws -> T) throws -> T {
    do {
      return try rejecting(body)
    } catch ClerkError.api(let error) where Self.redirectRefusals.contains(error.code) {
      throw ClerkError.redirectRefused(url: redirect, error: error)
    }
  }

  private static let redirectRefusals: Set<String> = [
    "resource_missmatch", "invalid_redirect_url", "prohibited_redirect_url",
    "redirect_url_domain_mismatch", "insecure_url", "invalid_url_scheme",
  ]

  /// What a callback settled, as Clerk confirms it.
  private enum Settled {
    /// The nonce was redeemed: the sign-in goes on from this reply.
    case redeemed(FrontendAPIClient.Envelope<SignInAttempt>)
    /// Clerk has no account for the identity: a sign-up transfer.
    case transfer
    /// The sign-in failed at the provider or at Clerk.
    case failed(code: String, message: String?)
  }

  /// Checks `callback` with Clerk. `nil` for a loopback answer Clerk does not confirm: a nonce
  /// it refuses to redeem, or a failure while the verification is still unverified (a forged
  /// `__clerk_status=failed`). A pasted answer comes from the user and is taken as it is.
  private func settle(
    _ started: SignInAttempt, callback: BrowserCallback, from source: CallbackMailbox.Source
  ) throws -> Settled? {
    switch callback {
    case .nonce(let nonce):
      if source == .loopback { pacer.pace(clock) }
      let redeemed = Result { () throws(ClerkError) in
        try api.signIn(id: started.id, rotatingTokenNonce: nonce)
      }
      if case .failure(let error) = redeemed {
        // Any failure (a refusal, a 429, a dropped connection) leaves a loopback answer
        // unvouched for: one forged callback and a transient error must not end the wait.
        if source == .loopback { return nil }
        if case .api(let apiError) = error { throw SignInFlow.classify(apiError) }
        throw error
      }
      let envelope = try redeemed.get()
      let verification = envelope.response.firstFactorVerification
      if verification?.status == .transferable { return .transfer }
      if let verification, verification.status == .failed {
        return .failed(
          code: verification.errorCode ?? "verification_failed",
          message: verification.errorMessage)
      }
      return .redeemed(envelope)
    case .oauth:
      // An OAuth authorization response answers another kind of sign-in.
      return nil
    case .failed(let code, let description):
      guard source == .loopback else {
        if code == "external_account_not_found" { return .transfer }
        // Clerk's words are on the failed verification; the token did not rotate.
        let reason = (try? api.signIn(id: started.id))?.response.firstFactorVerification
        return .failed(code: code, message: description ?? reason?.errorMessage)
      }
      let checked = Result { () throws(ClerkError) in try api.signIn(id: started.id) }
      if case .failure = checked { return nil }
      let verification = try checked.get().response.firstFactorVerification
      switch verification?.status {
      case .transferable:
        return .transfer
      case .failed, .expired:
        return .failed(
          code: verification?.errorCode ?? code, message: verification?.errorMessage)
      default:
        return nil
      }
    }
  }

  /// Completes the sign-in from what the redirect settled.
  private func complete(_ settled: Settled, allowSignUp: Bool) throws -> SignInFlow.Outcome {
    let flow = SignInFlow(api: api, inputs: io.inputs)
    switch settled {
    case .redeemed(let envelope):
      return try flow.resume(envelope)
    case .transfer:
      return try transfer(flow, allowSignUp: allowSignUp)
    case .failed(let code, let message):
      throw failure(code, message)
    }
  }

  private func transfer(_ flow: SignInFlow, allowSignUp: Bool) throws -> SignInFlow.Outcome {
    guard allowSignUp else {
      throw ClerkError.signUpNotAllowed
    }
    io.inputs.note("No account yet for this identity; creating one (sign-up transfer).")
    let envelope = try rejecting { try api.createSignUp([("transfer", "true")]) }
    let signUp = envelope.response
    guard signUp.status == .complete else {
      throw ClerkError.signInUnsupported(
        .signUpIncomplete(status: signUp.status.rawValue, missing: signUp.missingFields))
    }
    return try flow.outcome(sessionID: signUp.createdSessionID, client: envelope.client)
  }

  private func failure(_ code: String, _ message: String?) -> ClerkError {
    let reason = message.map { ": \($0)" } ?? ""
    return .signInRejected("browser sign-in failed (\(code))\(reason)")
  }

  private func rejecting<T>(_ body: () throws -> T) throws -> T {
    try SignInFlow.rejecting(body)
  }

  /// The social providers a sign-in may use: `user_settings.social` entries that are
  /// `enabled` and `authenticatable`, without their `oauth_` prefix, sorted.
  package static func providers(environment: JSONValue) -> [String] {
    let social = environment["user_settings"]?["social"]?.objectValue ?? [:]
    return social.compactMap { key, entry in
      guard entry["enabled"]?.boolValue == true, entry["authenticatable"]?.boolValue == true
      else { return nil }
      let strategy = FactorStrategy(rawValue: entry["strategy"]?.stringValue ?? key)
      guard case .oauth(let provider) = strategy else { return nil }
      return provider
    }.sorted()
  }
}
