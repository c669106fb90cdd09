import Testing

@testable import ClerkEmulator

/// `clerk-emulator --webhook-url URL [--webhook-secret whsec_…]`, parsed in process.
@Suite("Webhooks: the command line")
struct WebhookCommandLineTests {
  private func message(_ arguments: [String]) -> String? {
    do {
      _ = try EmulatorCommandLine.parse(arguments)
      return nil
    } catch {
      return error.description
    }
  }

  @Test("--webhook-url and --webhook-secret are taken as given")
  func taken() throws {
    var expected = EmulatorCommandLine.Options()
    expected.webhookURL = "http://127.0.0.1:9000/clerk"
    expected.webhookSecret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
    #expect(
      try EmulatorCommandLine.parse([
        "--webhook-url", "http://127.0.0.1:9000/clerk",
        "--webhook-secret=whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
      ]) == .run(expected))
  }

  @Test("a URL that is not http(s), a malformed secret, or a secret alone are usage errors")
  func refused() {
    #expect(message(["--webhook-url", "ftp://x"])?.contains("http:// or https://") == true)
    let bad = message(["--webhook-url", "http://h/", "--webhook-secret", "whsec_not base64!"])
    #expect(bad?.contains("must be a Svix signing secret: whsec_ followed by base64") == true)
    #expect(bad?.contains("not base64") == false, "the value is never echoed")
    #expect(
      message(["--webhook-secret", "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"])?.contains(
        "needs '--webhook-url'") == true)
    #expect(message(["--webhook-ur", "x"])?.contains("did you mean '--webhook-url'") == true)
  }
}
