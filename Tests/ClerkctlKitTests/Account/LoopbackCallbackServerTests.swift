import ClerkctlBrowserSignIn
import ClerkctlCurl
import ClerkctlHTTP
import Testing

/// The loopback callback page names the application signing in, which the caller chooses.
@Suite("Loopback callback server")
struct LoopbackCallbackServerTests {
  private func page(_ target: String, applicationName: String?) throws -> String {
    let mailbox = CallbackMailbox()
    let server =
      if let applicationName {
        LoopbackCallbackServer(port: 0, mailbox: mailbox, applicationName: applicationName)
      } else {
        LoopbackCallbackServer(port: 0, mailbox: mailbox)
      }
    try server.start()
    defer { server.stop() }
    let base = String(server.redirectURL.dropLast("/callback".count))
    let response = try HTTPClient.curl().send(HTTPRequest(method: "GET", url: base + target))
    return String(decoding: response.body, as: UTF8.self)
  }

  @Test("the pages name the given application, HTML-escaped, and never clerkctl")
  func namesTheApplication() throws {
    let waiting = try page("/", applicationName: "Acme <Notes>")
    #expect(waiting.contains("Acme &lt;Notes&gt; is waiting for the sign-in to finish."))
    #expect(waiting.contains("<title>Waiting for Clerk - Acme &lt;Notes&gt;</title>"))
    let signedIn = try page("/callback?rotating_token_nonce=n1", applicationName: "Acme")
    #expect(signedIn.contains("You are signed in to Acme."))
    #expect(!signedIn.contains("clerkctl"))
  }

  @Test("without a name the pages say 'the application'")
  func defaultName() throws {
    let signedIn = try page("/callback?rotating_token_nonce=n1", applicationName: nil)
    #expect(signedIn.contains("You are signed in to the application."))
    #expect(!signedIn.contains("clerkctl"))
  }
}
