import ClerkEmulator
import ClerkctlCore
import ClerkctlHTTP
import ClerkctlHTTPServer
import Foundation

/// The emulator in this process, reached through ``http``: an `HTTPClient` that hands each
/// request to the emulator's handler in memory — no sockets, no threads, no child process.
///
/// It answers as the HTTP server and libcurl would: only requests to its own origin arrive
/// (others, and all after ``stop()``, fail to connect), the server's `Date` and
/// `Content-Length` are added, a 3xx is thrown as a redirect, a dropped connection as a bad
/// response, and a body over the request's cap as too large.
public final class InMemoryEmulator: Sendable {
  /// The served origin (never listened on).
  public static let origin = "http://127.0.0.1:8787"

  package let emulator: Emulator
  /// The emulator's clock, which also stamps `Date` headers.
  public let time: TestClock
  private let reachable = Lock(true)

  /// An emulator holding `configuration`, on `time` (a fresh ``TestClock`` by default),
  /// keeping anonymous state within `limits`.
  package init(
    configuration: EmulatorConfiguration = .seed, time: TestClock = TestClock(),
    limits: StoreLimits = .standard
  )
    throws
  {
    self.time = time
    emulator = Emulator(
      configuration: configuration, baseURL: Self.origin,
      privateKey: try RFC7515Key.privateKey(), clock: time.clock, limits: limits)
  }

  /// The Frontend API URL (also the Backend API's and Convex's).
  public var fapiURL: String { emulator.baseURL }
  /// The Backend API secret key.
  public var secretKey: String { emulator.secretKey }
  /// The run's test token, which the test surface asks for.
  public var testToken: String { emulator.testToken }
  /// The instance's publishable key.
  public var publishableKey: String { emulator.publishableKey }

  /// From now on every request fails to connect, as if the server had stopped.
  public func stop() { reachable.withLock { $0 = false } }

  /// From now on requests reach the emulator again, as if the server were back after
  /// ``stop()`` (its state kept).
  public func start() { reachable.withLock { $0 = true } }

  /// The client that reaches this emulator.
  package var http: HTTPClient {
    HTTPClient { [self] request in try exchange(request) }
  }

  private func exchange(_ request: HTTPRequest) throws -> HTTPResponse {
    let (origin, target) = Self.split(request.url)
    let hostAndPort = origin.split(separator: "/").last.map(String.init) ?? origin
    let shown = request.url.split(separator: "?").first.map(String.init) ?? request.url
    guard origin == fapiURL, reachable.withLock({ $0 }) else {
      throw HTTPError(
        .connect, url: request.url,
        message: "could not connect to \(hostAndPort): Connection refused; "
          + "check that the server is running and reachable")
    }
    var headers = request.headers
    if !headers.contains("Host") { headers.add(name: "Host", value: hostAndPort) }
    let reply = emulator.handle(
      HTTPServerRequest(
        method: request.method, target: target, headers: headers, body: request.body,
        remoteAddress: "127.0.0.1"))
    guard case .respond(var response) = reply.action else {
      throw HTTPError(
        .malformed, url: request.url,
        message: "\(hostAndPort) closed the connection without answering; check that "
          + "the server there is up and is the right one, then try again")
    }
    if (300..<400).contains(response.status) {
      var location = response.headers["Location"] ?? ""
      if location.hasPrefix("/") { location = origin + location }
      throw HTTPError(
        .redirect(location: location), url: request.url,
        message: "\(shown) redirected (HTTP \(response.status)) to \(location)")
    }
    if response.body.count > request.maxResponseBytes {
      throw HTTPError(
        .responseTooLarge, url: request.url,
        message: "the response from \(shown) is larger than the \(request.maxResponseBytes)-byte "
          + "limit; check that the URL is right")
    }
    if !response.headers.contains("Date") {
      response.headers.add(name: "Date", value: HTTPDate.format(time.now))
    }
    if request.method == "HEAD" { response.body = [] }
    response.headers.replaceOrAdd(name: "Content-Length", value: String(response.body.count))
    return response
  }

  /// `("http://host:port", "/path?query")`, the fragment dropped.
  private static func split(_ url: String) -> (origin: String, target: String) {
    var url = url
    if let hash = url.firstIndex(of: "#") { url = String(url[..<hash]) }
    guard let scheme = url.range(of: "://") else { return (url, "/") }
    let rest = url[scheme.upperBound...]
    guard let slash = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) else { return (url, "/") }
    let target = String(rest[slash...])
    return (String(url[..<slash]), target.hasPrefix("?") ? "/" + target : target)
  }
}
