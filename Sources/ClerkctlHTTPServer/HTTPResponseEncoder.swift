import ClerkctlCore
import ClerkctlHTTP
import FoundationEssentials

/// Turns a handler's `HTTPResponse` into the bytes the server writes.
enum HTTPResponseEncoder {
  /// The encoded response and whether the connection closes after it.
  struct Encoded: Sendable {
    var bytes: [UInt8]
    var closesConnection: Bool
  }

  /// Encodes `response` for a request made with `method`.
  ///
  /// Writes the status line with its reason phrase and the handler's fields, dropping any that
  /// would break the framing (invalid names, CR/LF/NUL in values, `Transfer-Encoding`), then
  /// adds `Date` unless set, `Content-Length` (the body's length; for `HEAD` a handler's own
  /// value is kept) and `Connection` (`close` when `keepAlive` is false or the handler said so).
  /// `HEAD`, 1xx, 204 and 304 responses carry no body.
  static func encode(
    _ response: HTTPResponse, method: String, keepAlive: Bool, date: Date
  ) -> Encoded {
    let status = (100...999).contains(response.status) ? response.status : 500
    let handlerConnection = HTTPSyntax.listElements(response.headers.values(for: "Connection"))
    let closes = !keepAlive || handlerConnection.contains("close")
    let bodyless = (100..<200).contains(status) || status == 204 || status == 304
    let sendsBody = !bodyless && method != "HEAD"

    var text = "HTTP/1.1 \(status) \(HTTPResponse.reasonPhrase(for: status))\r\n"
    var handlerLength: String?
    var hasDate = false
    for field in response.headers where isSafe(field) {
      switch field.name.lowercased() {
      case "transfer-encoding", "connection":
        continue
      case "content-length":
        if handlerLength == nil { handlerLength = field.value }
        continue
      case "date":
        hasDate = true
      default:
        break
      }
      text += "\(field.name): \(field.value)\r\n"
    }
    if !hasDate { text += "Date: \(HTTPDate.format(date))\r\n" }
    if !(100..<200).contains(status) && status != 204 {
      let kept = method == "HEAD" || status == 304 ? validLength(handlerLength) : nil
      if let kept {
        text += "Content-Length: \(kept)\r\n"
      } else if status != 304 {
        text += "Content-Length: \(response.body.count)\r\n"
      }
    }
    text += closes ? "Connection: close\r\n\r\n" : "Connection: keep-alive\r\n\r\n"
    var bytes = Array(text.utf8)
    if sendsBody { bytes += response.body }
    return Encoded(bytes: bytes, closesConnection: closes)
  }

  /// The plain-text response the server sends for a request it refuses.
  static func errorResponse(status: Int, reason: String) -> HTTPResponse {
    HTTPResponse(
      status: status,
      headers: ["Content-Type": "text/plain; charset=utf-8"],
      body: Array("\(status) \(HTTPResponse.reasonPhrase(for: status)): \(reason)\n".utf8))
  }

  private static func validLength(_ value: String?) -> String? {
    guard let value else { return nil }
    let digits = HTTPSyntax.trimmingWhitespace(Array(value.utf8))
    guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ (48...57).contains($0) })
    else { return nil }
    return String(decoding: digits, as: UTF8.self)
  }

  private static func isSafe(_ field: (name: String, value: String)) -> Bool {
    HTTPSyntax.isToken(field.name.utf8)
      && field.value.utf8.allSatisfy { $0 != HTTPSyntax.cr && $0 != HTTPSyntax.lf && $0 != 0 }
  }
}
