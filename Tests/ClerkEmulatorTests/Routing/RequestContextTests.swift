import ClerkctlHTTP
import ClerkctlHTTPServer
import Testing

@testable import ClerkEmulator

@Suite("Request context")
struct RequestContextTests {
  private func token(_ authorization: String?, name: String = "Authorization") -> String? {
    var headers = HTTPHeaders()
    if let authorization { headers.add(name: name, value: authorization) }
    return RequestContext(HTTPServerRequest(method: "GET", target: "/v1/me", headers: headers))
      .bearerToken
  }

  @Test("the bearer scheme is dropped in any case, a bare value is the token, an empty one none")
  func bearer() {
    #expect(token("Bearer abc.DEF") == "abc.DEF")
    #expect(token("bEaReR   abc ") == "abc")
    #expect(token("abc.DEF") == "abc.DEF")
    #expect(token("Bearerabc") == "Bearerabc")
    #expect(token("BEARER") == nil)
    #expect(token("Bearer ") == nil)
    #expect(token("  ") == nil)
    #expect(token(nil) == nil)
    #expect(token("Beärer x") == "Beärer x")
  }

  @Test("header names match in any ASCII case only")
  func headerNames() {
    #expect(token("t", name: "AUTHORIZATION") == "t")
    #expect(token("t", name: "authorization") == "t")
    #expect(token("t", name: "Authorisation") == nil)
    #expect(token("t", name: "Authorizatio") == nil)
    let headers: HTTPHeaders = ["X-A": "1", "x-a": "2", "X-B": "3"]
    #expect(headers.values(for: "x-A") == ["1", "2"])
    var removed = headers
    removed.remove(name: "X-a")
    #expect(removed.values(for: "X-A").isEmpty && removed["x-b"] == "3")
  }
}
