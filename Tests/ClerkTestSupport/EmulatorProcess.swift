import ClerkctlCore
import Foundation

/// A running `clerk-emulator` child process on a free loopback port, for end-to-end tests.
/// Stopped (SIGTERM) by `stop()` or when released.
public final class EmulatorProcess: @unchecked Sendable {
  public let fapiURL: String
  public let apiURL: String
  public let convexURL: String
  public let jwksURL: String
  public let publishableKey: String
  public let secretKey: String
  /// The run's test token (`test_token`), which the test surface asks for.
  public let testToken: String
  /// The whole ready line, parsed.
  package let ready: JSONValue
  private let child: SpawnedProcess
  /// The directory of the signing key file this child was given (``SigningKey/testKey``).
  private let keyDirectory: TemporaryDirectory?
  /// The ``ChildSlots`` slot of the test that awaited this emulator (given back on release).
  fileprivate let slot = Lock<ChildSlots.Slot?>(nil)
  /// The ports this child listened on, held from its exit until release (``holdPorts()``).
  private let heldPorts = Lock<[RefusingPort]>([])

  /// Where a child's signing key comes from.
  public enum SigningKey: Sendable {
    /// The test key in `Resources/emulator` (unless `arguments` name a `--key-file`), under an
    /// instance id of this start's own: no child spends the CPU on generating a key, and none
    /// makes a request wait for one (see that directory's README).
    case testKey
    /// Whatever the emulator does with its arguments: generate one in the background, or use
    /// the config's `key_file` (for the tests of exactly that).
    case emulatorsOwn
  }

  /// Starts the emulator and waits for its one-line ready message.
  public init(
    arguments: [String] = [], environment: [String: String] = [:],
    signingKey: SigningKey = .testKey
  ) throws {
    var env = ProcessInfo.processInfo.environment
    env.merge(environment) { _, new in new }
    var keyArguments: [String] = []
    if case .testKey = signingKey, !arguments.contains("--key-file") {
      let directory = TemporaryDirectory(prefix: "emulator-key")
      let path = directory.file("signing-key.pem")
      try Data(try Self.testKeyFile().utf8).write(to: URL(fileURLWithPath: path))
      chmod(path, 0o600)
      keyArguments = ["--key-file", path]
      keyDirectory = directory
    } else {
      keyDirectory = nil
    }
    let child = try SpawnedProcess(
      BuiltProducts.path("clerk-emulator"), ["--port", "0", "--quiet"] + keyArguments + arguments,
      environment: env, input: .null)
    self.child = child
    _ = child.waitForOutput(timeout: 60) { stdout, _ in stdout.contains("\n") }
    let line = child.stdout
    let text = line.split(separator: "\n").first.map(String.init)
    guard let text, let ready = try? JSONValue(parsing: text),
      let fapi = ready["fapi_url"]?.stringValue, let api = ready["api_url"]?.stringValue,
      let convex = ready["convex_url"]?.stringValue, let jwks = ready["jwks_url"]?.stringValue,
      let pk = ready["publishable_key"]?.stringValue, let sk = ready["secret_key"]?.stringValue,
      let token = ready["test_token"]?.stringValue
    else {
      child.send(SIGKILL)
      child.waitForExit()
      throw EmulatorStartError(line: line + child.stderr)
    }
    fapiURL = fapi
    apiURL = api
    convexURL = convex
    jwksURL = jwks
    publishableKey = pk
    secretKey = sk
    testToken = token
    self.ready = ready
  }

  /// Starts the emulator on a thread of its own and awaits its ready line.
  public static func start(
    arguments: [String] = [], environment: [String: String] = [:],
    signingKey: SigningKey = .testKey
  ) async throws -> EmulatorProcess {
    let slot = await ChildSlots.shared.take()
    let emulator = try await onOwnThread {
      try EmulatorProcess(arguments: arguments, environment: environment, signingKey: signingKey)
    }
    emulator.slot.withLock { $0 = slot }
    return emulator
  }

  /// Stops the emulator (SIGTERM) and waits for it; returns its exit status.
  ///
  /// Its ports stay refused until this value goes (``holdPorts()``).
  @discardableResult
  public func stop() -> Int32 {
    child.send(SIGTERM)
    defer { holdPorts() }
    return child.waitForExit().status
  }

  /// Stops the emulator (SIGTERM) and awaits its exit; returns its exit status.
  ///
  /// Its ports stay refused until this value goes (``holdPorts()``).
  @discardableResult
  public func stop() async -> Int32 {
    child.send(SIGTERM)
    defer { holdPorts() }
    return await child.waitForExit().status
  }

  /// Stops the emulator (SIGTERM) and awaits its exit for at most `timeout` seconds (then
  /// SIGKILL); returns its exit status.
  ///
  /// Its ports stay refused until this value goes (``holdPorts()``).
  public func stop(timeout: Double) async -> Int32 {
    child.send(SIGTERM)
    defer { holdPorts() }
    return await child.waitForExit(timeout: timeout).status
  }

  /// The port of ``fapiURL`` (the emulator serves every surface on it).
  public var port: UInt16 { UInt16(fapiURL.split(separator: ":").last ?? "") ?? 0 }

  /// Binds the stopped child's port (every surface is served on it) without listening, so a
  /// test that stopped the emulator to see clerkctl find Clerk unreachable is refused, and never
  /// answered by a server a parallel test was given the freed port for (seen: `whoami`
  /// answered "signed out", exit 4, instead of "unreachable", exit 5). A port someone took in
  /// the instant since the exit stays theirs.
  private func holdPorts() {
    guard let held = try? RefusingPort(holding: port) else { return }
    heldPorts.withLock { $0.append(held) }
  }

  /// Sends SIGTERM without waiting: the child's own reaping thread collects it.
  deinit { child.send(SIGTERM) }

  /// The test key's PEM, read once.
  private static let testKeyPEM = Result<String, any Error> {
    guard let root = Bundle.module.url(forResource: "Resources", withExtension: nil) else {
      throw EmulatorStartError(line: "the ClerkTestSupport resources are missing from the build")
    }
    let url = root.appendingPathComponent("emulator").appendingPathComponent("signing-key.pem")
    return try String(contentsOf: url, encoding: .utf8)
  }

  /// A key file holding the test key under a new instance id (`ins_` and 27 letters or digits,
  /// as the emulator names its instances), so that no two children share a `kid`.
  private static func testKeyFile() throws -> String {
    let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
    let id = "ins_" + String((0..<27).map { _ in alphabet[Int.random(in: 0..<alphabet.count)] })
    return "clerk-emulator instance \(id)\n" + (try testKeyPEM.get())
  }
}

/// The emulator did not print its ready line.
public struct EmulatorStartError: Error, CustomStringConvertible {
  public var line: String
  public var description: String { "clerk-emulator did not start; printed: \(line)" }
}

extension EmulatorProcess {
  /// An emulator with the seed users and a `convex` template whose tokens live an hour, for
  /// tests that check a token is served from a cache: with Clerk's default 60 s, a machine slow
  /// enough between two calls would legitimately mint a new one.
  private static func startWithLongLivedTokens() throws -> EmulatorProcess {
    let directory = TemporaryDirectory(prefix: "emulator-config")
    let config = """
      {"users": [
        {"email": "demo@example.com", "password": "demo-password", "first_name": "Demo"},
        {"email": "demo+clerk_test@example.com"},
        {"email": "mfa@example.com", "password": "demo-password", "totp_secret": "JBSWY3DPEHPK3PXP",
         "backup_codes": ["backup-0008"]},
        {"username": "phoneuser", "phone": "+15555550100"}
       ],
       "templates": [
        {"name": "convex", "claims": {"aud": "convex", "sub": "{{user.id}}"}, "lifetime": 3600}
       ]}
      """
    let path = directory.file("config.json")
    try Data(config.utf8).write(to: URL(fileURLWithPath: path))
    return try EmulatorProcess(arguments: ["--config", path])
  }

  /// ``startWithLongLivedTokens()`` on a thread of its own, awaited.
  public static func withLongLivedTokens() async throws -> EmulatorProcess {
    let slot = await ChildSlots.shared.take()
    let emulator = try await onOwnThread { try startWithLongLivedTokens() }
    emulator.slot.withLock { $0 = slot }
    return emulator
  }
}
