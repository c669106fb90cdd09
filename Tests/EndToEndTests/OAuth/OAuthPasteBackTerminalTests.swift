import ClerkTestSupport
import ClerkctlCore
import Foundation
import Testing

/// `login --client-id --no-browser` at a real terminal (tmux): the prompt for the redirected
/// URL, answered the way a person on an SSH session pastes it.
@Suite("OAuth paste-back in a real terminal")
struct OAuthPasteBackTerminalTests {
  @Test("the prompt asks for the redirected URL; pasting it signs in")
  func pasteAtPrompt() async throws {
    let fixture = try await CLIFixture(.binary)
    var environment = fixture.environment
    environment["CI"] = nil
    let terminal = try await TmuxSession.start(
      [
        BuiltProducts.path("clerkctl"), "login", "--client-id", "demo_public_client",
        "--no-browser", "--callback-port", "0",
      ], environment: environment)
    let prompt = try await terminal.waitFor("Paste the URL the browser was redirected to: ")
    let url = try #require(
      prompt.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        .first { $0.hasPrefix(fixture.fapiURL + "/oauth/authorize?") })
    let outcome = try await onOwnThread { try OAuthTestBrowser().authorize(url) }
    let location = try #require(outcome.location)
    try await terminal.type(location)
    try await terminal.press("Enter")
    let screen = try await terminal.waitFor("[tty ")
    #expect(screen.contains("[exit 0]"), "\(screen)")
    #expect(screen.contains("Signed in as demo@example.com"), "\(screen)")
    #expect(try fixture.credential()["kind"] == "oauth")
  }
}
