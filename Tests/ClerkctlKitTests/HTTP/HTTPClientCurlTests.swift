import ClerkTestSupport
import Dispatch
import Foundation
import Glibc
import Testing

@testable import ClerkctlCore
@testable import ClerkctlCurl
@testable import ClerkctlHTTP

@Suite("HTTP client over libcurl")
struct HTTPClientCurlTests {
  let client = HTTPClient.curl(CurlConfiguration(userAgent: "clerkctl-test"))

  private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  /// Sends `request` and returns the `HTTPError` it must throw.
  private func failure(
    _ request: HTTPRequest, client: HTTPClient? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> HTTPError {
    let client = client ?? self.client
    return try await #require(throws: HTTPError.self, sourceLocation: sourceLocation) {
      try await client.awaitedSend(request)
    }
  }

  // MARK: Round trips

  @Test("GET sends exactly the given headers and returns status, headers and body")
  func getRoundTrip() async throws {
    let responder = try ScriptedHTTPResponder(script: [
      ScriptedHTTPResponder.response(
        status: 201,
        headers: [("Content-Type", "application/json"), ("X-Multi", "a"), ("x-multi", "b")],
        body: bytes(#"{"ok":true}"#))
    ])
    defer { responder.stop() }
    let response = try await client.awaitedSend(
      HTTPRequest(
        url: responder.url("/v1/client?_is_native=1"),
        headers: ["Authorization": "Bearer abc", "X-Empty": ""]))

    #expect(response.status == 201)
    #expect(response.headers["content-type"] == "application/json")
    #expect(response.headers.values(for: "X-Multi") == ["a", "b"])
    #expect(response.bodyText == #"{"ok":true}"#)

    let received = try #require(responder.requests.first)
    #expect(received.method == "GET")
    #expect(received.target == "/v1/client?_is_native=1")
    #expect(received.version == "HTTP/1.1")
    #expect(received.headers["Authorization"] == "Bearer abc")
    #expect(received.headers.values(for: "X-Empty") == [""])
    #expect(received.headers["User-Agent"] == "clerkctl-test")
    #expect(received.headers["Host"] == "127.0.0.1:\(responder.port)")
    // Nothing libcurl would add by itself (Accept: */*, Expect) is sent.
    let names = Set(received.headers.map { $0.name.lowercased() })
    #expect(names == ["host", "user-agent", "authorization", "x-empty"])
    #expect(received.body.isEmpty)
  }

  @Test("POST sends the body with Content-Length and no Expect or default Content-Type")
  func postRoundTrip() async throws {
    let responder = try ScriptedHTTPResponder(script: [
      ScriptedHTTPResponder.response(status: 200, body: bytes("done"))
    ])
    defer { responder.stop() }
    // Over 1 MiB, where libcurl 7.88 would otherwise send `Expect: 100-continue` and wait.
    let body = [UInt8](repeating: UInt8(ascii: "x"), count: 1_100_000)
    let response = try await client.awaitedSend(
      HTTPRequest(method: "POST", url: responder.url("/v1/client/sign_ins"), body: body))

    #expect(response.bodyText == "done")
    let received = try #require(responder.requests.first)
    #expect(received.method == "POST")
    #expect(received.body == body)
    #expect(received.headers["Content-Length"] == "1100000")
    #expect(!received.headers.contains("Expect"))
    #expect(!received.headers.contains("Content-Type"))
    #expect(!received.headers.contains("Accept"))
  }

  @Test(
    "every method goes out as given, with its body",
    arguments: [
      ("PUT", "a=1"), ("PATCH", #"{"b":2}"#), ("DELETE", ""), ("DELETE", "gone"), ("POST", ""),
      ("OPTIONS", ""), ("GET", ""),
    ])
  func methods(method: String, body: String) async throws {
    let responder = try ScriptedHTTPResponder(script: [
      ScriptedHTTPResponder.response(status: 204)
    ])
    defer { responder.stop() }
    let response = try await client.awaitedSend(
      HTTPRequest(
        method: method, url: responder.url("/m"),
        headers: ["Content-Type": "application/x-www-form-urlencoded"], body: bytes(body)))

    #expect(response.status == 204)
    let received = try #require(responder.requests.first)
    #expect(received.method == method)
    #expect(received.bodyText == body)
    #expect(received.headers["Content-Type"] == "application/x-www-form-urlencoded")
  }

  @Test("HEAD returns the headers and is not refused by a large Content-Length")
  func head() async throws {
    let responder = try ScriptedHTTPResponder(script: [
      .send(
        ScriptedHTTPResponder.head(status: 200, headers: [("Content-Length", "5000000")]),
        thenClose: false)
    ])
    defer { responder.stop() }
    let response = try await client.awaitedSend(
      HTTPRequest(method: "HEAD", url: responder.url("/"), maxResponseBytes: 10))
    #expect(response.status == 200)
    #expect(response.headers["Content-Length"] == "5000000")
    #expect(response.body.isEmpty)
    #expect(responder.requests.first?.method == "HEAD")
  }

  @Test("headers come from the final response only, with folded lines joined")
  func finalHeadersOnly() async throws {
    let raw =
      "HTTP/1.1 100 Continue\r\nX-Interim: yes\r\n\r\n"
      + "HTTP/1.1 200 OK\r\nX-Folded: first\r\n \t second\r\nSet-Cookie: a=1\r\n"
      + "Set-Cookie: b=2\r\nContent-Length: 2\r\n\r\nok"
    let responder = try ScriptedHTTPResponder(script: [.send(bytes(raw), thenClose: true)])
    defer { responder.stop() }
    let response = try await client.awaitedSend(HTTPRequest(url: responder.url("/")))
    #expect(response.status == 200)
    #expect(!response.headers.contains("X-Interim"))
    #expect(response.headers["X-Folded"] == "first second")
    #expect(response.headers.values(for: "set-cookie") == ["a=1", "b=2"])
    #expect(response.bodyText == "ok")
  }

  @Test("4xx and 5xx responses are returned, not thrown")
  func errorStatuses() async throws {
    let responder = try ScriptedHTTPResponder(script: [
      ScriptedHTTPResponder.response(status: 404, body: bytes(#"{"errors":[]}"#)),
      ScriptedHTTPResponder.response(status: 503, headers: [("Retry-After", "3")]),
    ])
    defer { responder.stop() }
    let notFound = try await client.awaitedSend(HTTPRequest(url: responder.url("/a")))
    let unavailable = try await client.awaitedSend(HTTPRequest(url: responder.url("/b")))
    #expect(notFound.status == 404)
    #expect(notFound.bodyText == #"{"errors":[]}"#)
    #expect(unavailable.status == 503)
    #expect(unavailable.headers["Retry-After"] == "3")
  }

  @Test("sequential requests from one client reuse one connection")
  func connectionReuse() async throws {
    let responder = try ScriptedHTTPResponder(script: [
      ScriptedHTTPResponder.response(body: bytes("one")),
      ScriptedHTTPResponder.response(body: bytes("two")),
    ])
    defer { responder.stop() }
    // Both sends on one thread, back to back: awaited one by one, a starved test pool (seen
    // under ThreadSanitizer) held the second past libcurl's 118 s limit on reusing an idle
    // connection, and it rightly opened a new one.
    let client = client
    let (first, second) = try await onOwnThread {
      (
        try client.send(HTTPRequest(url: responder.url("/1"))),
        try client.send(HTTPRequest(method: "POST", url: responder.url("/2"), body: [1]))
      )
    }
    #expect([first.bodyText, second.bodyText] == ["one", "two"])
    #expect(responder.requests.map(\.connection) == [0, 0])
    #expect(responder.connectionCount == 1)
  }

  @Test("concurrent sends from several threads all succeed")
  func concurrentSends() async throws {
    let responder = try ScriptedHTTPResponder { request in
      ScriptedHTTPResponder.response(body: Array(request.target.utf8))
    }
    defer { responder.stop() }
    let client = client
    let results = Lock<[Int: String]>([:])
    let failures = Lock<[String]>([])
    DispatchQueue.concurrentPerform(iterations: 8) { index in
      do {
        let response = try client.send(HTTPRequest(url: responder.url("/n/\(index)")))
        results.withLock { $0[index] = response.bodyText }
      } catch {
        failures.withLock { $0.append("\(error)") }
      }
    }
    #expect(failures.withLock { $0 } == [])
    let bodies = results.withLock { $0 }
    #expect(bodies.count == 8)
    for index in 0..<8 { #expect(bodies[index] == "/n/\(index)") }
  }

  @Test("the handle pool keeps at most maxIdleHandles idle handles")
  func poolBound() async throws {
    let responder = try ScriptedHTTPResponder { _ in ScriptedHTTPResponder.response() }
    defer { responder.stop() }
    let transport = CurlTransport(configuration: CurlConfiguration(maxIdleHandles: 2))
    let failures = Lock(0)
    DispatchQueue.concurrentPerform(iterations: 6) { index in
      do {
        _ = try transport.send(HTTPRequest(url: responder.url("/p/\(index)")))
      } catch {
        failures.withLock { $0 += 1 }
      }
    }
    #expect(failures.withLock { $0 } == 0)
    #expect((1...2).contains(transport.idleHandleCount))
    _ = try transport.send(HTTPRequest(url: responder.url("/again")))
    #expect((1...2).contains(transport.idleHandleCount))
  }

  // MARK: Redirects and limits

  @Test("a 3xx is thrown as a redirect naming the target and is not followed")
  func redirect() async throws {
    let responder = try ScriptedHTTPResponder(script: [
      ScriptedHTTPResponder.response(status: 302, headers: [("Location", "/elsewhere?x=1")]),
      ScriptedHTTPResponder.response(status: 200),
    ])
    defer { responder.stop() }
    let error = try await failure(HTTPRequest(url: responder.url("/start")))
    #expect(error.kind == .redirect(location: responder.url("/elsewhere?x=1")))
    #expect(error.description.contains("302"))
    #expect(!error.isConfigurationError)
    #expect(responder.requests.map(\.target) == ["/start"])
  }

  @Test("a body over the cap is refused, with or without Content-Length")
  func tooLarge() async throws {
    let big = [UInt8](repeating: 7, count: 100)
    let responder = try ScriptedHTTPResponder(script: [
      ScriptedHTTPResponder.response(body: big, close: true),
      ScriptedHTTPResponder.chunked(chunks: [Array(big[..<40]), Array(big[40...])]),
      ScriptedHTTPResponder.response(body: Array(big[..<10])),
    ])
    defer { responder.stop() }
    let withLength = try await failure(HTTPRequest(url: responder.url("/cl"), maxResponseBytes: 10))
    let chunked = try await failure(
      HTTPRequest(url: responder.url("/chunked"), maxResponseBytes: 10))
    #expect(withLength.kind == .responseTooLarge)
    #expect(chunked.kind == .responseTooLarge)
    #expect(chunked.description.contains("10-byte"))
    // Exactly at the cap is fine, and the client still works after aborted transfers.
    let atCap = try await client.awaitedSend(
      HTTPRequest(url: responder.url("/ok"), maxResponseBytes: 10))
    #expect(atCap.body == Array(big[..<10]))
  }

  // MARK: Transport failures

  @Test("a server that never answers times out")
  func timeout() async throws {
    let responder = try ScriptedHTTPResponder(script: [.stall])
    defer { responder.stop() }
    let error = try await failure(HTTPRequest(url: responder.url("/slow"), timeout: 0.5))
    #expect(error.kind == .timeout)
  }

  @Test("a refused connection is a connect error naming host and port")
  func connectionRefused() async throws {
    let refusing = try RefusingPort()
    defer { refusing.close() }
    let port = refusing.port
    let error = try await failure(HTTPRequest(url: "http://127.0.0.1:\(port)/"))
    #expect(error.kind == .connect)
    #expect(error.description.contains("127.0.0.1:\(port)"))
    #expect(error.description.contains("Connection refused"))
  }

  @Test("an unresolvable host is a DNS error")
  func unresolvable() async throws {
    // `.invalid` is reserved (RFC 6761) and never resolves; https so no TLS or proxy is reached.
    let error = try await failure(
      HTTPRequest(url: "https://nonexistent.invalid/", connectTimeout: 5))
    #expect(error.kind == .dns)
    #expect(error.description.contains("nonexistent.invalid"))
  }

  @Test("https to a plain-HTTP server is a TLS error")
  func tlsToPlainServer() async throws {
    let responder = try ScriptedHTTPResponder { _ in
      ScriptedHTTPResponder.response(status: 400, body: Array("plain http".utf8), close: true)
    }
    defer { responder.stop() }
    let error = try await failure(HTTPRequest(url: "https://127.0.0.1:\(responder.port)/"))
    #expect(error.kind == .tls)
    // What arrived was a TLS ClientHello, not an HTTP request.
    #expect(responder.requests.first?.isHTTP == false)
  }

  @Test(
    "truncated, empty and non-HTTP replies are malformed",
    arguments: [
      ScriptedHTTPResponder.Reply.send(
        ScriptedHTTPResponder.head(status: 200, headers: [("Content-Length", "100")])
          + Array("only ten!!".utf8), thenClose: true),
      .close,
      .send(Array("HELLO THERE\r\n\r\n".utf8), thenClose: true),
      .send(Array("HTTP/1.1 abc\r\n\r\n".utf8), thenClose: true),
    ])
  func malformed(reply: ScriptedHTTPResponder.Reply) async throws {
    let responder = try ScriptedHTTPResponder(script: [reply])
    defer { responder.stop() }
    let error = try await failure(HTTPRequest(url: responder.url("/")))
    #expect(error.kind == .malformed)
  }

  @Test("a child started while the server holds the connection for the close: still malformed")
  func closeWithChildStarted() async throws {
    let children = Lock<[InheritingChild]>([])
    // The child starts just before the responder closes. Were the connection inherited, the
    // child (alive for a minute) would keep it open, and the client would see no end: a timeout
    // after 30 s instead of a malformed reply at once. (No bound on the time taken: on a loaded
    // machine a whole test run can stall for seconds, and the kind of error tells it already.)
    let responder = try ScriptedHTTPResponder { _ in
      if let child = try? InheritingChild(["/bin/sleep", "60"]) {
        children.withLock { $0.append(child) }
      }
      return .close
    }
    defer { responder.stop() }
    let started = Date()
    let error = try await failure(HTTPRequest(url: responder.url("/"), timeout: 30))
    let elapsed = Date().timeIntervalSince(started)
    for child in children.withLock({ $0 }) { await child.end() }
    #expect(children.withLock { $0.count } == 1)
    #expect(error.kind == .malformed, "after \(elapsed) s")
  }

  @Test("the connection libcurl keeps open between requests is close-on-exec")
  func connectionCloseOnExec() async throws {
    let responder = try ScriptedHTTPResponder(script: [
      ScriptedHTTPResponder.response(body: bytes("kept"))
    ])
    defer { responder.stop() }
    let response = try await client.awaitedSend(HTTPRequest(url: responder.url("/")))
    #expect(response.bodyText == "kept")
    // The handle is back in the pool with its connection alive.
    let sockets = OpenDescriptors.connections(to: responder.port)
    #expect(sockets.count == 1)
    for socket in sockets {
      #expect(OpenDescriptors.isCloseOnExec(socket), "descriptor \(socket) is inheritable")
    }
  }

  // MARK: Refused before any I/O

  @Test(
    "plain http to a non-loopback host is refused as insecure",
    arguments: [
      "http://example.com/", "http://10.0.0.1/x", "http://[::2]/", "http://localhost.example/",
      "http://127.0.0.1@example.com/", "HTTP://EXAMPLE.COM/",
    ])
  func insecure(url: String) async throws {
    let error = try await failure(HTTPRequest(url: url))
    #expect(error.kind == .insecureURL)
    #expect(error.isConfigurationError)
    #expect(error.description.contains("https://"))
  }

  @Test("an insecure URL is refused without connecting")
  func insecureNoConnection() async throws {
    let responder = try ScriptedHTTPResponder(script: [ScriptedHTTPResponder.response()])
    defer { responder.stop() }
    // 0.0.0.0 reaches local listeners on Linux, but it is not a loopback name.
    let error = try await failure(HTTPRequest(url: "http://0.0.0.0:\(responder.port)/"))
    #expect(error.kind == .insecureURL)
    #expect(responder.connectionCount == 0)
  }

  @Test(
    "malformed URLs and other schemes are invalid",
    arguments: [
      "", "not a url", "127.0.0.1:8080/x", "ftp://127.0.0.1/", "file:///etc/passwd", "https://",
      "https://exa mple.com/", "gopher://localhost/",
    ])
  func invalid(url: String) async throws {
    let error = try await failure(HTTPRequest(url: url))
    #expect(error.kind == .invalidURL)
    #expect(error.isConfigurationError)
  }

  @Test("plain http to localhost is allowed")
  func localhost() async throws {
    let responder = try ScriptedHTTPResponder(script: [
      ScriptedHTTPResponder.response(body: Array("hi".utf8))
    ])
    defer { responder.stop() }
    let response = try await client.awaitedSend(
      HTTPRequest(url: "http://localhost:\(responder.port)/"))
    #expect(response.bodyText == "hi")
  }

  @Test(
    "header injection and bad methods are refused without connecting",
    arguments: [
      HTTPRequest(url: "/", headers: ["X-Token": "abc\r\nX-Evil: 1"]),
      HTTPRequest(url: "/", headers: ["X-Token": "abc\n"]),
      HTTPRequest(url: "/", headers: ["Bad Name": "x"]),
      HTTPRequest(url: "/", headers: ["X-Evil\r\nA": "x"]),
      HTTPRequest(url: "/", headers: ["": "x"]),
      HTTPRequest(method: "GET /x HTTP/1.1\r\n", url: "/"),
      HTTPRequest(method: "", url: "/"),
      HTTPRequest(method: "HEAD", url: "/", body: [1]),
    ])
  func refusedRequests(template: HTTPRequest) async throws {
    let responder = try ScriptedHTTPResponder(script: [ScriptedHTTPResponder.response()])
    defer { responder.stop() }
    var request = template
    request.url = responder.url("/")
    let error = try await failure(request)
    #expect(error.kind == .invalidRequest)
    #expect(error.isConfigurationError)
    #expect(!error.description.contains("\n"))
    #expect(responder.connectionCount == 0)
  }

  @Test("a CA bundle that does not exist fails https requests before connecting")
  func missingCABundle() async throws {
    let responder = try ScriptedHTTPResponder(script: [ScriptedHTTPResponder.response()])
    defer { responder.stop() }
    let client = HTTPClient.curl(CurlConfiguration(caBundlePath: "/nonexistent/clerk-ca.pem"))
    let error = try await failure(
      HTTPRequest(url: "https://127.0.0.1:\(responder.port)/"), client: client)
    #expect(error.kind == .caBundleUnusable)
    #expect(error.isConfigurationError)
    #expect(error.description.contains("/nonexistent/clerk-ca.pem"))
    #expect(responder.connectionCount == 0)
  }

  @Test("error messages leave out query strings and user info")
  func redactedMessages() async throws {
    let responder = try ScriptedHTTPResponder(script: [.stall])
    defer { responder.stop() }
    // A field whose name looks harmless can still carry a secret (a URL with a ticket).
    let url =
      "http://user:pw@127.0.0.1:\(responder.port)/x?__clerk_db_jwt=secret"
      + "&redirect_url=https%3A%2F%2Fapp.example%2F%3F__clerk_ticket%3Dtkt_hidden#code=frag_hidden"
    let error = try await failure(HTTPRequest(url: url, timeout: 0.3))
    #expect(error.kind == .timeout)
    #expect(error.description.contains("http://127.0.0.1:\(responder.port)/x"))
    for hidden in ["secret", "pw", "tkt_hidden", "frag_hidden", "?", "#", "redirect_url"] {
      #expect(!error.description.contains(hidden), "\(error.description)")
    }
    #expect(error.url == url)
  }

  @Test("a redirect's Location is named by scheme, host and path only, its control bytes shown")
  func hostileLocation() async throws {
    let location =
      "https://evil.example:8443/cb\u{1b}]0;pwned\u{07}?redirect_url=https%3A%2F%2Fa%2F%3Fcode%3D"
      + "code_hidden#access_token=frag_hidden"
    let responder = try ScriptedHTTPResponder(script: [
      ScriptedHTTPResponder.response(status: 302, headers: [("Location", location)])
    ])
    defer { responder.stop() }
    let error = try await failure(HTTPRequest(url: responder.url("/start?state=st_hidden")))
    #expect(error.kind == .redirect(location: location), "the caller still gets the whole URL")
    #expect(
      error.description.contains("to https://evil.example:8443/cb^[]0;pwned^G;"),
      "\(error.description)")
    for hidden in ["code_hidden", "frag_hidden", "st_hidden", "redirect_url", "\u{1b}", "\u{07}"] {
      #expect(!error.description.contains(hidden), "\(error.description)")
    }
  }
}
