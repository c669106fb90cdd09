import ClerkTestSupport
import ClerkctlCore
import Foundation
import Testing

/// The progress line through the built binary: on a real terminal (a pseudo-terminal) for a
/// call that takes over a second, and never off a terminal or with --json.
@Suite("Progress on slow calls, end to end", .tags(.resilience))
struct ProgressEndToEndTests {
  private let token = ["token", "--template", "convex", "--force-refresh"]

  @Test("On a terminal a slow mint shows one line on stderr and clears it")
  func onTerminal() async throws {
    let bench = try await CLIFixture.signedIn(.binary)
    try await bench.fault(["path": .string(mintPath), "delay_ms": 2500, "count": 1])
    let terminal = try PseudoTerminal()
    let child = try SpawnedProcess(
      BuiltProducts.path("clerkctl"), token, environment: bench.environment,
      input: .null, errorDescriptor: terminal.secondary)
    defer {
      child.send(SIGKILL)
    }
    let seen = await terminal.read(until: "…\r\u{1B}[K", timeout: 30)
    #expect(await child.waitForExit() == SpawnedProcess.Exit(status: 0, signaled: false))
    #expect(seen.contains("clerkctl: waiting for 127.0.0.1:\(bench.port)…"), "\(seen)")
    #expect(seen.hasSuffix("\r\u{1B}[K"), "\(seen)")
  }

  @Test("On a terminal with --json, a slow call prints no progress")
  func jsonOnTerminal() async throws {
    let bench = try await CLIFixture.signedIn(.binary)
    try await bench.fault(["path": .string(mintPath), "delay_ms": 1500, "count": 1])
    let terminal = try PseudoTerminal()
    let child = try SpawnedProcess(
      BuiltProducts.path("clerkctl"), token + ["--json"], environment: bench.environment,
      input: .null, errorDescriptor: terminal.secondary)
    defer {
      child.send(SIGKILL)
    }
    #expect(await child.waitForExit() == SpawnedProcess.Exit(status: 0, signaled: false))
    let seen = await terminal.read(until: "waiting", timeout: 1)
    #expect(!seen.contains("waiting"), "\(seen)")
  }

  @Test("Off a terminal, and with --json, a slow call prints no progress")
  func offTerminal() async throws {
    let bench = try await CLIFixture.signedIn(.binary)
    try await bench.fault(["path": .string(mintPath), "delay_ms": 1500, "count": 2])
    let plain = try await bench.run(token)
    #expect(plain.status == 0, "\(plain.stderr)")
    #expect(plain.stderr.isEmpty, "\(plain.stderr)")
    let json = try await bench.run(token + ["--json"])
    #expect(json.status == 0, "\(json.stderr)")
    #expect(json.stderr.isEmpty, "\(json.stderr)")
  }
}
