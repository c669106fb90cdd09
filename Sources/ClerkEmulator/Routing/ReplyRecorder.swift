import ClerkctlCore
import ClerkctlHTTP
import Foundation

/// Writes every Frontend and Backend API reply the emulator serves to a directory, one JSON file
/// per reply, for the conformance check against Clerk's OpenAPI specs
/// (`Tests/ClerkEmulatorTests/Fixtures/conformance/validate_replies.py`).
///
/// A recording is `{"surface","method","template","path","status","content_type","body"}`
/// (`body_text` instead of `body` when the body is not JSON). Replies of injected faults, the
/// Convex API and the test surface are not recorded: Clerk's specs do not describe them.
package final class ReplyRecorder: Sendable {
  /// The environment variable naming the directory: `make test` sets it so that every emulator
  /// the suite starts, in process or as a child process, records.
  package static let environmentVariable = "CLERK_EMULATOR_RECORD_REPLIES"

  /// Where the recordings go.
  package let directory: URL
  private let prefix: String
  private let counter = Counter()

  /// Records into `directory` (created when missing).
  package init(directory: URL) {
    self.directory = directory
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    prefix = "\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"
  }

  /// The recorder the environment asks for, if any.
  package static func fromEnvironment() -> ReplyRecorder? {
    guard let path = ProcessInfo.processInfo.environment[environmentVariable], !path.isEmpty
    else { return nil }
    return ReplyRecorder(directory: URL(fileURLWithPath: path))
  }

  /// Records one reply served by `route`.
  func record(_ route: Route, path: String, response: HTTPResponse) {
    guard route.surface == .frontend || route.surface == .backend else { return }
    let type = response.headers["Content-Type"] ?? ""
    var json: [String: JSONValue] = [
      "surface": .string(route.surface.rawValue), "method": .string(route.method),
      "template": .string(route.template), "path": .string(path),
      "status": .int(Int64(response.status)), "content_type": .string(type),
    ]
    if !type.lowercased().hasPrefix("application/json") {
      guard !response.body.isEmpty else { return }
      // A body that is not JSON is only recorded where the spec expects JSON; the validator
      // decides (it skips statuses whose documented response has no JSON content).
      if type.lowercased().hasPrefix("text/html") { return }
      json["body_text"] = .string(String(decoding: response.body, as: UTF8.self))
    } else if let body = try? JSONValue(parsing: response.body) {
      json["body"] = body
    } else {
      json["body_text"] = .string(String(decoding: response.body, as: UTF8.self))
    }
    let name = "\(prefix)-\(counter.next()).json"
    try? Data(JSONValue.object(json).encodedBytes).write(
      to: directory.appendingPathComponent(name), options: .atomic)
  }
}

/// A thread-safe increasing counter.
private final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0

  func next() -> Int {
    lock.withLock {
      value += 1
      return value
    }
  }
}
