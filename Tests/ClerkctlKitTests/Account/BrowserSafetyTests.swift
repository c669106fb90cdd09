import ClerkctlBrowserSignIn
import ClerkctlHTTP
import ClerkctlHTTPServer
import Testing

@Suite("Browser sign-in: which URLs open, which callbacks are taken")
struct BrowserSafetyTests {
  @Test(
    "https and loopback http open; switches, other schemes, spaces and controls do not",
    arguments: [
      ("https://accounts.example.com/o/oauth2/auth?x=1&y=2", true),
      ("HTTPS://example.com", true),
      ("http://127.0.0.1:8080/__emulator/oauth/authorize?state=a", true),
      ("http://localhost:1/x", true),
      ("http://[::1]:1/x", true),
      ("http://example.com/x", false),
      ("--renderer-cmd-prefix=touch /tmp/x", false),
      ("-x", false),
      ("file:///etc/passwd", false),
      ("myapp://callback", false),
      ("javascript:alert(1)", false),
      ("https://example.com/a b", false),
      ("https://example.com/\u{1B}[2J", false),
      ("https://example.com/\u{9B}2J", false),
      ("https://example.com/\u{7F}", false),
      ("https://example.com/\u{A0}", false),
      ("https://example.com/\u{202E}moc.elgoog", false),
      ("https://example.com/\n", false),
      ("https://", false),
      ("https:/example.com", false),
      ("", false),
    ])
  func openable(url: String, expected: Bool) {
    #expect(BrowserURL.isOpenable(url) == expected, "\(url.debugDescription)")
  }

  private func request(_ headers: HTTPHeaders, method: String = "GET") -> HTTPServerRequest {
    HTTPServerRequest(method: method, target: "/callback?rotating_token_nonce=n", headers: headers)
  }

  @Test("the callback takes the browser's navigation, cross-site included")
  func accepted() {
    let port = 45789
    #expect(
      LoopbackCallbackServer.refusal(of: request(["Host": "127.0.0.1:45789"]), port: port) == nil)
    let navigation: HTTPHeaders = [
      "Host": "127.0.0.1:45789", "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate",
      "Sec-Fetch-Dest": "document",
    ]
    #expect(LoopbackCallbackServer.refusal(of: request(navigation), port: port) == nil)
  }

  @Test(
    "the callback refuses other Hosts, any Origin, non-navigations and other methods",
    arguments: [
      ["Host": "evil.example:45789"],
      ["Host": "localhost:45789"],
      ["Host": "127.0.0.1:45790"],
      ["Host": "127.0.0.1"],
      [:],
      ["Host": "127.0.0.1:45789", "Origin": "https://evil.example"],
      ["Host": "127.0.0.1:45789", "Origin": "null"],
      ["Host": "127.0.0.1:45789", "Sec-Fetch-Mode": "no-cors"],
      ["Host": "127.0.0.1:45789", "Sec-Fetch-Mode": "cors"],
      ["Host": "127.0.0.1:45789", "Sec-Fetch-Mode": "websocket"],
    ] as [HTTPHeaders])
  func refused(headers: HTTPHeaders) {
    #expect(LoopbackCallbackServer.refusal(of: request(headers), port: 45789) != nil)
  }

  @Test("a POST to the callback is refused")
  func post() {
    #expect(
      LoopbackCallbackServer.refusal(
        of: request(["Host": "127.0.0.1:45789"], method: "POST"), port: 45789) != nil)
  }

  @Test("the mailbox keeps answers in order, drops them once finished")
  func mailbox() {
    let mailbox = CallbackMailbox()
    mailbox.post(.success(.nonce("a")), from: .loopback)
    mailbox.post(.success(.nonce("b")), from: .pasted)
    #expect(mailbox.next(seconds: 0)?.1 == .loopback)
    let second = mailbox.next(seconds: 0)
    #expect(second?.1 == .pasted)
    #expect((try? second?.0.get()) == .nonce("b"))
    #expect(mailbox.next(seconds: 0) == nil)
    mailbox.finish()
    mailbox.post(.success(.nonce("c")), from: .loopback)
    #expect(mailbox.next(seconds: 0) == nil)
    #expect(mailbox.isFinished)
  }
}
