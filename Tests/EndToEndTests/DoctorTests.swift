import ClerkKit
import ClerkTestSupport
import Foundation
import Testing

/// `clerkctl doctor` through the built binary, against a real emulator (the other checks run in
/// process: ClerkCLITests' DoctorCommandTests).
@Suite("clerkctl doctor")
struct DoctorTests {
  let fixture: CLIFixture

  init() async throws {
    fixture = try await CLIFixture(.binary)
  }

  private func lines(_ result: ProcessResult) -> [String] {
    result.stdout.split(separator: "\n").map(String.init)
  }

  @Test("a healthy setup passes every check and exits 0")
  func healthy() async throws {
    try await fixture.signIn()
    let result = try await fixture.run(["doctor"])
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    let names = lines(result).compactMap { $0.split(separator: ":").first.map(String.init) }
    #expect(
      names == [
        "✓ instance configured", "✓ instance reachable", "✓ credential file", "✓ signed in",
        "✓ session live", "✓ template mints", "✓ iss", "✓ aud", "✓ sub", "✓ signature",
        "✓ clock",
      ])
    #expect(result.stdout.contains("\u{1B}") == false, "no colour off a terminal")
  }
}
