import Foundation
import Testing

@testable import ClerkctlHTTP
@testable import ClerkctlHTTPServer

@Suite("HTTP response encoder")
struct HTTPResponseEncoderTests {
  private let date = Date(timeIntervalSince1970: 784_111_777)

  private func text(
    _ response: HTTPResponse, method: String = "GET", keepAlive: Bool = true
  ) -> (String, Bool) {
    let encoded = HTTPResponseEncoder.encode(
      response, method: method, keepAlive: keepAlive, date: date)
    return (String(decoding: encoded.bytes, as: UTF8.self), encoded.closesConnection)
  }

  @Test("writes the status line, handler fields, Date, Content-Length and Connection")
  func basic() {
    let (wire, closes) = text(
      HTTPResponse(status: 201, headers: ["X-A": "1"], body: Array("hi".utf8)))
    #expect(
      wire
        == "HTTP/1.1 201 Created\r\nX-A: 1\r\nDate: Sun, 06 Nov 1994 08:49:37 GMT\r\n"
        + "Content-Length: 2\r\nConnection: keep-alive\r\n\r\nhi")
    #expect(!closes)
  }

  @Test("keeps a handler's Date and honours its Connection: close")
  func handlerFields() {
    let (wire, closes) = text(
      HTTPResponse(status: 200, headers: ["Date": "custom", "Connection": "close"]))
    #expect(
      wire == "HTTP/1.1 200 OK\r\nDate: custom\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
    #expect(closes)
  }

  @Test("replaces a wrong Content-Length and drops fields that would break framing")
  func sanitises() {
    let (wire, _) = text(
      HTTPResponse(
        status: 200,
        headers: [
          "Content-Length": "99", "Transfer-Encoding": "chunked", "Bad Name": "x",
          "Split": "a\r\nInjected: yes", "Good": "ok",
        ],
        body: Array("abc".utf8)), keepAlive: false)
    #expect(
      wire
        == "HTTP/1.1 200 OK\r\nGood: ok\r\nDate: Sun, 06 Nov 1994 08:49:37 GMT\r\n"
        + "Content-Length: 3\r\nConnection: close\r\n\r\nabc")
  }

  @Test("sends no body for HEAD, 204 and 304, keeping a HEAD handler's length")
  func bodyless() {
    let body = Array("body".utf8)
    let head = text(
      HTTPResponse(status: 200, headers: ["Content-Length": "10"], body: body),
      method: "HEAD"
    ).0
    #expect(head.hasSuffix("Content-Length: 10\r\nConnection: keep-alive\r\n\r\n"))
    let noContent = text(HTTPResponse(status: 204, body: body)).0
    #expect(noContent.hasSuffix("GMT\r\nConnection: keep-alive\r\n\r\n"))
    let notModified = text(HTTPResponse(status: 304, body: body)).0
    #expect(notModified.hasSuffix("GMT\r\nConnection: keep-alive\r\n\r\n"))
  }

  @Test("uses generic reason phrases for unknown codes and 500 for invalid ones")
  func reasons() {
    #expect(text(HTTPResponse(status: 299)).0.hasPrefix("HTTP/1.1 299 Success\r\n"))
    #expect(text(HTTPResponse(status: 42)).0.hasPrefix("HTTP/1.1 500 Internal Server Error\r\n"))
    #expect(text(HTTPResponse(status: 429)).0.hasPrefix("HTTP/1.1 429 Too Many Requests\r\n"))
  }
}
