import ClerkKit
import ClerkTestSupport
import Foundation

/// A running `clerkctl login --oauth/--sso` whose stderr the test reads as it arrives (to pick
/// up the sign-in URL), with stdin kept open until the test closes it.
final class BrowserLoginProcess: @unchecked Sendable {
  private let process = Process()
  private let input = Pipe()
  private let condition = NSCondition()
  private var stderrBytes = Data()
  private var stdoutBytes = Data()
  private var streamsOpen = 2

  /// Starts `clerkctl arguments…` in the sandbox, with `CI` unset (browser sign-in is refused
  /// in CI) and `extra` added to the environment.
  init(_ sandbox: CLISandbox, _ arguments: [String], extra: [String: String] = [:]) throws {
    process.executableURL = URL(fileURLWithPath: BuiltProducts.path("clerkctl"))
    process.arguments = arguments
    var environment = sandbox.environment
    environment["CI"] = nil
    environment.merge(extra) { _, new in new }
    process.environment = environment
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    try process.run()
    for (pipe, isError) in [(out, false), (err, true)] {
      let thread = Thread { [self] in
        let handle = pipe.fileHandleForReading
        while true {
          let chunk = handle.availableData
          condition.lock()
          if chunk.isEmpty {
            streamsOpen -= 1
          } else if isError {
            stderrBytes.append(chunk)
          } else {
            stdoutBytes.append(chunk)
          }
          condition.broadcast()
          condition.unlock()
          if chunk.isEmpty { return }
        }
      }
      thread.start()
    }
  }

  /// Everything written to stderr so far.
  var stderr: String {
    condition.lock()
    defer { condition.unlock() }
    return String(decoding: stderrBytes, as: UTF8.self)
  }

  /// Waits for the sign-in URL on stderr (the line after "Open this URL").
  func signInURL(timeout: Double = 30) throws -> String {
    let until = Date().addingTimeInterval(timeout)
    condition.lock()
    defer { condition.unlock() }
    while true {
      let text = String(decoding: stderrBytes, as: UTF8.self)
      let lines = text.split(separator: "\n").map(String.init)
      if let index = lines.firstIndex(where: { $0.hasPrefix("Open this URL") }),
        index + 1 < lines.count
      {
        return lines[index + 1]
      }
      if streamsOpen == 0 || !condition.wait(until: until) {
        throw BrowserTestError("no sign-in URL on stderr: \(text)")
      }
    }
  }

  /// Writes a line to stdin.
  func send(_ line: String) {
    input.fileHandleForWriting.write(Data((line + "\n").utf8))
  }

  /// Closes stdin.
  func closeInput() { try? input.fileHandleForWriting.close() }

  /// Sends SIGINT (Ctrl-C).
  func interrupt() { kill(process.processIdentifier, SIGINT) }

  /// Closes stdin (unless `closingInput` is false) and waits for the exit; kills the process
  /// after `timeout` seconds.
  func finish(
    timeout: Double = 60, closingInput: Bool = true
  ) -> (status: Int32, stdout: String, stderr: String) {
    if closingInput { closeInput() }
    let done = DispatchSemaphore(value: 0)
    let process = self.process
    DispatchQueue.global().async {
      process.waitUntilExit()
      done.signal()
    }
    if done.wait(timeout: .now() + timeout) == .timedOut {
      kill(process.processIdentifier, SIGKILL)
      done.wait()
    }
    let until = Date().addingTimeInterval(10)
    condition.lock()
    while streamsOpen > 0, condition.wait(until: until) {}
    let out = String(decoding: stdoutBytes, as: UTF8.self)
    let err = String(decoding: stderrBytes, as: UTF8.self)
    condition.unlock()
    return (process.terminationStatus, out, err)
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
  ) throws -> (url: String, page: HTTPResponse?) {
    let http = HTTPClient.curl()
    var current = url
    for _ in 0..<10 {
      if let stopPrefix, current.hasPrefix(stopPrefix) { return (current, nil) }
      do {
        return (current, try http.send(HTTPRequest(method: "GET", url: current)))
      } catch let error as HTTPError {
        guard case .redirect(let location) = error.kind, !location.isEmpty else { throw error }
        current = location
      }
    }
    throw BrowserTestError("too many redirects from \(url)")
  }
}
