import ClerkTestSupport
import Testing

@testable import ClerkctlHTTP
@testable import ClerkctlHTTPServer

/// An absolute-form request target names its own authority: a request whose `Host` says
/// otherwise is refused (400), so a Host check cannot be passed with one name and the target
/// aimed at another.
@Suite("Absolute-form target against Host", .tags(.security))
struct AbsoluteFormHostTests {
  func parse(_ text: String) -> HTTPRequestParser.Result {
    HTTPRequestParser.parse(Array(text.utf8), maxHeaderBytes: 16 * 1024, maxBodyBytes: 1 << 20)
  }

  @Test("a target naming another authority than Host is 400")
  func mismatch() {
    for text in [
      "GET http://evil.example/cb HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n",
      "GET http://127.0.0.1:9/cb HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n",
      "GET http://127.0.0.1:8080/cb HTTP/1.1\r\n\r\n",
    ] {
      guard case .failure(let status, _) = parse(text) else {
        Issue.record("accepted: \(text.debugDescription)")
        continue
      }
      #expect(status == 400)
    }
  }

  @Test("a target naming the Host's authority is taken (case-insensitively)")
  func match() {
    guard
      case .request(let request, _) = parse(
        "GET http://LocalHost:8080/cb?x=1 HTTP/1.1\r\nHost: localhost:8080\r\n\r\n")
    else {
      Issue.record("refused")
      return
    }
    #expect(request.target == "/cb?x=1")
  }
}
