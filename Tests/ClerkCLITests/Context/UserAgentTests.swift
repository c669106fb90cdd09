import ClerkCLI
import ClerkEmulator
import ClerkTestSupport
import ClerkctlCore
import ClerkctlKit
import Testing

/// The `User-Agent` Clerk sees comes from the HTTP client's configuration: clerkctl's for the
/// CLI, the application's (or ClerkKit's own) for the library.
@Suite("User-Agent seen by the emulator")
struct UserAgentTests {
  @Test("clerkctl sends clerkctl/VERSION")
  func cli() throws {
    let emulator = try LoopbackEmulator()
    let config = TemporaryDirectory()
    let result = runCLI(
      ["doctor", "--fapi-url", emulator.baseURL],
      environment: ["CLERKCTL_CONFIG_DIR": config.path, "HOME": config.path], overLoopback: true)
    #expect(result.code != 0)  // not signed in; the instance was still asked
    #expect(!emulator.seen.isEmpty)
    #expect(
      emulator.seen.allSatisfy { $0 == "clerkctl/\(ClerkVersion.current)" }, "\(emulator.seen)")
  }

  @Test("the library sends the application's User-Agent, else ClerkctlKit/VERSION")
  func library() async throws {
    for (given, expected) in [
      ("MyApp/1.2", "MyApp/1.2"),
      (nil, "ClerkctlKit/\(ClerkVersion.current)"),
    ] {
      let emulator = try LoopbackEmulator()
      let provider =
        if let given {
          ClerkAuthProvider(
            frontendApiUrl: emulator.baseURL, store: .inMemory(), userAgent: given)
        } else {
          ClerkAuthProvider(frontendApiUrl: emulator.baseURL, store: .inMemory())
        }
      await #expect(throws: ClerkAuthError.self) {
        _ = try await provider.login(.ticket("not-a-ticket"))
      }
      #expect(!emulator.seen.isEmpty)
      #expect(emulator.seen.allSatisfy { $0 == expected }, "\(emulator.seen)")
    }
  }
}
