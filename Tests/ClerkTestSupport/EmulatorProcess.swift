import ClerkKit
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
  /// The whole ready line, parsed.
  package let ready: JSONValue
  private let process: Process

  /// Starts the emulator and waits for its one-line ready message.
  public init(arguments: [String] = [], environment: [String: String] = [:]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: BuiltProducts.path("clerk-emulator"))
    process.arguments = ["--port", "0", "--quiet"] + arguments
    var env = ProcessInfo.processInfo.environment
    env.merge(environment) { _, new in new }
    process.environment = env
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    self.process = process
    let line = out.fileHandleForReading.readThroughFirstLine()
    let text = String(decoding: line, as: UTF8.self).split(separator: "\n").first.map(String.init)
    guard let text, let ready = try? JSONValue(parsing: text),
      let fapi = ready["fapi_url"]?.stringValue, let api = ready["api_url"]?.stringValue,
      let convex = ready["convex_url"]?.stringValue, let jwks = ready["jwks_url"]?.stringValue,
      let pk = ready["publishable_key"]?.stringValue, let sk = ready["secret_key"]?.stringValue
    else {
      process.terminate()
      throw EmulatorStartError(line: String(decoding: line, as: UTF8.self))
    }
    fapiURL = fapi
    apiURL = api
    convexURL = convex
    jwksURL = jwks
    publishableKey = pk
    secretKey = sk
    self.ready = ready
  }

  /// Stops the emulator (SIGTERM) and waits for it; returns its exit status.
  @discardableResult
  public func stop() -> Int32 {
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
    }
    return process.terminationStatus
  }

  deinit { stop() }
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
  public static func withLongLivedTokens() throws -> EmulatorProcess {
    let directory = TemporaryDirectory(prefix: "emulator-config")
    let config = """
      {"users": [
        {"email": "demo@example.com", "password": "demo-password", "first_name": "Demo"},
        {"email": "demo+clerk_test@example.com"},
        {"email": "mfa@example.com", "password": "demo-password", "totp_secret": "JBSWY3DPEHPK3PXP"}
       ],
       "templates": [
        {"name": "convex", "claims": {"aud": "convex", "sub": "{{user.id}}"}, "lifetime": 3600}
       ]}
      """
    let path = directory.file("config.json")
    try Data(config.utf8).write(to: URL(fileURLWithPath: path))
    return try EmulatorProcess(arguments: ["--config", path])
  }
}
