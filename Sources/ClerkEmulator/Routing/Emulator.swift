import ClerkctlCore
import ClerkctlCrypto
import ClerkctlHTTP
import ClerkctlHTTPServer
import ClerkctlJOSE
import ClerkctlWire
import Foundation

/// A local Clerk: Frontend API (native protocol), a Backend API subset, JWKS/discovery, a
/// Convex-style function API and a loopback-only test surface, all on one port.
///
/// `handle(_:)` has exactly the HTTP server's handler shape. FAPI and BAPI share `/v1`: a
/// request whose `Authorization` is `Bearer sk_…` is routed to the Backend API; any other
/// request goes to the Frontend API when a FAPI route matches, else to the Backend API (which
/// then answers 401 for the missing key).
package final class Emulator: EmulatorSurface {
  /// The state; tests read the request log and sent emails through it.
  package let state: EmulatorState
  /// The instance id (`ins_…`), also the JWT `kid` (a key file's own, with a key file).
  package let instanceID: String
  /// The Backend API secret key (`sk_test_…`).
  package let secretKey: String
  /// The run's test token (the ready line's `test_token`): the test surface answers only
  /// requests that present it. Always from the secure source, so injected randomness (and the
  /// ids it draws) is unchanged.
  package let testToken = RandomSource.secure.base62(32)
  /// The emulator's clock: the one it was given, moved ahead by the test surface's
  /// `POST /__emulator/clock` (the executable dates its HTTP replies by it too).
  package let clock: Clock
  let random: RandomSource
  /// How much anonymous state is kept (oldest forgotten first).
  let limits: StoreLimits
  /// The waits of delayed faults, woken by ``stopDelays()``.
  let faultDelays = FaultDelays()
  private let logSink: (@Sendable (RequestLogEntry) -> Void)?
  /// Records every Frontend and Backend API reply, for the conformance check.
  let recorder: ReplyRecorder?
  /// What the surface handlers share.
  let services: EmulatorServices
  let frontend: FrontendAPIHandler
  let backend: BackendAPIHandler
  let convex: ConvexHandler
  let machineAuth: MachineAuthHandler
  let credentials: CredentialHandler
  let oauth: OAuthHandler
  let testSurface: TestSurfaceHandler
  /// Delivers webhook events (`--webhook-url`), `nil` without.
  package let webhooks: WebhookDispatcher?

  /// Creates an emulator holding `configuration`'s users and templates.
  /// - Parameters:
  ///   - configuration: seed data (`.seed` when no `--config`).
  ///   - baseURL: the served origin, e.g. `http://127.0.0.1:8787` (no trailing `/`); it is the
  ///     FAPI URL and token issuer. Change it later with `setBaseURL(_:)`.
  ///   - signingKey: the RS256 signing key, which may still be on its way (requests that need
  ///     it wait).
  ///   - clock: time source for timestamps, token times and fault delays.
  ///   - random: randomness for ids, codes and the secret key.
  ///   - log: called with every logged request (the executable prints them to stderr).
  ///   - recorder: records every reply (by default when `CLERK_EMULATOR_RECORD_REPLIES` names a
  ///     directory).
  ///   - webhooks: where to deliver Clerk's webhook events, and how (`nil`: none are sent).
  ///   - webhookLog: told of each webhook delivery given up on.
  ///   - limits: how many anonymous clients, sign-ins, emails and log entries are kept.
  package init(
    configuration: EmulatorConfiguration = .seed, baseURL: String,
    signingKey: EmulatorSigningKey, clock: Clock = .system, random: RandomSource = .secure,
    log: (@Sendable (RequestLogEntry) -> Void)? = nil,
    recorder: ReplyRecorder? = ReplyRecorder.fromEnvironment(),
    webhooks: WebhookSettings? = nil, webhookLog: @escaping @Sendable (String) -> Void = { _ in },
    limits: StoreLimits = .standard
  ) {
    self.limits = limits
    let clockShift = ClockShift()
    let clock = clockShift.shifting(clock)
    self.clock = clock
    self.recorder = recorder
    self.random = random
    self.logSink = log
    // Drawn even when the key brings its own, so the ids after it stay the same.
    let drawnID = random.id("ins")
    let instanceID = signingKey.instanceID ?? drawnID
    self.instanceID = instanceID
    self.secretKey = "sk_test_" + random.base62(40)
    let now = Int64(clock.now().timeIntervalSince1970 * 1000)
    var store = Store(
      baseURL: Self.trimmed(baseURL), sessionTokenLifetime: configuration.sessionTokenLifetime)
    for user in configuration.users {
      var record = UserRecord(
        id: random.id("user"), emailAddressID: random.id("idn"), emailAddress: user.email,
        password: user.password, totpSecret: user.totpSecret.flatMap { Base32.decode($0) },
        firstName: user.firstName, lastName: user.lastName, username: user.username,
        publicMetadata: user.publicMetadata, createdAt: now, updatedAt: now, lastSignInAt: nil)
      record.phoneNumber = user.phone
      record.phoneNumberID = random.id("idn")
      record.backupCodes = user.backupCodes
      record.backupCodeEnabled = !user.backupCodes.isEmpty
      store.users[record.id] = record
      store.userOrder.append(record.id)
    }
    store.browser = BrowserSignInSettings(
      socialProviders: configuration.socialProviders,
      production: configuration.instance == .production,
      redirectAllowlist: configuration.redirectAllowlist,
      autoApprove: configuration.oauthAutoApprove)
    for template in configuration.templates {
      let record = JWTTemplateRecord(
        id: random.id("jtmp"), name: template.name, claims: template.claims,
        lifetime: template.lifetime, allowedClockSkew: template.allowedClockSkew,
        createdAt: now, updatedAt: now)
      store.templates[record.name] = record
      store.templateOrder.append(record.name)
    }
    store.seedOrganizations(configuration, random: random, now: now)
    store.seedMachines(configuration, random: random, now: now)
    store.seedOAuth(configuration, random: random, now: now)
    let dispatcher = webhooks.flatMap { WebhookDispatcher(settings: $0, log: webhookLog) }
    dispatcher?.start(from: store)
    self.webhooks = dispatcher
    let state = EmulatorState(store: store)
    self.state = state
    let services = EmulatorServices(
      state: state, instanceID: instanceID, secretKey: secretKey, signingKey: signingKey,
      clock: clock, random: random, clockShift: clockShift)
    self.services = services
    self.frontend = FrontendAPIHandler(services: services)
    let backend = BackendAPIHandler(services: services)
    self.backend = backend
    self.convex = ConvexHandler(services: services)
    self.machineAuth = MachineAuthHandler(services: services)
    self.credentials = CredentialHandler(services: services)
    self.oauth = OAuthHandler(services: services)
    self.testSurface = TestSurfaceHandler(services: services, backend: backend)
  }

  /// Creates an emulator signing with `privateKey`, published under its instance id.
  package convenience init(
    configuration: EmulatorConfiguration = .seed, baseURL: String, privateKey: RSAPrivateKey,
    clock: Clock = .system, random: RandomSource = .secure,
    log: (@Sendable (RequestLogEntry) -> Void)? = nil,
    recorder: ReplyRecorder? = ReplyRecorder.fromEnvironment(), limits: StoreLimits = .standard
  ) {
    self.init(
      configuration: configuration, baseURL: baseURL,
      signingKey: EmulatorSigningKey(key: privateKey), clock: clock, random: random, log: log,
      recorder: recorder, limits: limits)
  }

  /// The served origin: FAPI URL, BAPI base (without `/v1`), Convex URL and token issuer.
  package var baseURL: String { state.withStore { $0.baseURL } }

  /// Sets the served origin once the server knows its port.
  package func setBaseURL(_ url: String) {
    let trimmed = Self.trimmed(url)
    state.withStore { $0.baseURL = trimmed }
  }

  /// The publishable key for the served host: `pk_test_` + base64(`host:port$`), unpadded.
  package var publishableKey: String {
    var host = baseURL
    if let range = host.range(of: "://") { host = String(host[range.upperBound...]) }
    return PublishableKey.make(frontendAPIHost: host, production: false)
  }

  /// The one-line JSON the executable prints at start.
  package var startupLine: JSONValue {
    let base = baseURL
    var line: [String: JSONValue] = [
      "fapi_url": .string(base), "api_url": .string(base), "convex_url": .string(base),
      "jwks_url": .string(base + "/.well-known/jwks.json"),
      "publishable_key": .string(publishableKey), "secret_key": .string(secretKey),
      "test_token": .string(testToken),
    ]
    if let settings = webhooks?.settings {
      line["webhook_url"] = .string(settings.url)
      line["webhook_secret"] = .string(settings.secret)
    }
    return .object(line)
  }

  /// Serves one request (the HTTP server's handler), then queues the webhook events of what
  /// it changed.
  package func handle(_ request: HTTPServerRequest) -> HTTPServerResponse {
    let response = handleUnobserved(request)
    if let webhooks { publishWebhookEvents(webhooks, request: request) }
    return response
  }

  /// Serves one request.
  private func handleUnobserved(_ request: HTTPServerRequest) -> HTTPServerResponse {
    let context = RequestContext(request)
    if context.path.hasPrefix("/__emulator/") || context.path == "/__emulator" {
      if let refusal = TestSurfaceHandler.testSurfaceRefusal(request, token: testToken) {
        return HTTPServerResponse(
          clerkError(
            ClerkAPIFailure(
              status: 403, code: "authorization_invalid", message: "Unauthorized request",
              longMessage: refusal)))
      }
      return HTTPServerResponse(testSurface.serveTestSurface(context))
    }
    let response: HTTPServerResponse
    if let fault = takeFault(method: context.method, path: context.path) {
      response = apply(fault, context: context)
    } else {
      let (route, reply) = serve(context)
      if let route { recorder?.record(route, path: context.path, response: reply) }
      response = HTTPServerResponse(reply)
    }
    let status: Int
    switch response.action {
    case .respond(let reply): status = reply.status
    case .dropConnection: status = 0
    }
    let entry = RequestLogEntry(method: context.method, path: context.path, status: status)
    state.withStore { store in
      store.requests.append(entry)
      store.trim(to: limits, now: Int64(clock.now().timeIntervalSince1970 * 1000))
    }
    logSink?(entry)
    return response
  }

  /// Serves a request no fault intercepts.
  func route(faultless context: RequestContext) -> HTTPResponse { serve(context).response }

  /// Serves a request; returns the route that served it (none for a 404/405 of the router).
  private func serve(_ context: RequestContext) -> (route: Route?, response: HTTPResponse) {
    var context = context
    let isSecretKey = context.bearerToken?.hasPrefix("sk_") ?? false
    let surfaces: [Route.Surface] =
      isSecretKey ? [.backend, .convex, .resource] : [.frontend, .backend, .convex, .resource]
    var pathMatched = false
    let segments = Route.segments(of: context.path)
    for surface in surfaces {
      for route in Self.routes where route.surface == surface {
        guard let params = route.match(segments: segments) else { continue }
        pathMatched = true
        guard route.method == context.method else { continue }
        context.params = params
        return (route, dispatch(route, context))
      }
    }
    if context.path.hasPrefix("/api/") {
      return (
        nil, convex.convexFailure(status: 404, code: "NotFound", message: "No route for this path")
      )
    }
    if pathMatched {
      return (
        nil,
        clerkError(
          ClerkAPIFailure(
            status: 405, code: "method_not_allowed", message: "Method not allowed",
            longMessage: "\(context.method) is not allowed on \(context.path)"))
      )
    }
    return (nil, clerkError(.routeNotFound))
  }

  private func dispatch(_ route: Route, _ context: RequestContext) -> HTTPResponse {
    switch route.endpoint {
    case .frontend(let endpoint): return frontend.serveFrontend(endpoint, context)
    case .backend(let endpoint): return backend.serveBackend(endpoint, context)
    case .convex(let endpoint): return convex.serveConvex(endpoint, context)
    case .machine(let endpoint): return machineAuth.serveMachineAuth(endpoint, context)
    case .credential(let endpoint): return credentials.serveCredential(endpoint, context)
    case .oauth(let endpoint): return oauth.serveOAuth(endpoint, context)
    // Served by `serveTestSurface` behind its loopback guard; `serve` never matches these.
    case .testSurface: return clerkError(.routeNotFound)
    }
  }

  // MARK: - Helpers

  static func isLoopback(_ address: String) -> Bool {
    var host = address
    if host.hasPrefix("::ffff:") { host = String(host.dropFirst(7)) }
    return host == "::1" || host.hasPrefix("127.") || host == "localhost"
  }

  private static func trimmed(_ url: String) -> String {
    var url = url
    while url.hasSuffix("/") { url.removeLast() }
    return url
  }
}
