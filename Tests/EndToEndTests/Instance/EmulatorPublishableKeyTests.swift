import ClerkTestSupport
import ClerkctlCore
import ClerkctlWire
import Foundation
import Testing

/// The emulator's own publishable key is a working instance address for clerkctl.
@Suite("The emulator's publishable key end to end")
struct EmulatorPublishableKeyTests {
  @Test("CLERK_PUBLISHABLE_KEY=<the emulator's key> clerkctl login signs in over http://127.0.0.1")
  func login() async throws {
    let emulator = try await EmulatorProcess.start()
    // The key encodes HOST:PORT; nothing else names the instance.
    let key = try PublishableKey(emulator.publishableKey)
    #expect(key.frontendAPIURL == emulator.fapiURL)
    let sandbox = CLIFixture.withoutEmulator()
    let result = try await sandbox.run(
      ["login", "--identifier", "demo@example.com", "--password-stdin"],
      stdin: "demo-password\n", extra: ["CLERK_PUBLISHABLE_KEY": emulator.publishableKey])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("Signed in as demo@example.com"))
    let token = try await sandbox.run(
      ["token", "--template", "convex"],
      extra: ["CLERK_PUBLISHABLE_KEY": emulator.publishableKey])
    #expect(token.status == 0, "\(token.stderr)")
    let jwt = try JWT(token.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    #expect(jwt.payload["iss"]?.stringValue == emulator.fapiURL)
    #expect(jwt.payload["aud"] == "convex")
  }
}
