import ClerkctlCore
import ClerkctlCrypto
import ClerkctlWire
import Foundation

/// Sign-in flows: password (one request or identifier first), email code, phone code, ticket,
/// and the second factor (TOTP ±1 step, email or phone code, or a backup code, each good once).
/// Identifiers: an email address, a phone number or a username. A banned user is refused with
/// 403 `user_banned`, a locked one with 403 `user_locked` (the seconds left in
/// `meta.lockout_expires_in_seconds`), at the start and at every later step.
///
/// Codes: `+clerk_test` addresses and Clerk's test phone numbers (+1 XXX 555-0100…0199) always
/// use `424242` and are sent nothing; others get a random code, recorded for
/// `GET /__emulator/emails` (a text message's `to` is the phone number). A code is valid 10
/// minutes and for 5 wrong attempts.
extension FrontendAPIHandler {
  static let testModeCode = "424242"
  private static let codeLifetime: Int64 = 600_000
  private static let maxCodeAttempts = 5

  func createSignIn(
    _ context: RequestContext, store: inout Store, client: ClientRecord?, now: Int64
  ) throws(ClerkAPIFailure) -> FrontendReply {
    if let client, store.hasActiveSession(client) { throw .sessionExists }
    let form = context.form
    let strategy = form.nonEmpty("strategy").map(FactorStrategy.init)
    if let strategy, strategy.isBrowserRoundTrip {
      return try createBrowserSignIn(strategy, context, store: &store, client: client, now: now)
    }
    if strategy == .ticket || (strategy == nil && form.nonEmpty("ticket") != nil) {
      return try signInWithTicket(form.nonEmpty("ticket"), store: &store, client: client, now: now)
    }
    if let strategy, strategy != .password, !strategy.isSentCode {
      throw .paramInvalid("strategy", "\(strategy) is not a supported strategy")
    }
    let identifier = form.nonEmpty("identifier")
    var user: UserRecord?
    if let identifier {
      guard let found = store.user(identifier: identifier) else { throw .identifierNotFound }
      try ClerkAPIFailure.checkAllowed(found, now: now)
      user = found
    } else if form.nonEmpty("password") != nil || strategy != nil {
      throw .paramMissing("identifier")
    }
    let password = form.nonEmpty("password")
    if let user, let password {
      guard let expected = user.password else { throw .strategyInvalid }
      guard ConstantTime.equals(expected, password) else { throw .passwordIncorrect }
    } else if strategy == .password, let user, user.password == nil {
      throw .strategyInvalid
    }

    var reply = FrontendReply(body: .null)
    let owner = owningClient(client, reply: &reply, store: &store, now: now)
    var signIn = SignInRecord(
      id: random.id("sia"), clientID: owner.id,
      status: identifier == nil ? .needsIdentifier : .needsFirstFactor,
      identifier: identifier, userID: user?.id, firstFactor: nil, secondFactor: nil,
      createdSessionID: nil, firstFactorVerifiedAt: nil, createdAt: now,
      abandonAt: now + 86_400_000)
    if let user, password != nil {
      signIn.firstFactor = .init(strategy: .password, status: .verified, attempts: 1)
      signIn.firstFactorVerifiedAt = now
      signIn.status = user.hasSecondFactor ? .needsSecondFactor : .complete
    } else if let user, let strategy, strategy != .password {
      signIn.firstFactor = try codeVerification(
        strategy, store: &store, user: user, signInID: signIn.id, factor: "first_factor",
        now: now)
    }
    store.signIns[signIn.id] = signIn
    store.clients[owner.id]?.signInID = signIn.id
    store.clients[owner.id]?.updatedAt = now
    if signIn.status == .complete {
      let rotated = complete(signIn.id, strategy: .password, store: &store, now: now)
      reply.issueClientToken = rotated
    }
    return respond(signIn.id, reply: reply, store: store, now: now)
  }

  private func signInWithTicket(
    _ ticket: String?, store: inout Store, client: ClientRecord?, now: Int64
  ) throws(ClerkAPIFailure) -> FrontendReply {
    guard let ticket else { throw .paramMissing("ticket") }
    guard
      let record = store.signInTokens.values.first(where: {
        ConstantTime.equals($0.token, ticket)
      })
    else { throw .ticketInvalid }
    switch record.status {
    case .revoked:
      throw .ticket("sign_in_token_revoked_code", "This sign-in token has been revoked.")
    case .accepted:
      throw .ticket("sign_in_token_already_used_code", "This sign-in token has already been used.")
    case .pending, .unknown: break
    }
    if now >= record.expiresAt {
      throw .ticket("ticket_expired_code", "The sign-in ticket has expired.")
    }
    guard let user = store.users[record.userID] else {
      throw .ticketInvalid
    }
    try ClerkAPIFailure.checkAllowed(user, now: now)
    store.signInTokens[record.id]?.status = .accepted
    store.signInTokens[record.id]?.updatedAt = now
    let owner = client ?? newClient(&store, now: now)
    let signIn = SignInRecord(
      id: random.id("sia"), clientID: owner.id, status: .complete,
      identifier: user.displayIdentifier, userID: user.id,
      firstFactor: .init(strategy: .ticket, status: .verified, attempts: 1),
      secondFactor: nil, createdSessionID: nil, firstFactorVerifiedAt: now, createdAt: now,
      abandonAt: now + 86_400_000)
    store.signIns[signIn.id] = signIn
    var reply = FrontendReply(body: .null)
    reply.issueClientToken = complete(signIn.id, strategy: .ticket, store: &store, now: now)
    if let actor = record.actor, let sessionID = store.signIns[signIn.id]?.createdSessionID {
      store.startImpersonation(sessionID, actor: actor, maxDuration: record.sessionMaxDuration)
    }
    return respond(signIn.id, reply: reply, store: store, now: now)
  }

  func signInStep(
    _ step: FrontendEndpoint.SignInStep, _ context: RequestContext, store: inout Store,
    client: ClientRecord?, now: Int64
  ) throws(ClerkAPIFailure) -> FrontendReply {
    let id = context.params["sign_in_id"] ?? ""
    guard let client, var signIn = store.signIns[id], signIn.clientID == client.id else {
      throw .notFound("sign in", id: id)
    }
    // A user banned or locked since the sign-in began gets no further (Clerk's 403s).
    if step != .get, let user = signIn.userID.flatMap({ store.users[$0] }) {
      try ClerkAPIFailure.checkAllowed(user, now: now)
    }
    let form = context.form
    switch step {
    case .get:
      break
    case .prepareFirstFactor
    where form.nonEmpty("strategy").map(FactorStrategy.init)?.isBrowserRoundTrip == true:
      return try prepareBrowserSignIn(&signIn, form, store: &store, now: now)
    case .prepareFirstFactor:
      try prepareFirstFactor(&signIn, form, store: &store, now: now)
    case .attemptFirstFactor:
      return try attemptFirstFactor(&signIn, form, store: &store, now: now)
    case .prepareSecondFactor:
      try prepareSecondFactor(&signIn, form, store: &store, now: now)
    case .attemptSecondFactor:
      return try attemptSecondFactor(&signIn, form, store: &store, now: now)
    }
    store.signIns[id] = signIn
    return respond(id, reply: FrontendReply(body: .null), store: store, now: now)
  }

  /// The user of a sign-in at `status` and the form's strategy; else Clerk's refusal of
  /// `action` (a sign-in in another state) or of the missing strategy.
  private func factorStep(
    _ signIn: SignInRecord, _ form: FormData, at status: SignInStatus, _ action: String,
    store: Store
  ) throws(ClerkAPIFailure) -> (UserRecord, FactorStrategy) {
    guard signIn.status == status, let user = signIn.userID.flatMap({ store.users[$0] }) else {
      throw .clientStateInvalid(action)
    }
    guard let strategy = form.nonEmpty("strategy") else { throw .paramMissing("strategy") }
    return (user, FactorStrategy(rawValue: strategy))
  }

  /// A sent email or phone code checked against the `factor` verification (prepared for
  /// `strategy`, else Clerk's refusal of `action`); the attempt is counted and stored.
  private func attemptSentCode(
    _ signIn: inout SignInRecord,
    _ factor: WritableKeyPath<SignInRecord, SignInRecord.Verification?>,
    strategy: FactorStrategy, _ form: FormData, _ action: String, store: inout Store, now: Int64
  ) throws(ClerkAPIFailure) {
    guard var verification = signIn[keyPath: factor], verification.strategy == strategy else {
      throw .clientStateInvalid(action)
    }
    let outcome = checkCode(&verification, form.nonEmpty("code"), now: now)
    signIn[keyPath: factor] = verification
    store.signIns[signIn.id] = signIn
    if let outcome { throw outcome }
  }

  /// `prepare_first_factor` with a code or password strategy: a code "sent", or the password
  /// verification started. The caller stores `signIn`.
  private func prepareFirstFactor(
    _ signIn: inout SignInRecord, _ form: FormData, store: inout Store, now: Int64
  ) throws(ClerkAPIFailure) {
    let (user, strategy) = try factorStep(
      signIn, form, at: .needsFirstFactor, "prepare_first_factor", store: store)
    switch strategy {
    case .emailCode, .phoneCode:
      try checkIdentification(form, user: user)
      signIn.firstFactor = try codeVerification(
        strategy, store: &store, user: user, signInID: signIn.id, factor: "first_factor",
        now: now)
    case .password where user.password != nil:
      signIn.firstFactor = .init(strategy: .password, status: .unverified, attempts: 0)
    default:
      throw .strategyInvalid
    }
  }

  /// `attempt_first_factor`: the password or code checked (a wrong code counted and stored);
  /// then the second factor is due, or the sign-in completes.
  private func attemptFirstFactor(
    _ signIn: inout SignInRecord, _ form: FormData, store: inout Store, now: Int64
  ) throws(ClerkAPIFailure) -> FrontendReply {
    let id = signIn.id
    let (user, strategy) = try factorStep(
      signIn, form, at: .needsFirstFactor, "attempt_first_factor", store: store)
    switch strategy {
    case .password:
      guard let expected = user.password else { throw .strategyInvalid }
      guard let password = form.nonEmpty("password") else { throw .paramMissing("password") }
      guard ConstantTime.equals(expected, password) else { throw .passwordIncorrect }
      signIn.firstFactor = .init(strategy: .password, status: .verified, attempts: 1)
    case .emailCode, .phoneCode:
      try attemptSentCode(
        &signIn, \.firstFactor, strategy: strategy, form, "attempt_first_factor", store: &store,
        now: now)
    default:
      throw .strategyInvalid
    }
    signIn.firstFactorVerifiedAt = now
    signIn.status = user.hasSecondFactor ? .needsSecondFactor : .complete
    store.signIns[id] = signIn
    var reply = FrontendReply(body: .null)
    if signIn.status == .complete {
      reply.issueClientToken = complete(id, strategy: strategy, store: &store, now: now)
    }
    return respond(id, reply: reply, store: store, now: now)
  }

  /// `prepare_second_factor`: an email or phone code "sent". The caller stores `signIn`.
  private func prepareSecondFactor(
    _ signIn: inout SignInRecord, _ form: FormData, store: inout Store, now: Int64
  ) throws(ClerkAPIFailure) {
    let (user, strategy) = try factorStep(
      signIn, form, at: .needsSecondFactor, "prepare_second_factor", store: store)
    guard strategy.isSentCode else { throw .strategyInvalid }
    try checkIdentification(form, user: user)
    signIn.secondFactor = try codeVerification(
      strategy, store: &store, user: user, signInID: signIn.id, factor: "second_factor",
      now: now)
  }

  /// `attempt_second_factor`: a TOTP, email or phone code, or a backup code checked (each
  /// attempt counted and stored); then the sign-in completes.
  private func attemptSecondFactor(
    _ signIn: inout SignInRecord, _ form: FormData, store: inout Store, now: Int64
  ) throws(ClerkAPIFailure) -> FrontendReply {
    let id = signIn.id
    let (user, strategy) = try factorStep(
      signIn, form, at: .needsSecondFactor, "attempt_second_factor", store: store)
    switch strategy {
    case .totp:
      try attemptTOTP(&signIn, form, user: user, store: &store, now: now)
    case .emailCode, .phoneCode:
      try attemptSentCode(
        &signIn, \.secondFactor, strategy: strategy, form, "attempt_second_factor", store: &store,
        now: now)
    case .backupCode:
      try attemptBackupCode(&signIn, form, user: user, store: &store)
    default:
      throw .strategyInvalid
    }
    signIn.status = .complete
    store.signIns[id] = signIn
    let first = signIn.firstFactor?.strategy ?? .password
    var reply = FrontendReply(body: .null)
    reply.issueClientToken = complete(id, strategy: first, store: &store, now: now)
    return respond(id, reply: reply, store: store, now: now)
  }

  /// A TOTP code checked against the user's secret (the 30 s step before and after too); the
  /// attempt is counted and stored.
  private func attemptTOTP(
    _ signIn: inout SignInRecord, _ form: FormData, user: UserRecord, store: inout Store,
    now: Int64
  ) throws(ClerkAPIFailure) {
    guard let secret = user.totpSecret else { throw .strategyInvalid }
    guard let code = form.nonEmpty("code") else { throw .paramMissing("code") }
    let seconds = now / 1000
    let valid = [seconds - 30, seconds, seconds + 30].contains {
      ConstantTime.equals(TOTP.code(secret: secret, time: $0), code)
    }
    var verification =
      signIn.secondFactor?.strategy == .totp
      ? signIn.secondFactor ?? .init(strategy: .totp, status: .unverified, attempts: 0)
      : .init(strategy: .totp, status: .unverified, attempts: 0)
    verification.attempts += 1
    verification.status = valid ? .verified : .unverified
    signIn.secondFactor = verification
    store.signIns[signIn.id] = signIn
    guard valid else { throw .codeIncorrect }
  }

  /// A backup code checked and, when it is one of the user's, used up; the attempt is counted
  /// and stored.
  private func attemptBackupCode(
    _ signIn: inout SignInRecord, _ form: FormData, user: UserRecord, store: inout Store
  ) throws(ClerkAPIFailure) {
    let strategy = FactorStrategy.backupCode
    guard user.backupCodeEnabled else { throw .strategyInvalid }
    guard let code = form.nonEmpty("code") else { throw .paramMissing("code") }
    // Each code works once: a used one is as wrong as one never issued.
    let index = user.backupCodes.firstIndex { ConstantTime.equals($0, code) }
    var verification =
      signIn.secondFactor?.strategy == strategy
      ? signIn.secondFactor ?? .init(strategy: strategy, status: .unverified, attempts: 0)
      : .init(strategy: strategy, status: .unverified, attempts: 0)
    verification.attempts += 1
    verification.status = index == nil ? .unverified : .verified
    signIn.secondFactor = verification
    store.signIns[signIn.id] = signIn
    guard let index else { throw .codeIncorrect }
    store.users[user.id]?.backupCodes.remove(at: index)
  }

  /// Checks an email code; returns the failure to throw (after the attempt is counted).
  private func checkCode(
    _ verification: inout SignInRecord.Verification, _ code: String?, now: Int64
  ) -> ClerkAPIFailure? {
    guard let code else { return .paramMissing("code") }
    if verification.status == .failed { return .verificationFailed }
    if verification.status == .verified { return .clientStateInvalid("attempt verification") }
    if let expireAt = verification.expireAt, now >= expireAt {
      verification.status = .expired
      return .verificationExpired
    }
    verification.attempts += 1
    if let expected = verification.code, ConstantTime.equals(expected, code) {
      verification.status = .verified
      return nil
    }
    if verification.attempts >= Self.maxCodeAttempts {
      verification.status = .failed
      return .verificationFailed
    }
    return .codeIncorrect
  }

  /// Refuses an `email_address_id` / `phone_number_id` that is not the user's.
  private func checkIdentification(_ form: FormData, user: UserRecord) throws(ClerkAPIFailure) {
    if let emailID = form.nonEmpty("email_address_id"), emailID != user.emailAddressID {
      throw .paramInvalid("email_address_id", "email_address_id does not belong to this user")
    }
    if let phoneID = form.nonEmpty("phone_number_id"), phoneID != user.phoneNumberID {
      throw .paramInvalid("phone_number_id", "phone_number_id does not belong to this user")
    }
  }

  /// Starts an email-code or phone-code verification: "sends" a code to the user's address or
  /// number (Clerk's error when the user has none).
  private func codeVerification(
    _ strategy: FactorStrategy, store: inout Store, user: UserRecord, signInID: String,
    factor: String,
    now: Int64
  ) throws(ClerkAPIFailure) -> SignInRecord.Verification {
    let destination = strategy == .phoneCode ? user.phoneNumber : user.emailAddress
    guard let destination, strategy.isSentCode else {
      throw .strategyInvalid
    }
    let code: String
    if strategy == .phoneCode ? user.isTestPhone : user.isTestEmail {
      code = Self.testModeCode
    } else {
      code = random.digits(6)
      store.emails.append(
        SentEmail(to: destination, code: code, signInID: signInID, factor: factor, createdAt: now))
    }
    return .init(
      strategy: strategy, status: .unverified, attempts: 0, expireAt: now + Self.codeLifetime,
      code: code)
  }

  /// Completes a sign-in: creates the active session, rotates the client token.
  /// - Returns: the client token to issue.
  func complete(
    _ signInID: String, strategy: FactorStrategy, store: inout Store, now: Int64
  )
    -> (clientID: String, claims: JSONValue)
  {
    guard var signIn = store.signIns[signInID], let userID = signIn.userID,
      var client = store.clients[signIn.clientID]
    else { return ("", [:]) }
    let session = SessionRecord(
      id: random.id("sess"), clientID: client.id, userID: userID, status: .active,
      firstFactorAt: signIn.firstFactorVerifiedAt ?? now,
      secondFactorAt: signIn.secondFactor?.status == .verified ? now : nil,
      lastActiveAt: now, expireAt: now + 7 * 86_400_000, abandonAt: now + 30 * 86_400_000,
      createdAt: now, updatedAt: now)
    store.sessions[session.id] = session
    signIn.status = .complete
    signIn.createdSessionID = session.id
    store.signIns[signInID] = signIn
    client.sessionIDs.append(session.id)
    client.lastActiveSessionID = session.id
    client.lastAuthenticationStrategy = strategy
    client.signInID = nil
    client.rotatingToken = random.base62(20).lowercased()
    client.updatedAt = now
    store.clients[client.id] = client
    store.users[userID]?.lastSignInAt = now
    return (client.id, clientTokenClaims(client, now: now))
  }

  func respond(
    _ signInID: String, reply: FrontendReply, store: Store, now: Int64
  )
    -> FrontendReply
  {
    var reply = reply
    let signIn = store.signIns[signInID].map { store.signInJSON($0) } ?? .null
    let client = store.signIns[signInID].flatMap { store.clients[$0.clientID] }
    reply.body = [
      "response": signIn, "client": client.map { store.clientJSON($0, now: now) } ?? .null,
    ]
    return reply
  }
}
