import ClerkTestSupport
import ClerkctlCore
import ClerkctlCurl
import ClerkctlHTTP
import ClerkctlJOSE
import Foundation
import Testing

/// A signed-in sandbox whose `convex` tokens live 5 seconds, for watching renewals happen, and
/// helpers to run clerkctl in the background and check the tokens it hands out.
struct RefreshFixture {
  /// Seconds a `convex` token lives.
  static let lifetime = 5
  let job: CLIFixture
  let scratch = TemporaryDirectory(prefix: "refresh")
  let verifier: JWTVerifier

  init(lifetime: Int = Self.lifetime) async throws {
    job = try await CLIFixture(.binary)
    try await job.signIn()
    try await job.admin.setTokenLifetime(template: "convex", seconds: lifetime)
    let jwksURL = job.fapiURL + "/.well-known/jwks.json"
    let keys = try await HTTPClient.curl().awaitedSend(HTTPRequest(method: "GET", url: jwksURL))
    verifier = JWTVerifier(keys: try JWKS(bytes: keys.body))
  }

  /// The environment clerkctl runs with here: the private directory goes under `scratch`.
  var extra: [String: String] { ["TMPDIR": scratch.path, "XDG_RUNTIME_DIR": ""] }

  /// Starts `clerkctl arguments…` in the sandbox without waiting for it.
  func start(_ arguments: [String], extra more: [String: String] = [:]) throws -> BackgroundCLI {
    var environment = job.environment
    environment.merge(extra) { _, new in new }
    environment.merge(more) { _, new in new }
    return try BackgroundCLI(arguments, environment: environment, scratch: scratch)
  }

  /// Checks that `jwt` is a `convex` token signed by the emulator, unexpired at `readAt` (epoch
  /// seconds) within Clerk's one-second clock precision; returns its claims.
  @discardableResult
  func expectValid(
    _ jwt: String, readAt: Double, sourceLocation: SourceLocation = #_sourceLocation
  ) -> JSONValue? {
    let options = JWTVerifier.Options(
      leeway: 1, issuer: job.fapiURL, audience: "convex",
      now: Date(timeIntervalSince1970: readAt))
    do {
      return try verifier.verify(
        jwt.trimmingCharacters(in: .whitespacesAndNewlines), options: options)
    } catch {
      Issue.record("token read at \(readAt) is not valid: \(error)", sourceLocation: sourceLocation)
      return nil
    }
  }

  /// How many `convex` tokens the emulator minted.
  func mints() async throws -> Int {
    try await job.admin.requests(containing: "/tokens/convex").filter { $0.method == "POST" }
      .count
  }

  /// The most mints one keeper may make in `seconds`: a token is replaced when it has
  /// `minTTL` + 1 s left, so each one serves at least `lifetime - 1 - (minTTL + 1)` seconds.
  static func mintBound(seconds: Double, minTTL: Double, lifetime: Int = lifetime) -> Int {
    let served = Double(lifetime) - 1 - (minTTL + 1)
    return Int((seconds / served).rounded(.up)) + 2
  }

  /// Reads the token in `path` every 200 ms until `seconds` after `started`, expecting each to
  /// be valid when read; returns the distinct tokens seen.
  func watchedTokens(
    in path: String, until seconds: Double, after started: Double,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> Set<String> {
    var seen: Set<String> = []
    while Self.now - started < seconds {
      let jwt = try String(contentsOfFile: path, encoding: .utf8)
      expectValid(jwt, readAt: Self.now, sourceLocation: sourceLocation)
      seen.insert(jwt)
      try await Task.sleep(nanoseconds: 200_000_000)
    }
    return seen
  }

  /// Waits until `path` exists (or `timeout` passes), polling every 20 ms without holding a
  /// thread.
  static func waitForFile(_ path: String, timeout: Double = 20) async throws {
    let end = Date().addingTimeInterval(timeout)
    while !FileManager.default.fileExists(atPath: path) {
      guard Date() < end else { throw RefreshTestError("no \(path) after \(timeout) s") }
      try await Task.sleep(nanoseconds: 20_000_000)
    }
  }

  /// Seconds since the epoch, now.
  static var now: Double { Date().timeIntervalSince1970 }
}

/// clerkctl running in the background; its output is read after it ends.
final class BackgroundCLI: @unchecked Sendable {
  private let child: SpawnedProcess

  init(_ arguments: [String], environment: [String: String], scratch: TemporaryDirectory) throws {
    child = try SpawnedProcess(
      BuiltProducts.path("clerkctl"), arguments, environment: environment, input: .null)
  }

  /// Sends `signal` to clerkctl.
  func signal(_ signal: Int32) { child.send(signal) }

  /// Waits for the exit (SIGKILL after `timeout`); returns the status (-1 when killed).
  func wait(timeout: Double = 20) async -> Int32 {
    let exit = await child.waitForExit(timeout: timeout)
    return exit.signaled ? -1 : exit.status
  }

  var stdout: String { child.stdout }
  var stderr: String { child.stderr }

  /// Kills clerkctl if it still runs; the child's own reaping thread collects it.
  deinit { child.send(SIGKILL) }
}

/// Something a refresh test waited for did not happen.
struct RefreshTestError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
