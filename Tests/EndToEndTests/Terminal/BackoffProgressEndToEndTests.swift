import ClerkTestSupport
import ClerkctlCore
import Foundation
import Testing

/// The wait between tries on a terminal: not silence, and advice that uses the server's
/// `Retry-After`.
@Suite("Back-off on a terminal, end to end", .tags(.resilience))
struct BackoffProgressEndToEndTests {
  @Test("three 429s with Retry-After 3: the waits are shown, and the advice says 3 s")
  func backoffShown() async throws {
    let bench = try await CLIFixture.signedIn(.binary)
    try await bench.fault([
      "path": .string(mintPath), "status": 429, "count": 3, "retry_after": "3",
    ])
    let terminal = try PseudoTerminal()
    let child = try SpawnedProcess(
      BuiltProducts.path("clerkctl"), ["token", "--template", "convex", "--force-refresh"],
      environment: bench.environment, input: .null, errorDescriptor: terminal.secondary)
    defer { child.send(SIGKILL) }
    let seen = await terminal.read(until: "try again", timeout: 30)
    #expect(await child.waitForExit() == SpawnedProcess.Exit(status: 5, signaled: false))
    #expect(
      seen.contains(
        "clerkctl: 127.0.0.1:\(bench.port) answered HTTP 429 (a 'convex' token); try 2 of 3 in 3 s…"
      ), "\(seen)")
    #expect(seen.contains("try 3 of 3 in 3 s…"), "\(seen)")
    #expect(seen.contains("Retry-After 3 s); try again in 3 s"), "\(seen)")
    #expect(!seen.contains("wait a minute"), "\(seen)")
  }
}
