import ClerkctlCore
import ClerkctlCrypto
import ClerkctlHTTP
import ClerkctlHTTPServer
import Foundation

/// `GET|POST /oauth/authorize`: checks the request, then signs the user in (the page's form,
/// or the browser's earlier sign-in on this page, a cookie) and asks for consent (the consent
/// form), then sends the browser to the redirect URI with `code` and `state` (or `error`).
///
/// A problem with `client_id` or `redirect_uri` is an HTML error page (nothing is sent to an
/// unchecked URI); anything else goes back to the redirect URI as `error=…&state=…`.
extension OAuthHandler {
  /// The cookie that keeps a browser signed in on the authorize page.
  static let sessionCookie = "__clerk_emulator_oauth_session"
  /// How long a pending page's form token works.
  static let formTokenLifetime: Int64 = 600_000

  func authorize(_ context: RequestContext) -> HTTPResponse {
    if context.method == "POST", let step = context.form.nonEmpty("step") {
      return authorizeStep(step, context)
    }
    let params = context.method == "POST" ? context.form : context.query
    let now = nowMilliseconds
    let checked: Result<OAuthAuthorizationRequest, AuthorizeRefusal> = state.withStore { store in
      Result { () throws(AuthorizeRefusal) in try checkAuthorization(params, store: store, now: now)
      }
    }
    let request: OAuthAuthorizationRequest
    switch checked {
    case .failure(.page(let status, let title, let detail)):
      return OAuthPages.error(status, title, detail)
    case .failure(.redirect(let request, let error, let description)):
      return answer(request, [("error", error), ("error_description", description)], post: false)
    case .success(let found): request = found
    }
    let cookieUser = browserUser(context)
    return proceed(request, signedInUser: cookieUser, post: context.method == "POST")
  }

  /// Why an authorization request is refused: a page (bad client or redirect URI), or an
  /// error sent to the checked redirect URI.
  enum AuthorizeRefusal: Error {
    case page(Int, String, String)
    case redirect(OAuthAuthorizationRequest, String, String)
  }

  /// Checks the parameters in the order RFC 6749 §4.1.2.1 asks: client and redirect URI
  /// first (a page), then the rest (a redirect).
  private func checkAuthorization(
    _ params: FormData, store: Store, now: Int64
  ) throws(AuthorizeRefusal) -> OAuthAuthorizationRequest {
    guard let clientID = params.nonEmpty("client_id") else {
      throw .page(400, "Invalid request", "client_id is missing.")
    }
    guard let application = store.oauth.application(clientID: clientID) else {
      throw .page(401, "Unknown application", "No OAuth application has client_id \(clientID).")
    }
    let redirectURI: String
    if let given = params.nonEmpty("redirect_uri") {
      guard OAuthRedirectURI.isRegistered(given, in: application.redirectURIs) else {
        throw .page(
          400, "Invalid redirect URI",
          "redirect_uri_mismatch: \(given) does not exactly match a redirect URI registered for \(application.name)."
        )
      }
      redirectURI = given
    } else {
      guard application.redirectURIs.count == 1, let only = application.redirectURIs.first else {
        throw .page(400, "Invalid request", "redirect_uri is missing.")
      }
      redirectURI = only
    }
    let challenge = params.nonEmpty("code_challenge")
    let requestedScopes =
      params.nonEmpty("scope").map(Self.scopes) ?? OAuthApplicationRecord.defaultScopes
    var request = OAuthAuthorizationRequest(
      clientID: clientID, redirectURI: redirectURI,
      redirectURIGiven: params.nonEmpty("redirect_uri") != nil, scopes: requestedScopes,
      state: params["state"], codeChallenge: challenge, nonce: params.nonEmpty("nonce"),
      resource: params.nonEmpty("resource"),
      responseMode: params.nonEmpty("response_mode") ?? "query",
      prompt: params.nonEmpty("prompt").map(Self.scopes) ?? [], userID: nil,
      expiresAt: now + Self.formTokenLifetime)
    if !["query", "form_post"].contains(request.responseMode) {
      request.responseMode = "query"
      throw .redirect(request, "invalid_request", "response_mode must be query or form_post")
    }
    guard params["response_type"] == "code" else {
      throw .redirect(request, "unsupported_response_type", "response_type must be code")
    }
    if let method = params.nonEmpty("code_challenge_method"), method != "S256" {
      throw .redirect(request, "invalid_request", "code_challenge_method must be S256")
    }
    if challenge != nil && params.nonEmpty("code_challenge_method") == nil {
      throw .redirect(request, "invalid_request", "code_challenge_method must be S256")
    }
    if let challenge, challenge.utf8.count != 43 || !Self.isBase64URL(challenge) {
      throw .redirect(request, "invalid_request", "code_challenge must be a base64url SHA-256")
    }
    if challenge == nil && (application.isPublic || application.pkceRequired) {
      throw .redirect(
        request, "invalid_request",
        "form_public_client_requires_pkce: code_challenge and code_challenge_method=S256 are required"
      )
    }
    if challenge == nil, (request.state ?? "").count < 8 {
      throw .redirect(
        request, "invalid_request", "state of at least 8 characters is required without PKCE")
    }
    if let unknown = requestedScopes.first(where: { !application.scopes.contains($0) }) {
      throw .redirect(
        request, "invalid_scope", "The scope \(unknown) is not allowed for \(application.name)")
    }
    if !request.prompt.allSatisfy({ ["none", "login", "consent"].contains($0) }) {
      throw .redirect(request, "invalid_request", "prompt must be none, login or consent")
    }
    return request
  }

  /// With the request checked: the armed test decision, else the sign-in page (no user yet),
  /// the consent page, or the code.
  private func proceed(
    _ request: OAuthAuthorizationRequest, signedInUser: String?, post: Bool
  ) -> HTTPResponse {
    let armed: (userID: String, approve: Bool)? = state.withStore { store in
      defer { store.oauth.armedConsent = nil }
      return store.oauth.armedConsent
    }
    var request = request
    if let armed {
      guard armed.approve else { return deny(request, post: post) }
      request.userID = armed.userID
      return issueCode(request, post: post)
    }
    let forceLogin = request.prompt.contains("login")
    if let signedInUser, !forceLogin { request.userID = signedInUser }
    if request.prompt.contains("none") {
      guard request.userID != nil else {
        return answer(
          request,
          [("error", "login_required"), ("error_description", "The user is not signed in")],
          post: post)
      }
      if needsConsent(request) {
        return answer(
          request,
          [("error", "consent_required"), ("error_description", "The user must consent")],
          post: post)
      }
      return issueCode(request, post: post)
    }
    let formToken = random.base62(32)
    let (name, userLabel) = state.withStore { store -> (String, String?) in
      store.oauth.pendingAuthorizations[formToken] = request
      let name = store.oauth.application(clientID: request.clientID)?.name ?? request.clientID
      return (name, request.userID.flatMap { store.users[$0]?.displayIdentifier })
    }
    guard let userLabel else { return OAuthPages.signIn(application: name, formToken: formToken) }
    if !needsConsent(request) {
      state.withStore { _ = $0.oauth.pendingAuthorizations.removeValue(forKey: formToken) }
      return issueCode(request, post: post)
    }
    return OAuthPages.consent(
      application: name, user: userLabel, scopes: request.scopes, formToken: formToken,
      redirect: request.redirectURI)
  }

  /// Whether the consent page is shown: the application asks for it (a dynamically
  /// registered one always does) or the request says `prompt=consent`.
  private func needsConsent(_ request: OAuthAuthorizationRequest) -> Bool {
    if request.prompt.contains("consent") { return true }
    return state.withStore { store in
      guard let application = store.oauth.application(clientID: request.clientID) else {
        return true
      }
      return application.consentScreenEnabled || application.dynamicallyRegistered
    }
  }

  /// A POST of one of the page's forms (`step` = `sign_in`, `second_factor` or `consent`).
  private func authorizeStep(_ step: String, _ context: RequestContext) -> HTTPResponse {
    let form = context.form
    let now = nowMilliseconds
    guard let formToken = form.nonEmpty("form_token"),
      let request = state.withStore({ store -> OAuthAuthorizationRequest? in
        guard let found = store.oauth.pendingAuthorizations[formToken] else { return nil }
        guard found.expiresAt > now, store.oauth.application(clientID: found.clientID) != nil
        else {
          store.oauth.pendingAuthorizations[formToken] = nil
          return nil
        }
        return found
      })
    else {
      return OAuthPages.error(
        400, "This page has expired",
        "The sign-in request is unknown or was already answered. Start again from the application.")
    }
    let name = state.withStore { $0.oauth.application(clientID: request.clientID)?.name ?? "" }
    switch step {
    case "sign_in":
      return signInStep(request, formToken: formToken, name: name, form: form, now: now)
    case "second_factor":
      return secondFactorStep(request, formToken: formToken, name: name, form: form, now: now)
    case "consent":
      guard request.userID != nil else {
        return OAuthPages.signIn(application: name, formToken: formToken, error: "Sign in first.")
      }
      state.withStore { _ = $0.oauth.pendingAuthorizations.removeValue(forKey: formToken) }
      if form["decision"] == "allow" { return issueCode(request, post: true) }
      return deny(request, post: true)
    default:
      return OAuthPages.error(
        400, "Invalid request", "step must be sign_in, second_factor or consent.")
    }
  }

  private func signInStep(
    _ request: OAuthAuthorizationRequest, formToken: String, name: String, form: FormData,
    now: Int64
  ) -> HTTPResponse {
    let identifier = form["identifier"]?.trimmingSpaces ?? ""
    let password = form["password"] ?? ""
    let found = state.withStore { store -> UserRecord? in store.user(identifier: identifier) }
    guard let user = found, let stored = user.password, !identifier.isEmpty,
      ConstantTime.equals(stored, password)
    else {
      let message =
        found == nil
        ? "Couldn't find your account." : "Password is incorrect. Try again, or use another method."
      return OAuthPages.signIn(
        application: name, formToken: formToken, identifier: identifier, error: message,
        status: 401)
    }
    guard !user.banned, !user.locked else {
      return OAuthPages.signIn(
        application: name, formToken: formToken, identifier: identifier,
        error: "Your account is locked or banned.", status: 403)
    }
    if user.hasSecondFactor {
      state.withStore { $0.oauth.pendingAuthorizations[formToken]?.secondFactorUserID = user.id }
      return OAuthPages.secondFactor(application: name, formToken: formToken)
    }
    return signedIn(request, userID: user.id, formToken: formToken, now: now)
  }

  private func secondFactorStep(
    _ request: OAuthAuthorizationRequest, formToken: String, name: String, form: FormData,
    now: Int64
  ) -> HTTPResponse {
    let code = form["code"]?.trimmingSpaces ?? ""
    let accepted = state.withStore { store -> String? in
      guard let userID = request.secondFactorUserID, let user = store.users[userID],
        let secret = user.totpSecret
      else { return nil }
      let seconds = now / 1000
      if [seconds - 30, seconds, seconds + 30].contains(where: {
        ConstantTime.equals(TOTP.code(secret: secret, time: $0), code)
      }) {
        return userID
      }
      if let index = user.backupCodes.firstIndex(where: { ConstantTime.equals($0, code) }) {
        store.users[userID]?.backupCodes.remove(at: index)
        return userID
      }
      return nil
    }
    guard let userID = accepted else {
      return OAuthPages.secondFactor(
        application: name, formToken: formToken, error: "Incorrect code. Try again.")
    }
    return signedIn(request, userID: userID, formToken: formToken, now: now)
  }

  /// The user signed in on the page: remember the browser (a cookie), then consent or code.
  private func signedIn(
    _ request: OAuthAuthorizationRequest, userID: String, formToken: String, now: Int64
  ) -> HTTPResponse {
    var request = request
    request.userID = userID
    request.secondFactorUserID = nil
    let session = random.base62(32)
    state.withStore { store in
      store.oauth.browserSessions[session] = userID
      store.oauth.pendingAuthorizations[formToken] = nil
      store.users[userID]?.lastSignInAt = now
    }
    var reply = proceedSignedIn(request)
    reply.headers.add(
      name: "Set-Cookie",
      value: "\(Self.sessionCookie)=\(session); Path=/oauth; HttpOnly; SameSite=Lax")
    return reply
  }

  /// After the sign-in form: the consent page (a new form token) or the code.
  private func proceedSignedIn(_ request: OAuthAuthorizationRequest) -> HTTPResponse {
    guard needsConsent(request) else { return issueCode(request, post: true) }
    let formToken = random.base62(32)
    let (name, user) = state.withStore { store -> (String, String) in
      store.oauth.pendingAuthorizations[formToken] = request
      return (
        store.oauth.application(clientID: request.clientID)?.name ?? request.clientID,
        request.userID.flatMap { store.users[$0]?.displayIdentifier } ?? ""
      )
    }
    return OAuthPages.consent(
      application: name, user: user, scopes: request.scopes, formToken: formToken,
      redirect: request.redirectURI)
  }

  /// The user this browser signed in as on the authorize page earlier, if any.
  private func browserUser(_ context: RequestContext) -> String? {
    guard let header = context.request.headers["Cookie"] else { return nil }
    for part in header.split(separator: ";") {
      let pair = part.split(separator: "=", maxSplits: 1).map {
        String($0).trimmingCharacters(in: .whitespaces)
      }
      guard pair.count == 2, pair[0] == Self.sessionCookie else { continue }
      return state.withStore { store in
        store.oauth.browserSessions[pair[1]].flatMap { store.users[$0] == nil ? nil : $0 }
      }
    }
    return nil
  }

  /// Mints a code for the signed-in, consenting user and sends it to the redirect URI.
  private func issueCode(_ request: OAuthAuthorizationRequest, post: Bool) -> HTTPResponse {
    guard let userID = request.userID else { return deny(request, post: post) }
    let code = random.base62(32)
    let now = nowMilliseconds
    state.withStore { store in
      store.oauth.prune(now: now)
      store.oauth.codes[code] = OAuthCodeRecord(
        code: code, clientID: request.clientID, userID: userID, redirectURI: request.redirectURI,
        redirectURIGiven: request.redirectURIGiven, codeChallenge: request.codeChallenge,
        scopes: request.scopes, nonce: request.nonce, resource: request.resource,
        authTime: now / 1000, expiresAt: now + OAuthCodeRecord.lifetimeMilliseconds)
    }
    return answer(request, [("code", code)], post: post)
  }

  private func deny(_ request: OAuthAuthorizationRequest, post: Bool) -> HTTPResponse {
    answer(
      request,
      [("error", "access_denied"), ("error_description", "The user denied the request")],
      post: post)
  }

  /// Sends `fields` (and `state`) to the redirect URI: a 302 (303 after a POST) with them in
  /// the query, or with `response_mode=form_post` a page that posts them.
  func answer(
    _ request: OAuthAuthorizationRequest, _ fields: [(String, String)], post: Bool
  )
    -> HTTPResponse
  {
    var fields = fields
    if let state = request.state { fields.append(("state", state)) }
    if request.responseMode == "form_post" {
      return OAuthPages.formPost(to: request.redirectURI, fields: fields)
    }
    let location = FrontendAPIHandler.appending(request.redirectURI, fields)
    return HTTPResponse(
      status: post ? 303 : 302, headers: ["Location": location, "Cache-Control": "no-store"],
      body: [])
  }
}
