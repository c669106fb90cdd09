import ClerkKit
import ClerkTestSupport
import Foundation
import Testing

/// One emulator and one private clerkctl sandbox, signed in as the demo user: the bench every
/// resilience test starts from.
final class ResilienceBench: @unchecked Sendable {
  let emulator: EmulatorProcess
  let sandbox: CLISandbox
  let admin: EmulatorAdmin

  /// Starts an emulator (with `arguments`) and, when `signedIn`, signs the sandbox in.
  init(arguments: [String] = [], signedIn: Bool = true) throws {
    emulator = try EmulatorProcess(arguments: arguments)
    sandbox = CLISandbox(emulator: emulator)
    admin = EmulatorAdmin(emulator)
    if signedIn {
      let login = try sandbox.run(
        ["login", "--identifier", "demo@example.com", "--password-stdin"],
        stdin: "demo-password\n")
      try #require(login.status == 0, "login failed: \(login.stderr)")
      try clearRequests()
    }
  }

  /// The emulator's port.
  var port: Int { Int(emulator.fapiURL.split(separator: ":").last ?? "") ?? 0 }

  /// The credential file of the default profile.
  var credentialPath: String { sandbox.configDir + "/profiles/default.json" }

  /// The credential file's bytes.
  func credentialBytes() throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: credentialPath))
  }

  /// Makes the stored sign-in belong to `fapiURL` (as if made there): a credential is sent only
  /// to the instance that issued it, so a test that points clerkctl at a faulty server binds
  /// the profile to it first.
  func bindCredential(to fapiURL: String) throws {
    guard case .object(var members) = try JSONValue(parsing: Array(try credentialBytes())) else {
      throw CocoaError(.fileReadCorruptFile)
    }
    members["fapi_url"] = .string(fapiURL)
    try Data((JSONValue.object(members).prettyEncoded + "\n").utf8).write(
      to: URL(fileURLWithPath: credentialPath))
    #expect(chmod(credentialPath, 0o600) == 0)
  }

  /// Runs clerkctl in the sandbox.
  func run(
    _ arguments: [String], stdin: String? = nil, extra: [String: String] = [:]
  ) throws -> ProcessResult {
    try sandbox.run(arguments, stdin: stdin, extra: extra)
  }

  /// Queues a fault (`POST /__emulator/faults`).
  func fault(_ fault: JSONValue) throws {
    try admin.fault(fault)
  }

  /// The request log: `(method, path, status)` for each request, oldest first.
  func requests() throws -> [(method: String, path: String, status: Int64)] {
    try admin.requests().map { ($0.method, $0.path, Int64($0.status)) }
  }

  /// How many token mints the emulator saw.
  func mintCount() throws -> Int {
    try requests().filter { $0.method == "POST" && $0.path.contains("/tokens") }.count
  }

  func clearRequests() throws {
    try admin.clearRequests()
  }
}

/// The pattern matching every token mint.
let mintPath = "/v1/client/sessions/*/tokens*"

/// Runs `body` for each element on its own thread at once and returns the results in order.
func inParallel<T: Sendable, R: Sendable>(
  _ items: [T], _ body: @escaping @Sendable (T) throws -> R
) -> [Result<R, any Error>] {
  let results = ResultBox<R>(count: items.count)
  let group = DispatchGroup()
  for (index, item) in items.enumerated() {
    group.enter()
    Thread.detachNewThread {
      results.set(index, Result { try body(item) })
      group.leave()
    }
  }
  group.wait()
  return results.values
}

private final class ResultBox<R: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [Result<R, any Error>?]

  init(count: Int) { storage = Array(repeating: nil, count: count) }

  func set(_ index: Int, _ value: Result<R, any Error>) {
    lock.lock()
    defer { lock.unlock() }
    storage[index] = value
  }

  var values: [Result<R, any Error>] {
    lock.lock()
    defer { lock.unlock() }
    return storage.map { $0 ?? .failure(CancellationError()) }
  }
}
