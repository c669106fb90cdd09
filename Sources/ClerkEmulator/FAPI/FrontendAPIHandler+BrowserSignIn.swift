import ClerkctlCore
import ClerkctlCrypto
import ClerkctlHTTP
import ClerkctlWire
import Foundation

/// Browser sign-ins (`strategy=oauth_*` and `enterprise_sso`), as Clerk's native SDKs see them:
/// the sign-in's `external_verification_redirect_url` is the emulator's fake provider page
/// (`/__emulator/oauth/authorize`), which sends the browser to `GET /v1/oauth_callback`; that
/// settles the sign-in and answers 303 to the client's `redirect_url` with a single-use
/// `rotating_token_nonce` (or `__clerk_status=failed&__clerk_error_code=…`). The nonce is
/// redeemed by `GET /v1/client/sign_ins/{id}?rotating_token_nonce=…` with the client token from
/// before the callback, which the callback rotated. An account the emulator does not know is
/// left `transferable` for `POST /v1/client/sign_ups` with `transfer=true`. A production
/// instance accepts only allowlisted redirect URLs.
extension FrontendAPIHandler {
  private static let verificationLifetime: Int64 = 600_000

  var isProduction: Bool { state.withStore { $0.browser.production } }

  /// `user_settings.social`: one enabled, authenticatable entry per configured provider.
  func socialJSON() -> JSONValue {
    let providers = state.withStore { $0.browser.socialProviders }
    var social: [String: JSONValue] = [:]
    for provider in providers {
      let strategy = FactorStrategy.oauth(provider: provider).rawValue
      social[strategy] = [
        "enabled": true, "required": false, "authenticatable": true,
        "block_email_subaddresses": false, "strategy": .string(strategy),
        "not_selectable": false, "deprecated": false,
        "name": .string(provider.prefix(1).uppercased() + provider.dropFirst()), "logo_url": "",
      ]
    }
    return .object(social)
  }

  func createBrowserSignIn(
    _ strategy: FactorStrategy, _ context: RequestContext, store: inout Store,
    client: ClientRecord?,
    now: Int64
  ) throws(ClerkAPIFailure) -> FrontendReply {
    let form = context.form
    if case .oauth(let provider) = strategy, !store.browser.socialProviders.contains(provider) {
      throw .paramInvalid("strategy", "\(strategy) is not enabled for this instance")
    }
    var identifier: String?
    if strategy == .enterpriseSSO {
      guard let email = form.nonEmpty("identifier") else { throw .paramMissing("identifier") }
      guard email.contains("@") else {
        throw .paramInvalid("identifier", "enterprise SSO needs an email address")
      }
      identifier = email
    }
    let redirect = try checkedRedirect(form, store: store)
    var reply = FrontendReply(body: .null)
    let owner = owningClient(client, reply: &reply, store: &store, now: now)
    var signIn = SignInRecord(
      id: random.id("sia"), clientID: owner.id, status: .needsFirstFactor,
      identifier: identifier, userID: nil, firstFactor: nil, secondFactor: nil,
      createdSessionID: nil, firstFactorVerifiedAt: nil, createdAt: now,
      abandonAt: now + 86_400_000)
    startVerification(&signIn, strategy: strategy, redirect: redirect, store: store, now: now)
    store.signIns[signIn.id] = signIn
    store.clients[owner.id]?.signInID = signIn.id
    store.clients[owner.id]?.updatedAt = now
    return respond(signIn.id, reply: reply, store: store, now: now)
  }

  /// `prepare_first_factor` for a browser strategy: refreshes the verification (same page).
  func prepareBrowserSignIn(
    _ signIn: inout SignInRecord, _ form: FormData, store: inout Store, now: Int64
  ) throws(ClerkAPIFailure) -> FrontendReply {
    let strategy = FactorStrategy(rawValue: form.nonEmpty("strategy") ?? "")
    guard signIn.status == .needsFirstFactor, let current = signIn.firstFactor,
      current.externalURL != nil, current.strategy == strategy, current.status == .unverified
    else { throw .clientStateInvalid("prepare_first_factor") }
    let redirect = try checkedRedirect(form, store: store)
    startVerification(&signIn, strategy: strategy, redirect: redirect, store: store, now: now)
    store.signIns[signIn.id] = signIn
    return respond(signIn.id, reply: FrontendReply(body: .null), store: store, now: now)
  }

  /// `redirect_url` (required) and `action_complete_redirect_url`, checked against the
  /// allowlist on a production instance.
  private func checkedRedirect(
    _ form: FormData, store: Store
  ) throws(ClerkAPIFailure) -> String {
    guard let redirect = form.nonEmpty("redirect_url") else {
      throw .paramMissing("redirect_url")
    }
    for param in ["redirect_url", "action_complete_redirect_url"] {
      guard let url = form.nonEmpty(param) else { continue }
      guard let scheme = url.range(of: ":"), scheme.lowerBound != url.startIndex else {
        throw .paramInvalid(param, "\(param) must be an absolute URL")
      }
      if store.browser.production, !store.browser.redirectAllowlist.contains(url) {
        throw .redirectMismatch(url, param: param)
      }
    }
    return redirect
  }

  private func startVerification(
    _ signIn: inout SignInRecord, strategy: FactorStrategy, redirect: String, store: Store,
    now: Int64
  ) {
    let oauthState = signIn.oauthState ?? random.base62(32)
    signIn.oauthState = oauthState
    signIn.redirectURL = redirect
    signIn.firstFactor = .init(
      strategy: strategy, status: .unverified, attempts: 0,
      expireAt: now + Self.verificationLifetime,
      externalURL: store.baseURL + "/__emulator/oauth/authorize?state=" + oauthState)
  }

  // MARK: - The callback

  /// `GET /v1/oauth_callback?code|error&state`: settles the sign-in, then 303 to its
  /// `redirect_url` with the nonce or Clerk's failure parameters.
  func oauthCallback(_ context: RequestContext) -> HTTPResponse {
    let now = nowMilliseconds
    let outcome = state.withStore { store in
      Result { () throws(ClerkAPIFailure) -> String in
        try settleCallback(context.query, store: &store, now: now)
      }
    }
    switch outcome {
    case .failure(let failure):
      return clerkError(failure)
    case .success(let location):
      let html = "<!doctype html><title>Redirecting</title><a href=\"\(location)\">Continue</a>"
      return HTTPResponse(
        status: 303,
        headers: [
          "Location": location, "Content-Type": "text/html; charset=utf-8",
          "Cache-Control": "no-store",
        ],
        body: Array(html.utf8))
    }
  }

  private func settleCallback(
    _ query: FormData, store: inout Store, now: Int64
  ) throws(ClerkAPIFailure) -> String {
    guard let oauthState = query.nonEmpty("state"),
      var signIn = store.signIns.values.first(where: { $0.oauthState == oauthState }),
      var verification = signIn.firstFactor, verification.status == .unverified,
      let redirect = signIn.redirectURL
    else { throw .oauthStateInvalid }
    signIn.oauthState = nil
    verification.attempts += 1
    if let expireAt = verification.expireAt, now >= expireAt {
      verification.status = .expired
      signIn.firstFactor = verification
      store.signIns[signIn.id] = signIn
      return Self.appending(
        redirect, [RedirectStatus.failed.queryItem, ("__clerk_error_code", "verification_expired")])
    }
    if query.nonEmpty("error") != nil {
      verification.status = .failed
      verification.errorCode = "oauth_access_denied"
      verification.errorMessage = "You did not grant access to your account at the provider."
      signIn.firstFactor = verification
      store.signIns[signIn.id] = signIn
      return Self.appending(
        redirect, [RedirectStatus.failed.queryItem, ("__clerk_error_code", "oauth_access_denied")])
    }
    guard let code = query.nonEmpty("code"),
      let email = store.oauthCodes.removeValue(forKey: code).flatMap({
        $0.isLive(at: now) ? $0.email : nil
      })
    else { throw .oauthStateInvalid }
    guard let user = store.user(identifier: email) else {
      verification.status = .transferable
      verification.errorCode = "external_account_not_found"
      verification.errorMessage = "The External Account was not found."
      signIn.firstFactor = verification
      signIn.providerEmail = email
      store.signIns[signIn.id] = signIn
      return Self.appending(
        redirect,
        [RedirectStatus.failed.queryItem, ("__clerk_error_code", "external_account_not_found")])
    }
    do {
      try ClerkAPIFailure.checkAllowed(user, now: now)
    } catch {
      // A banned or locked user: the sign-in fails with Clerk's code, as the other failures.
      verification.status = .failed
      verification.errorCode = error.code
      verification.errorMessage = error.longMessage
      signIn.firstFactor = verification
      store.signIns[signIn.id] = signIn
      return Self.appending(
        redirect, [RedirectStatus.failed.queryItem, ("__clerk_error_code", error.code)])
    }
    verification.status = .verified
    signIn.firstFactor = verification
    signIn.userID = user.id
    signIn.identifier = signIn.identifier ?? user.displayIdentifier
    signIn.firstFactorVerifiedAt = now
    signIn.status = user.hasSecondFactor ? .needsSecondFactor : .complete
    store.signIns[signIn.id] = signIn
    let previousToken = store.clients[signIn.clientID]?.token ?? ""
    if signIn.status == .complete {
      _ = complete(signIn.id, strategy: verification.strategy, store: &store, now: now)
      // Rotated: the old token now only works together with the nonce.
      store.clients[signIn.clientID]?.token = ""
    }
    let nonce = random.base62(40)
    store.nonces[nonce] = NonceRecord(
      clientID: signIn.clientID, signInID: signIn.id, previousToken: previousToken)
    return Self.appending(redirect, [("rotating_token_nonce", nonce)])
  }

  /// `GET /v1/client/sign_ins/{id}?rotating_token_nonce=N` with the pre-rotation token: once.
  func redeemNonce(
    _ nonce: String, _ context: RequestContext, token: String?, store: inout Store, now: Int64
  ) throws(ClerkAPIFailure) -> FrontendReply {
    let id = context.params["sign_in_id"] ?? ""
    guard let record = store.nonces[nonce], !record.used, record.signInID == id, let token,
      !record.previousToken.isEmpty, ConstantTime.equals(record.previousToken, token),
      let client = store.clients[record.clientID]
    else { throw .nonceInvalid }
    store.nonces[nonce]?.used = true
    var reply = FrontendReply(body: .null)
    if client.token.isEmpty {
      reply.issueClientToken = (client.id, clientTokenClaims(client, now: now))
    }
    return respond(id, reply: reply, store: store, now: now)
  }

  // MARK: - Sign-up transfer

  /// `POST /v1/client/sign_ups` with `transfer=true`: creates the user the provider vouched for
  /// and signs it in (new session, rotated token).
  func createTransferSignUp(
    _ context: RequestContext, store: inout Store, client: ClientRecord?, now: Int64
  ) throws(ClerkAPIFailure) -> FrontendReply {
    guard context.form["transfer"]?.lowercased() == "true" else {
      throw .paramInvalid(
        "transfer", "the emulator only creates sign-ups by transfer=true from a browser sign-in")
    }
    guard let client, let signInID = client.signInID, var signIn = store.signIns[signInID],
      signIn.firstFactor?.status == .transferable, let email = signIn.providerEmail,
      store.user(identifier: email) == nil
    else { throw .accountTransferInvalid }
    let local = email.split(separator: "@").first.map(String.init) ?? email
    let user = UserRecord(
      id: random.id("user"), emailAddressID: random.id("idn"), emailAddress: email,
      password: nil, totpSecret: nil, firstName: local.prefix(1).uppercased() + local.dropFirst(),
      lastName: nil, username: nil, publicMetadata: [:], createdAt: now, updatedAt: now,
      lastSignInAt: nil)
    store.users[user.id] = user
    store.userOrder.append(user.id)
    signIn.userID = user.id
    signIn.firstFactorVerifiedAt = now
    signIn.firstFactor?.status = .verified
    store.signIns[signIn.id] = signIn
    let strategy = signIn.firstFactor?.strategy ?? .unknown("oauth")
    let issue = complete(signIn.id, strategy: strategy, store: &store, now: now)
    let sessionID = store.signIns[signIn.id]?.createdSessionID
    var verification = store.signIns[signIn.id]?.firstFactor
    verification?.externalURL = nil
    verification?.errorCode = nil
    let signUp: JSONValue = [
      "object": "sign_up_attempt", "id": .string(random.id("sua")),
      "status": .string(SignUpStatus.complete.rawValue),
      "required_fields": [], "optional_fields": [], "missing_fields": [],
      "unverified_fields": [], "username": nil, "email_address": .string(email),
      "phone_number": nil, "web3_wallet": nil, "password_enabled": false,
      "first_name": user.firstName.map(JSONValue.string) ?? .null, "last_name": nil,
      "unsafe_metadata": [:], "public_metadata": [:], "custom_action": false, "external_id": nil,
      "verifications": [
        "email_address": nil, "phone_number": nil, "web3_wallet": nil,
        "external_account": store.verificationJSON(verification),
      ],
      "created_session_id": sessionID.map(JSONValue.string) ?? .null,
      "created_user_id": .string(user.id), "abandon_at": .int(now + 86_400_000),
      "legal_accepted_at": nil, "locale": nil,
    ]
    let clientJSON = store.clients[client.id].map { store.clientJSON($0, now: now) } ?? .null
    var reply = FrontendReply.envelope(signUp, client: clientJSON)
    reply.issueClientToken = issue
    return reply
  }

  /// `url` with `fields` appended to its query.
  static func appending(_ url: String, _ fields: [(String, String)]) -> String {
    var base = url
    var fragment = ""
    if let hash = base.firstIndex(of: "#") {
      fragment = String(base[hash...])
      base = String(base[..<hash])
    }
    let separator =
      base.contains("?") ? (base.hasSuffix("?") || base.hasSuffix("&") ? "" : "&") : "?"
    return base + separator + FormEncoding.encode(fields) + fragment
  }
}
