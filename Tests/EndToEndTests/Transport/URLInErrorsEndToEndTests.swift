import ClerkTestSupport
import ClerkctlCore
import Foundation
import Testing

/// A URL in an error names its scheme, host, port and path only: a query or fragment can carry
/// a ticket, an OAuth code or state, and a server-chosen URL (a redirect) is hostile text.
@Suite("URLs in clerkctl's error messages, end to end")
struct URLInErrorsEndToEndTests {
  @Test("a Frontend API that redirects: stderr names the target without its query or controls")
  func redirectTarget() async throws {
    let fixture = try await CLIFixture(.binary)
    let location =
      "https://evil.example/sign-in\u{1b}]8;;https://x.example\u{07}?redirect_url="
      + "https%3A%2F%2Fapp.example%2F%3F__clerk_ticket%3Dtkt_0123456789abcdef#state=st_hidden"
    let responder = try ScriptedHTTPResponder { _ in
      ScriptedHTTPResponder.response(status: 302, headers: [("Location", location)])
    }
    defer { responder.stop() }
    let result = try await fixture.run(
      ["login", "--identifier", "demo@example.com", "--password-stdin"], stdin: "x\n",
      extra: ["CLERK_FAPI_URL": responder.url("")])
    #expect(result.status != 0)
    #expect(result.stderr.contains("https://evil.example/sign-in^["), "\(result.stderr)")
    for hidden in ["tkt_0123456789abcdef", "__clerk_ticket", "redirect_url", "st_hidden", "\u{1b}"]
    {
      #expect(!result.stderr.contains(hidden), "\(result.stderr)")
    }
  }
}
