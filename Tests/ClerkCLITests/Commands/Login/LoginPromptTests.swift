import ClerkCLI
import ClerkTestSupport
import ClerkctlCrypto
import Foundation
import Testing

/// Mistakes at a terminal prompt, in process through the capturing Terminal against an
/// in-process emulator.
@Suite("login prompts: a mistake is not the end")
struct LoginPromptTests {
  private struct Run {
    var code: Int32
    var error: String
    var secretPrompts: [String]
  }

  private let emulator: LoopbackEmulator
  private let config = TemporaryDirectory()

  init() throws { emulator = try LoopbackEmulator() }

  private func login(
    _ arguments: [String], input: String, terminal: Bool = true
  ) -> Run {
    let (stream, recorder) = Terminal.capturing(
      input: input, terminals: terminal ? [.input, .error] : [])
    let (processGuard, _) = ProcessGuard.recording()
    let context = CommandContext(
      terminal: stream,
      environment: ["CLERKCTL_CONFIG_DIR": config.path, "HOME": config.path],
      processGuard: processGuard
    )
    .overLoopback()
    let code = CLI.run(
      arguments: ["login", "--fapi-url", emulator.baseURL] + arguments, context: context)
    return Run(code: code, error: recorder.error, secretPrompts: recorder.secretPrompts)
  }

  private static func count(_ text: String, in haystack: String) -> Int {
    haystack.components(separatedBy: text).count - 1
  }

  @Test("A wrong password is asked again, three tries in all")
  func passwordRetries() {
    let result = login(
      ["--identifier", "demo@example.com"], input: "nope\nwrong\ndemo-password\n")
    #expect(result.code == 0, "\(result.error)")
    #expect(result.secretPrompts == Array(repeating: "Password for demo@example.com: ", count: 3))
    #expect(result.error.contains("Wrong password; try again (2 tries left).\n"))
    #expect(result.error.contains("Wrong password; try again (1 try left).\n"))
    #expect(result.error.contains("Signed in as demo@example.com"))
  }

  @Test("The third wrong password ends it with exit 6")
  func passwordExhausted() {
    let result = login(["--identifier", "demo@example.com"], input: "a\nb\nc\ndemo-password\n")
    #expect(result.code == 6)
    #expect(result.secretPrompts.count == 3)
  }

  @Test("Without a terminal the first refusal exits 6")
  func noTerminal() {
    let result = login(
      ["--identifier", "demo@example.com", "--password-stdin"], input: "nope\ndemo-password\n",
      terminal: false)
    #expect(result.code == 6)
    #expect(!result.error.contains("try again"))
  }

  @Test("A wrong code asks only for the code again, on the same attempt; codes echo")
  func codeRetries() throws {
    let secret = try #require(Base32.decode("JBSWY3DPEHPK3PXP"))
    // A code from an hour ago is wrong now.
    let stale = TOTP.code(secret: secret, time: Int64(Date().timeIntervalSince1970) - 3600)
    let good = TOTP.code(secret: secret, time: Int64(Date().timeIntervalSince1970))
    let result = login(
      ["--identifier", "mfa@example.com"], input: "demo-password\n\(stale)\n\(good)\n")
    #expect(result.code == 0, "\(result.error)")
    // The password once, and never echoed; the code twice, as an echoing prompt.
    #expect(result.secretPrompts == ["Password for mfa@example.com: "])
    #expect(Self.count("Authenticator app code: ", in: result.error) == 2)
    #expect(result.error.contains("Wrong code; try again (2 tries left)."))
    #expect(result.error.contains("Signed in as mfa@example.com"))
  }

  @Test("An empty identifier is asked for again")
  func emptyIdentifier() {
    let result = login([], input: "\n  \ndemo@example.com\ndemo-password\n")
    #expect(result.code == 0, "\(result.error)")
    #expect(Self.count("Email, phone or username: ", in: result.error) == 3)
  }

  @Test("Signing in again on a signed-in profile says who it replaces")
  func replaces() {
    #expect(login(["--identifier", "demo@example.com"], input: "demo-password\n").code == 0)
    let again = login(["--identifier", "mfa@example.com"], input: "demo-password\n")
    let port = emulator.baseURL.split(separator: ":").last ?? ""
    #expect(
      again.error.hasPrefix(
        "Already signed in as demo@example.com on 127.0.0.1:\(port); signing in again replaces it.\n"
      ), "\(again.error)")
  }

  @Test("The sign-in deadline is armed before the identifier prompt")
  func identifierBounded() {
    let (stream, recorder) = Terminal.capturing(input: "", terminals: [.input, .error])
    let (processGuard, watches) = ProcessGuard.recording()
    let context = CommandContext(
      terminal: stream,
      environment: ["CLERKCTL_CONFIG_DIR": config.path, "HOME": config.path],
      processGuard: processGuard
    )
    .overLoopback()
    // stdin ends at the identifier prompt: the watch must already be in force then.
    let code = CLI.run(
      arguments: ["login", "--fapi-url", emulator.baseURL, "--sign-in-timeout", "5"],
      context: context)
    #expect(code == 2)
    #expect(recorder.error.contains("Email, phone or username: "))
    // After the command-wide Ctrl-C watch (no deadline), the sign-in's.
    #expect(watches.watches.map(\.deadline) == [nil, 5])
    #expect(watches.allStopped)
  }
}
