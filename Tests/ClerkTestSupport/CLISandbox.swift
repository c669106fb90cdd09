import Foundation

/// Runs the built `clerkctl` with a private HOME and config dir, pointed at an emulator.
public final class CLISandbox: @unchecked Sendable {
  public let home = TemporaryDirectory(prefix: "clerkctl-home")
  /// The environment every run gets (add to it per run with `extra`).
  public var environment: [String: String]

  public init(emulator: EmulatorProcess?) {
    var env: [String: String] = [
      "HOME": home.path,
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
      "LANG": "C.UTF-8",
      "CI": "true",
    ]
    if let emulator { env["CLERK_FAPI_URL"] = emulator.fapiURL }
    environment = env
  }

  /// The default config dir for this sandbox.
  public var configDir: String { home.path + "/.config/clerkctl" }

  /// Runs `clerkctl arguments…` with `stdin`, returning status and output; the child is
  /// awaited on a thread of its own.
  public func run(
    _ arguments: [String], stdin: String? = nil, extra: [String: String] = [:],
    timeout: Double = 60
  ) async throws -> ProcessResult {
    let env = environment.merging(extra) { _, new in new }
    return try await ProcessRun.run(
      BuiltProducts.path("clerkctl"), arguments, environment: env, stdin: stdin, timeout: timeout)
  }
}
