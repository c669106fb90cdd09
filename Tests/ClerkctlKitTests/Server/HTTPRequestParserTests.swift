import Testing

@testable import ClerkctlHTTP
@testable import ClerkctlHTTPServer

extension HTTPServerRequest {
  fileprivate var bodyText: String { String(decoding: body, as: UTF8.self) }
}

private struct UnexpectedResult: Error {
  var result: HTTPRequestParser.Result
}

@Suite("HTTP request parser")
struct HTTPRequestParserTests {
  private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  private func parse(
    _ text: String, maxHeaderBytes: Int = 16 * 1024, maxBodyBytes: Int = 1 << 20
  ) -> HTTPRequestParser.Result {
    HTTPRequestParser.parse(bytes(text), maxHeaderBytes: maxHeaderBytes, maxBodyBytes: maxBodyBytes)
  }

  private func parsedRequest(_ text: String) throws -> (HTTPServerRequest, Int) {
    let result = parse(text)
    guard case .request(let request, let consumed) = result else {
      throw UnexpectedResult(result: result)
    }
    return (request, consumed)
  }

  @Test("parses a simple GET with headers")
  func simpleGet() throws {
    let text = "GET /a/b?x=1&y=2 HTTP/1.1\r\nHost: example.com\r\nX-Thing:  padded  \r\n\r\n"
    let (request, consumed) = try parsedRequest(text)
    #expect(request.method == "GET")
    #expect(request.target == "/a/b?x=1&y=2")
    #expect(request.path == "/a/b")
    #expect(request.query == "x=1&y=2")
    #expect(request.headers["host"] == "example.com")
    #expect(request.headers["x-thing"] == "padded")
    #expect(request.body.isEmpty)
    #expect(consumed == text.utf8.count)
  }

  @Test("reads a Content-Length body and reports the bytes consumed")
  func contentLength() throws {
    let (request, consumed) = try parsedRequest(
      "POST /p HTTP/1.1\r\nContent-Length: 5\r\n\r\nhelloEXTRA")
    #expect(request.body == bytes("hello"))
    #expect(consumed == "POST /p HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello".utf8.count)
  }

  @Test("accepts repeated identical Content-Length values")
  func identicalLengths() throws {
    let (request, _) = try parsedRequest(
      "POST / HTTP/1.1\r\nContent-Length: 3, 3\r\nContent-Length: 003\r\n\r\nabc")
    #expect(request.body == bytes("abc"))
  }

  @Test("decodes a chunked body with extensions and trailers")
  func chunked() throws {
    let text =
      "POST /c HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"
      + "4\r\nWiki\r\n5;name=value;flag\r\npedia\r\nA \r\n in chunks\r\n0\r\n"
      + "Trailer-One: 1\r\n\r\n"
    let (request, consumed) = try parsedRequest(text + "GET")
    #expect(request.bodyText == "Wikipedia in chunks")
    #expect(consumed == text.utf8.count)
  }

  @Test("asks for more until the last byte arrives, one byte at a time")
  func incremental() {
    let texts = [
      "POST /x HTTP/1.1\r\nContent-Length: 3\r\n\r\nabc",
      "POST /x HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n3;e=1\r\nabc\r\n0\r\nT: v\r\n\r\n",
    ]
    for text in texts {
      var parser = HTTPRequestParser()
      var buffer: [UInt8] = []
      let all = bytes(text)
      for (index, byte) in all.enumerated() {
        buffer.append(byte)
        let result = parser.parse(buffer)
        if index < all.count - 1 {
          #expect(result == .needMore, "at byte \(index) of \(text)")
        } else if case .request(let request, let consumed) = result {
          #expect(request.bodyText == "abc")
          #expect(consumed == all.count)
        } else {
          Issue.record("expected a request, got \(result)")
        }
      }
    }
  }

  @Test("parses pipelined requests one after the other")
  func pipelined() {
    var buffer = bytes(
      "GET /1 HTTP/1.1\r\n\r\nPOST /2 HTTP/1.1\r\nContent-Length: 2\r\n\r\nhiGET /3 HTTP/1.1\r\n\r\n"
    )
    var parser = HTTPRequestParser()
    var targets: [String] = []
    while case .request(let request, let consumed) = parser.parse(buffer) {
      targets.append(request.target)
      buffer.removeFirst(consumed)
    }
    #expect(targets == ["/1", "/2", "/3"])
    #expect(buffer.isEmpty)
  }

  @Test("skips empty lines before the request line")
  func leadingEmptyLines() throws {
    let text = "\r\n\r\nGET / HTTP/1.1\r\n\r\n"
    let (request, consumed) = try parsedRequest(text)
    #expect(request.target == "/")
    #expect(consumed == text.utf8.count)
  }

  @Test("rewrites absolute-form targets to origin-form")
  func absoluteForm() throws {
    #expect(
      try parsedRequest("GET http://example.com/x?y=1 HTTP/1.1\r\nHost: example.com\r\n\r\n").0
        .target == "/x?y=1")
    #expect(
      try parsedRequest("GET HTTPS://example.com HTTP/1.1\r\nHost: example.com\r\n\r\n").0.target
        == "/")
    #expect(try parsedRequest("GET http://h?q HTTP/1.1\r\nHost: h\r\n\r\n").0.target == "/?q")
    #expect(try parsedRequest("OPTIONS * HTTP/1.1\r\n\r\n").0.target == "*")
  }

  @Test(
    "decides keep-alive from the version and Connection",
    arguments: [
      ("HTTP/1.1", "", true),
      ("HTTP/1.1", "Connection: close\r\n", false),
      ("HTTP/1.1", "Connection: Upgrade, Close\r\n", false),
      ("HTTP/1.0", "", false),
      ("HTTP/1.0", "Connection: keep-alive\r\n", true),
    ]
  )
  func keepAlive(version: String, field: String, keepsAlive: Bool) {
    var parser = HTTPRequestParser()
    let result = parser.parse(bytes("GET / \(version)\r\n\(field)\r\n"))
    guard case .request = result else {
      Issue.record("expected a request, got \(result)")
      return
    }
    #expect(parser.lastRequestKeepsAlive == keepsAlive)
  }

  @Test(
    "refuses malformed requests with the right status",
    arguments: [
      // Request line.
      ("get / HTTP/1.1\r\n\r\n", 400),
      ("GET  / HTTP/1.1\r\n\r\n", 400),
      (" GET / HTTP/1.1\r\n\r\n", 400),
      ("GET / HTTP/1.1 \r\n\r\n", 400),
      ("GET /\r\n\r\n", 400),
      ("GET / HTTP/1.1 extra\r\n\r\n", 400),
      ("G(T / HTTP/1.1\r\n\r\n", 400),
      ("GET foo HTTP/1.1\r\n\r\n", 400),
      ("GET * HTTP/1.1\r\n\r\n", 400),
      ("GET /a#frag HTTP/1.1\r\n\r\n", 400),
      ("GET http:///x HTTP/1.1\r\n\r\n", 400),
      ("GET /\u{7F} HTTP/1.1\r\n\r\n", 400),
      ("GET / HTTP/2.0\r\n\r\n", 505),
      ("GET / HTTP/0.9\r\n\r\n", 505),
      ("GET / HTTX/1.1\r\n\r\n", 400),
      ("GET / http/1.1\r\n\r\n", 400),
      // Line endings.
      ("GET / HTTP/1.1\nHost: x\n\n", 400),
      ("GET / HTTP/1.1\r\nHost: x\rY: z\r\n\r\n", 400),
      ("GET / HTTP/1.1\r\nHost: x\n\r\n", 400),
      // Header fields.
      ("GET / HTTP/1.1\r\nHost : x\r\n\r\n", 400),
      ("GET / HTTP/1.1\r\nA: b\r\n folded\r\n\r\n", 400),
      ("GET / HTTP/1.1\r\n Leading: space\r\n\r\n", 400),
      ("GET / HTTP/1.1\r\nNo-Colon\r\n\r\n", 400),
      ("GET / HTTP/1.1\r\n: empty-name\r\n\r\n", 400),
      ("GET / HTTP/1.1\r\nA\u{01}: b\r\n\r\n", 400),
      ("GET / HTTP/1.1\r\nA: b\u{00}c\r\n\r\n", 400),
      ("GET / HTTP/1.1\r\nA: b\u{7F}\r\n\r\n", 400),
      ("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),
      ("GET / HTTP/1.1\r\nExpect: something\r\n\r\n", 417),
      // Framing.
      ("POST / HTTP/1.1\r\nContent-Length: 5a\r\n\r\n", 400),
      ("POST / HTTP/1.1\r\nContent-Length: +5\r\n\r\n", 400),
      ("POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n", 400),
      ("POST / HTTP/1.1\r\nContent-Length: \r\n\r\n", 400),
      ("POST / HTTP/1.1\r\nContent-Length: 1 2\r\n\r\n", 400),
      ("POST / HTTP/1.1\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n", 400),
      ("POST / HTTP/1.1\r\nContent-Length: 5, 6\r\n\r\n", 400),
      ("POST / HTTP/1.1\r\nContent-Length: 99999999999999999999\r\n\r\n", 413),
      ("POST / HTTP/1.1\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n", 400),
      ("POST / HTTP/1.1\r\nTransfer-Encoding: gzip\r\n\r\n", 400),
      ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked, gzip\r\n\r\n", 400),
      ("POST / HTTP/1.1\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", 501),
      ("POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n", 400),
      // Chunked bodies.
      ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nz\r\n", 400),
      ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n\r\n", 400),
      ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n-1\r\n", 400),
      ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n3 x\r\n", 400),
      ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n3;a\u{01}\r\n", 400),
      ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n3\nabc", 400),
      ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabcX\r\n", 400),
      ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n1\r\na\r\n0\r\nBad Trailer\r\n", 400),
      (
        "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n1234567890123456789\r\n", 400
      ),
      // Garbage.
      ("\u{16}\u{03}\u{01}\u{02}\u{00}", 400),
      ("\u{00}\u{00}\u{00}\u{00}", 400),
      ("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", 505),
    ]
  )
  func refuses(text: String, status: Int) {
    let result = parse(text)
    guard case .failure(let got, let reason) = result else {
      Issue.record("expected \(status) for \(text.debugDescription), got \(result)")
      return
    }
    #expect(got == status, "\(text.debugDescription): \(reason)")
    #expect(!reason.isEmpty)
  }

  @Test("refuses garbage at once, without waiting for a line end")
  func earlyGarbage() {
    var parser = HTTPRequestParser()
    let partial = parser.parse(bytes("GE"))
    #expect(partial == .needMore)
    let result = parser.parse(bytes("GE\u{01}"))
    #expect(result == .failure(status: 400, reason: "invalid method"))
  }

  @Test("keeps failing after a failure")
  func sticky() {
    var parser = HTTPRequestParser()
    let first = parser.parse(bytes("BAD\u{00}"))
    let second = parser.parse(bytes("BAD\u{00}GET / HTTP/1.1\r\n\r\n"))
    #expect(second == first)
  }

  @Test("answers 431 once the head passes the limit, even before it ends")
  func headerLimit() {
    let big = "GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 200)
    #expect(
      parse(big, maxHeaderBytes: 100)
        == .failure(status: 431, reason: "request header fields too large"))
    let exact = "GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 77) + "\r\n\r\n"
    #expect(exact.utf8.count == 100)
    guard case .request = parse(exact, maxHeaderBytes: 100) else {
      Issue.record("a head of exactly the limit should pass")
      return
    }
    let over = "GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 78) + "\r\n\r\n"
    guard case .failure(431, _) = parse(over, maxHeaderBytes: 100) else {
      Issue.record("a head one byte over the limit should get 431")
      return
    }
  }

  @Test("answers 413 for bodies over the limit, fixed or chunked")
  func bodyLimit() {
    let fixed = parse("POST / HTTP/1.1\r\nContent-Length: 11\r\n\r\n", maxBodyBytes: 10)
    #expect(fixed == .failure(status: 413, reason: "request body too large"))
    let atLimit = parse("POST / HTTP/1.1\r\nContent-Length: 10\r\n\r\n0123456789", maxBodyBytes: 10)
    guard case .request = atLimit else {
      Issue.record("a body of exactly the limit should pass")
      return
    }
    let chunked = parse(
      "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n6\r\nabcdef\r\n5\r\n",
      maxBodyBytes: 10)
    #expect(chunked == .failure(status: 413, reason: "request body too large"))
  }

  @Test("bounds chunked framing so tiny chunks cannot exhaust memory")
  func framingLimit() {
    let chunks = String(repeating: "1;padding-padding-padding\r\na\r\n", count: 100)
    let result = parse(
      "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n" + chunks, maxHeaderBytes: 1024,
      maxBodyBytes: 1024)
    #expect(result == .failure(status: 413, reason: "chunked framing too large"))
  }

  @Test("signals 100-continue once for a request that expects it")
  func expectContinue() {
    var parser = HTTPRequestParser()
    let head = bytes("POST / HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n")
    let waiting = parser.parse(head)
    #expect(waiting == .needMore)
    let first = parser.takeContinue()
    let second = parser.takeContinue()
    #expect(first && !second)
    guard case .request(let request, _) = parser.parse(head + bytes("ok")) else {
      Issue.record("expected the request once the body arrived")
      return
    }
    #expect(request.bodyText == "ok")
  }
}
