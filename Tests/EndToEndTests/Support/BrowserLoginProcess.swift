import ClerkTestSupport
import ClerkctlCurl
import ClerkctlHTTP
import Foundation

/// A running `clerkctl login --oauth/--sso` whose stderr the test reads as it arrives (to pick
/// up the sign-in URL), with stdin kept open until the test closes it.
final class BrowserLoginProcess: @unchecked Sendable {
  private let child: SpawnedProcess

  /// Starts `clerkctl arguments…` with the fixture's environment, with `CI` unset (browser
  /// sign-in is refused in CI) and `extra` added to the environment.
  convenience init(
    _ fixture: CLIFixture, _ arguments: [String], extra: [String: String] = [:]
  ) throws {
    try self.init(environment: fixture.environment, arguments, extra: extra)
  }

  private init(
    environment base: [String: String], _ arguments: [String], extra: [String: String]
  ) throws {
    var environment = base
    environment["CI"] = nil
    environment.merge(extra) { _, new in new }
    child = try SpawnedProcess(
      BuiltProducts.path("clerkctl"), arguments, environment: environment)
  }

  /// Everything written to stderr so far.
  var stderr: String { child.stderr }

  /// Waits for the sign-in URL on stderr (the line after "Open this URL").
  func signInURL(timeout: Double = 30) async throws -> String {
    _ = await child.waitForOutput(timeout: timeout) { _, stderr in Self.url(in: stderr) != nil }
    guard let url = Self.url(in: child.stderr) else {
      throw BrowserTestError("no sign-in URL on stderr: \(child.stderr)")
    }
    return url
  }

  /// Waits until stderr contains `text`; returns stderr as it then is.
  func stderr(containing text: String, timeout: Double = 30) async -> String {
    _ = await child.waitForOutput(timeout: timeout) { _, stderr in stderr.contains(text) }
    return child.stderr
  }

  /// The line after "Open this URL" in `stderr`.
  private static func url(in stderr: String) -> String? {
    let lines = stderr.split(separator: "\n").map(String.init)
    guard let index = lines.firstIndex(where: { $0.hasPrefix("Open this URL") }),
      index + 1 < lines.count
    else { return nil }
    return lines[index + 1]
  }

  /// Writes a line to stdin.
  func send(_ line: String) { child.write(line + "\n") }

  /// Closes stdin.
  func closeInput() { child.closeInput() }

  /// Sends SIGINT (Ctrl-C).
  func interrupt() { child.send(SIGINT) }

  /// Closes stdin (unless `closingInput` is false) and waits for the exit; kills the process
  /// after `timeout` seconds.
  func finish(
    timeout: Double = 60, closingInput: Bool = true
  ) async -> (status: Int32, stdout: String, stderr: String) {
    if closingInput { closeInput() }
    let exit = await child.waitForExit(timeout: timeout)
    return (exit.status, child.stdout, child.stderr)
  }
}

/// A test helper failure with a message.
struct BrowserTestError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// Plays the browser over plain HTTP: GETs a URL and follows redirects by hand.
enum ScriptedBrowser {
  /// Follows redirects from `url` until a page that is not a redirect, or until a redirect
  /// to a URL starting with `stopPrefix` (returned without being fetched).
  static func follow(
    _ url: String, stopAt stopPrefix: String? = nil
  ) async throws -> (url: String, page: HTTPResponse?) {
    let http = HTTPClient.curl()
    var current = url
    for _ in 0..<10 {
      if let stopPrefix, current.hasPrefix(stopPrefix) { return (current, nil) }
      do {
        return (current, try await http.awaitedSend(HTTPRequest(method: "GET", url: current)))
      } catch let error as HTTPError {
        guard case .redirect(let location) = error.kind, !location.isEmpty else { throw error }
        current = location
      }
    }
    throw BrowserTestError("too many redirects from \(url)")
  }
}
