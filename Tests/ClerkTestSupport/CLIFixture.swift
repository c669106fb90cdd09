import ClerkCLI
import ClerkEmulator
import ClerkctlCore
import ClerkctlCrypto
import ClerkctlCurl
import ClerkctlHTTP
import ClerkctlKeyring
import Foundation
import Testing

/// clerkctl with a private HOME and config dir, pointed at an emulator: the one fixture for
/// command tests, signed in with ``signIn(profile:email:)`` (or, for the few that need no
/// Clerk, with no emulator: ``withoutEmulator()``).
///
/// `.inProcess` (the default) runs `CLI.run` against an ``InMemoryEmulator`` — no ports, no
/// child processes — with clerkctl and the emulator on one ``TestClock`` (``time``), so time
/// moves only when the test advances it. `.binary` runs the built `clerkctl` against a
/// `clerk-emulator` child over loopback, for what only the real binary and wire can show.
package final class CLIFixture: Sendable {
  package enum Mode: Sendable {
    case inProcess, binary
  }

  package let mode: Mode
  package let home = TemporaryDirectory(prefix: "clerkctl-home")
  /// The environment every run gets (add to it per run with `extra`).
  package let environment: [String: String]
  /// The emulator's Frontend API URL (also its Backend API and Convex URL).
  package let fapiURL: String
  /// The emulator's Backend API secret key.
  package let secretKey: String
  /// The emulator's test surface and Backend API.
  package let admin: EmulatorAdmin
  /// The emulator in memory (`.inProcess`).
  package let inMemory: InMemoryEmulator?
  /// The emulator child process (`.binary`).
  package let process: EmulatorProcess?
  /// The keyring in-process runs get (`.binary` runs use the real one): by default one that
  /// refuses every call; a test sets an ``InMemoryKeyring`` with ``useKeyring(_:)``.
  private let keyring = Lock<any SecretKeyring>(UnconfiguredKeyring())

  /// Starts an emulator: in memory with `configuration` and a clock whose sleeps do `sleeping`,
  /// or as a child with `emulatorArguments` (blocking: async tests await the other `init`).
  package convenience init(
    _ mode: Mode = .inProcess, configuration: EmulatorConfiguration = .seed,
    sleeping: TestClock.Sleeping = .recordsOnly, emulatorArguments: [String] = []
  ) throws {
    switch mode {
    case .inProcess:
      try self.init(
        inMemory: InMemoryEmulator(
          configuration: configuration, time: TestClock(sleeping: sleeping)))
    case .binary:
      self.init(process: try EmulatorProcess(arguments: emulatorArguments))
    }
  }

  /// As above; a `.binary` emulator child is started on a thread of its own and awaited.
  package convenience init(
    _ mode: Mode = .inProcess, configuration: EmulatorConfiguration = .seed,
    sleeping: TestClock.Sleeping = .recordsOnly, emulatorArguments: [String] = []
  ) async throws {
    switch mode {
    case .inProcess:
      try self.init(
        inMemory: InMemoryEmulator(
          configuration: configuration, time: TestClock(sleeping: sleeping)))
    case .binary:
      self.init(process: try await EmulatorProcess.start(arguments: emulatorArguments))
    }
  }

  /// The built `clerkctl` with a private HOME and no emulator (`jwt` against other servers,
  /// TLS): `fapiURL` and `secretKey` are empty (an empty `CLERK_FAPI_URL` counts as unset) and
  /// `admin` reaches nothing.
  package static func withoutEmulator() -> CLIFixture {
    CLIFixture(
      mode: .binary, inMemory: nil, process: nil, fapiURL: "", secretKey: "",
      admin: EmulatorAdmin(baseURL: "", secretKey: "", testToken: "", http: .curl()))
  }

  private convenience init(inMemory emulator: InMemoryEmulator) {
    self.init(
      mode: .inProcess, inMemory: emulator, process: nil, fapiURL: emulator.fapiURL,
      secretKey: emulator.secretKey, admin: EmulatorAdmin(emulator))
  }

  private convenience init(process emulator: EmulatorProcess) {
    self.init(
      mode: .binary, inMemory: nil, process: emulator, fapiURL: emulator.fapiURL,
      secretKey: emulator.secretKey, admin: EmulatorAdmin(emulator))
  }

  private init(
    mode: Mode, inMemory: InMemoryEmulator?, process: EmulatorProcess?, fapiURL: String,
    secretKey: String, admin: EmulatorAdmin
  ) {
    self.mode = mode
    self.inMemory = inMemory
    self.process = process
    self.fapiURL = fapiURL
    self.secretKey = secretKey
    self.admin = admin
    environment = [
      "HOME": home.path,
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
      "LANG": "C.UTF-8",
      "CI": "true",
      "CLERK_FAPI_URL": fapiURL,
    ].merging(Sanitizer.childEnvironment) { own, _ in own }
    // HOME's .config as a user's is, whatever the umask the tests run under (CI's may be 000):
    // clerkctl refuses a config dir below a directory others can write.
    mkdir(home.path + "/.config", 0o700)
  }

  /// A fixture whose default profile is signed in as demo@example.com, with the emulator's
  /// request log emptied afterwards.
  package static func signedIn(
    _ mode: Mode = .inProcess, emulatorArguments: [String] = []
  ) throws -> CLIFixture {
    let fixture = try CLIFixture(mode, emulatorArguments: emulatorArguments)
    try fixture.signIn()
    try fixture.admin.clearRequests()
    return fixture
  }

  /// ``signedIn(_:emulatorArguments:)`` that awaits the emulator child and the sign-in.
  package static func signedIn(
    _ mode: Mode = .inProcess, emulatorArguments: [String] = []
  ) async throws -> CLIFixture {
    let fixture = try await CLIFixture(mode, emulatorArguments: emulatorArguments)
    try await fixture.signIn()
    try await fixture.admin.clearRequests()
    return fixture
  }

  /// The emulator child process (`.binary` only).
  package var emulator: EmulatorProcess {
    guard let process else { preconditionFailure("an in-process fixture has no emulator child") }
    return process
  }

  /// The emulator's port.
  package var port: Int { Int(fapiURL.split(separator: ":").last ?? "") ?? 0 }

  /// The signed-in user's id on the default profile ("" when signed out).
  package var userID: String { (try? credential()["user_id"]?.stringValue) ?? "" }

  /// The clock of clerkctl and the emulator (`.inProcess`; the system clock's time otherwise).
  package var time: TestClock? { inMemory?.time }

  /// The time clerkctl and the emulator agree on.
  package var now: Date { inMemory?.time.now ?? Date() }

  /// The default config dir of the fixture's HOME.
  package var configDir: String { home.path + "/.config/clerkctl" }

  /// The credential file of `profile`.
  package func credentialPath(profile: String = "default") -> String {
    configDir + "/profiles/\(profile).json"
  }

  /// Runs `clerkctl arguments…` with `stdin` and `extra` environment variables (`.binary`:
  /// blocking the calling thread; async tests await the other `run`).
  package func run(
    _ arguments: [String], stdin: String? = nil, extra: [String: String] = [:],
    timeout: Double = 60
  ) throws -> ProcessResult {
    let environment = self.environment.merging(extra) { _, new in new }
    guard let inMemory else {
      return try ProcessRun.run(
        BuiltProducts.path("clerkctl"), arguments, environment: environment, stdin: stdin,
        timeout: timeout)
    }
    return runInProcess(arguments, stdin: stdin, environment: environment, emulator: inMemory)
  }

  /// Runs `clerkctl arguments…` as above; the built binary is awaited on a thread of its own,
  /// `CLI.run` in process runs on the caller's.
  package func run(
    _ arguments: [String], stdin: String? = nil, extra: [String: String] = [:],
    timeout: Double = 60
  ) async throws -> ProcessResult {
    let environment = self.environment.merging(extra) { _, new in new }
    guard let inMemory else {
      return try await ProcessRun.run(
        BuiltProducts.path("clerkctl"), arguments, environment: environment, stdin: stdin,
        timeout: timeout)
    }
    return runInProcess(arguments, stdin: stdin, environment: environment, emulator: inMemory)
  }

  private func runInProcess(
    _ arguments: [String], stdin: String?, environment: [String: String],
    emulator inMemory: InMemoryEmulator
  ) -> ProcessResult {
    let (terminal, recorder) = Terminal.capturing(input: stdin ?? "")
    var context = CommandContext(
      terminal: terminal, environment: environment, clock: inMemory.time.clock)
    let http = inMemory.http
    context.makeHTTPClient = { _ in http }
    context.launchBrowser = { _, _ in false }
    context.spawnGate = ExecutableFile.spawnGate
    context.keyring = keyring.withLock { $0 }
    let status = CLI.run(arguments: arguments, context: context)
    return ProcessResult(
      status: status, stdout: recorder.output, stderr: recorder.error, signaled: false)
  }

  /// Makes in-process runs use `keyring` as the OS keyring.
  package func useKeyring(_ keyring: any SecretKeyring) {
    self.keyring.withLock { $0 = keyring }
  }

  /// Signs `profile` in (the default profile when nil) with `email`'s password on stdin.
  @discardableResult
  package func signIn(
    profile: String? = nil, email: String = "demo@example.com",
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> ProcessResult {
    let result = try run(Self.signInArguments(profile: profile, email: email), stdin: password)
    try #require(
      result.status == 0, "login failed: \(result.stderr)", sourceLocation: sourceLocation)
    return result
  }

  /// ``signIn(profile:email:sourceLocation:)``, awaiting the built binary.
  @discardableResult
  package func signIn(
    profile: String? = nil, email: String = "demo@example.com",
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> ProcessResult {
    let result = try await run(
      Self.signInArguments(profile: profile, email: email), stdin: password)
    try #require(
      result.status == 0, "login failed: \(result.stderr)", sourceLocation: sourceLocation)
    return result
  }

  private var password: String { "demo-password\n" }

  private static func signInArguments(profile: String?, email: String) -> [String] {
    var arguments = ["login", "--identifier", email, "--password-stdin"]
    if let profile { arguments += ["--profile", profile] }
    return arguments
  }

  /// The stored credential of `profile`, read as a user would (the JSON file).
  package func credential(profile: String = "default") throws -> JSONValue {
    try JSONValue(
      parsing: Array(try Data(contentsOf: URL(fileURLWithPath: credentialPath(profile: profile)))))
  }

  /// The credential file's bytes.
  package func credentialBytes(profile: String = "default") throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: credentialPath(profile: profile)))
  }

  /// Sends a Backend API request to the emulator with its secret key.
  package func backend(_ method: String, _ path: String, json: JSONValue) throws -> HTTPResponse {
    let http = inMemory?.http ?? HTTPClient.curl()
    return try http.send(
      HTTPRequest(
        method: method, url: fapiURL + path,
        headers: ["Authorization": "Bearer \(secretKey)", "Content-Type": "application/json"],
        body: json.encodedBytes))
  }

  /// ``backend(_:_:json:)``, awaited off the cooperative threads.
  package func backend(
    _ method: String, _ path: String, json: JSONValue
  ) async throws
    -> HTTPResponse
  {
    try await onOwnThread { try self.backend(method, path, json: json) }
  }

  /// Queues a fault (`POST /__emulator/faults`).
  package func fault(_ fault: JSONValue) throws {
    try admin.fault(fault)
  }

  /// The request log: `(method, path, status)` for each request, oldest first.
  package func requests() throws -> [(method: String, path: String, status: Int64)] {
    try admin.requests().map { ($0.method, $0.path, Int64($0.status)) }
  }

  /// Empties the emulator's request log.
  package func clearRequests() throws {
    try admin.clearRequests()
  }

  /// Makes the emulator unreachable (stops the child, or refuses every request in memory).
  package func stopEmulator() {
    inMemory?.stop()
    process?.stop()
  }

  /// How many token mints the emulator has answered.
  package func mintCount() throws -> Int {
    try admin.requests().filter { $0.method == "POST" && $0.path.contains("/tokens") }.count
  }

  /// ``fault(_:)``, awaited.
  package func fault(_ fault: JSONValue) async throws {
    try await admin.fault(fault)
  }

  /// ``requests()``, awaited.
  package func requests() async throws -> [(method: String, path: String, status: Int64)] {
    try await admin.requests().map { ($0.method, $0.path, Int64($0.status)) }
  }

  /// ``clearRequests()``, awaited.
  package func clearRequests() async throws {
    try await admin.clearRequests()
  }

  /// ``stopEmulator()``, awaiting the child's exit.
  package func stopEmulator() async {
    inMemory?.stop()
    await process?.stop()
  }

  /// ``mintCount()``, awaited.
  package func mintCount() async throws -> Int {
    try await admin.requests().filter { $0.method == "POST" && $0.path.contains("/tokens") }
      .count
  }

  /// The current TOTP code for the seeded MFA user (secret `JBSWY3DPEHPK3PXP`) on the
  /// emulator's clock.
  package func totpCode() throws -> String {
    let secret = try #require(Base32.decode("JBSWY3DPEHPK3PXP"))
    return TOTP.code(secret: secret, time: Int64(now.timeIntervalSince1970))
  }
}

/// The claims of a JWT printed by clerkctl (not verified here; other tests verify signatures).
package func claims(of jwt: String) throws -> JSONValue {
  let parts = jwt.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".")
  try #require(parts.count == 3, "not a JWT: \(jwt)")
  let bytes = try #require(Base64URL.decode(String(parts[1])))
  return try JSONValue(parsing: bytes)
}
