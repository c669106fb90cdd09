import ClerkctlCore
import ClerkctlHTTP

extension HTTPRequestParser {
  /// The outcome of parsing a complete head.
  enum HeadResult: Sendable {
    case head(Head)
    case failure(status: Int, reason: String)
  }

  /// Scans for the blank line that ends the head, rejecting bad bytes as early as possible.
  func scanHead(_ buffer: [UInt8], _ scan: inout HeadScan) -> Step {
    var index = scan.position
    while index < buffer.count {
      if index >= maxHeaderBytes {
        return .failure(status: 431, reason: "request header fields too large")
      }
      let byte = buffer[index]
      if byte == HTTPSyntax.cr {
        guard index + 1 < buffer.count else { break }
        guard buffer[index + 1] == HTTPSyntax.lf else {
          return .failure(status: 400, reason: "bare CR in request head")
        }
        if scan.inRequestLine {
          if scan.lineLength == 0 {
            scan.headStart = index + 2
          } else {
            guard scan.spaces == 2 else {
              return .failure(status: 400, reason: "malformed request line")
            }
            scan.inRequestLine = false
          }
        } else if scan.lineLength == 0 {
          guard index + 2 <= maxHeaderBytes else {
            return .failure(status: 431, reason: "request header fields too large")
          }
          scan.position = index + 2
          return .complete
        }
        scan.lineLength = 0
        index += 2
        continue
      }
      if byte == HTTPSyntax.lf {
        return .failure(status: 400, reason: "bare LF in request head")
      }
      if scan.inRequestLine {
        if let failure = checkRequestLineByte(byte, index: index, buffer: buffer, scan: &scan) {
          return failure
        }
      } else if scan.lineLength == 0, byte == HTTPSyntax.space || byte == HTTPSyntax.tab {
        return .failure(status: 400, reason: "obsolete line folding in header field")
      } else if !HTTPSyntax.isFieldValueByte(byte) {
        return .failure(status: 400, reason: "invalid character in header field")
      }
      scan.lineLength += 1
      index += 1
    }
    scan.position = index
    return .needMore
  }

  private func checkRequestLineByte(
    _ byte: UInt8, index: Int, buffer: [UInt8], scan: inout HeadScan
  ) -> Step? {
    if byte == HTTPSyntax.space {
      if scan.lineLength == 0 || buffer[index - 1] == HTTPSyntax.space || scan.spaces == 2 {
        return .failure(status: 400, reason: "malformed request line")
      }
      scan.spaces += 1
    } else if scan.spaces == 0 {
      guard HTTPSyntax.isTokenChar(byte), !(UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
      else { return .failure(status: 400, reason: "invalid method") }
    } else if !HTTPSyntax.isVisible(byte) {
      return .failure(status: 400, reason: "invalid character in request line")
    }
    return nil
  }

  /// Parses the head between `start` and `end` (which includes the final blank line).
  func parseHead(_ buffer: [UInt8], from start: Int, to end: Int) -> HeadResult {
    var lines: [ArraySlice<UInt8>] = []
    var lineStart = start
    var index = start
    while index + 1 < end {
      if buffer[index] == HTTPSyntax.cr {
        lines.append(buffer[lineStart..<index])
        index += 2
        lineStart = index
      } else {
        index += 1
      }
    }
    guard let requestLine = lines.first else {
      return .failure(status: 400, reason: "malformed request line")
    }
    let parts = requestLine.split(
      separator: HTTPSyntax.space, maxSplits: 2, omittingEmptySubsequences: false)
    guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty else {
      return .failure(status: 400, reason: "malformed request line")
    }
    let method = String(decoding: parts[0], as: UTF8.self)
    let isHTTP10: Bool
    switch String(decoding: parts[2], as: UTF8.self) {
    case "HTTP/1.1": isHTTP10 = false
    case "HTTP/1.0": isHTTP10 = true
    case let version where Self.looksLikeHTTPVersion(version):
      return .failure(status: 505, reason: "HTTP version not supported")
    default:
      return .failure(status: 400, reason: "malformed HTTP version")
    }
    guard let target = Self.originForm(of: parts[1], method: method) else {
      return .failure(status: 400, reason: "invalid request target")
    }

    var headers = HTTPHeaders()
    for line in lines.dropFirst() where !line.isEmpty {
      guard let field = HTTPSyntax.parseField(line) else {
        return .failure(status: 400, reason: "malformed header field")
      }
      headers.add(name: field.name, value: field.value)
    }
    if headers.values(for: "Host").count > 1 {
      return .failure(status: 400, reason: "more than one Host header field")
    }
    // An absolute-form target names its own authority; a Host naming another would let a
    // request pass a Host check under one name while aimed at another.
    if let authority = Self.absoluteFormAuthority(of: parts[1]) {
      guard let host = headers["Host"], host.lowercased() == authority.lowercased() else {
        return .failure(status: 400, reason: "the request target's authority is not the Host")
      }
    }
    let connection = HTTPSyntax.listElements(headers.values(for: "Connection"))
    let keepAlive =
      !connection.contains("close") && (!isHTTP10 || connection.contains("keep-alive"))
    let expectations = HTTPSyntax.listElements(headers.values(for: "Expect"))
    guard expectations.allSatisfy({ $0 == "100-continue" }) else {
      return .failure(status: 417, reason: "unsupported expectation")
    }
    switch framing(of: headers, isHTTP10: isHTTP10) {
    case .failure(let status, let reason):
      return .failure(status: status, reason: reason)
    case .framing(let framing):
      return .head(
        Head(
          method: method, target: target, headers: headers, keepAlive: keepAlive,
          framing: framing, expectsContinue: !isHTTP10 && !expectations.isEmpty))
    }
  }

  private enum FramingResult {
    case framing(Framing)
    case failure(status: Int, reason: String)
  }

  /// Decides how the body is delimited from `Transfer-Encoding` and `Content-Length`.
  private func framing(of headers: HTTPHeaders, isHTTP10: Bool) -> FramingResult {
    let transferEncodings = headers.values(for: "Transfer-Encoding")
    let contentLengths = headers.values(for: "Content-Length")
    if !transferEncodings.isEmpty {
      guard contentLengths.isEmpty else {
        return .failure(status: 400, reason: "both Transfer-Encoding and Content-Length")
      }
      guard !isHTTP10 else {
        return .failure(status: 400, reason: "Transfer-Encoding in an HTTP/1.0 request")
      }
      let codings = HTTPSyntax.listElements(transferEncodings)
      guard codings.last == "chunked" else {
        return .failure(status: 400, reason: "chunked is not the final transfer coding")
      }
      guard codings.count == 1 else {
        return .failure(status: 501, reason: "unsupported transfer coding")
      }
      return .framing(.chunked)
    }
    guard !contentLengths.isEmpty else { return .framing(.none) }
    var length: Int?
    for value in contentLengths {
      for element in value.split(separator: ",", omittingEmptySubsequences: false) {
        let digits = HTTPSyntax.trimmingWhitespace(Array(element.utf8))
        guard !digits.isEmpty, digits.allSatisfy({ (48...57).contains($0) }) else {
          return .failure(status: 400, reason: "invalid Content-Length")
        }
        let significant = digits.drop { $0 == 48 }
        guard significant.count <= 15 else {
          return .failure(status: 413, reason: "request body too large")
        }
        let parsed = significant.reduce(0) { $0 * 10 + Int($1 - 48) }
        if let length, length != parsed {
          return .failure(status: 400, reason: "conflicting Content-Length values")
        }
        length = parsed
      }
    }
    guard let length else { return .failure(status: 400, reason: "invalid Content-Length") }
    guard length <= maxBodyBytes else {
      return .failure(status: 413, reason: "request body too large")
    }
    return .framing(.length(length))
  }

  /// `HTTP/` digit `.` digit.
  private static func looksLikeHTTPVersion(_ version: String) -> Bool {
    let bytes = Array(version.utf8)
    return bytes.count == 8 && version.hasPrefix("HTTP/") && bytes[6] == UInt8(ascii: ".")
      && (48...57).contains(bytes[5]) && (48...57).contains(bytes[7])
  }

  /// The authority of an absolute-form `http`/`https` target, `nil` for any other form.
  private static func absoluteFormAuthority(of target: ArraySlice<UInt8>) -> String? {
    let text = String(decoding: target, as: UTF8.self)
    let lower = text.lowercased()
    let schemeLength = lower.hasPrefix("http://") ? 7 : lower.hasPrefix("https://") ? 8 : 0
    guard schemeLength > 0 else { return nil }
    let rest = text.dropFirst(schemeLength)
    return String(rest.prefix { $0 != "/" && $0 != "?" })
  }

  /// The target in origin-form (`/path?query`), rewriting absolute-form; `nil` if invalid.
  private static func originForm(of target: ArraySlice<UInt8>, method: String) -> String? {
    guard !target.contains(UInt8(ascii: "#")) else { return nil }
    let text = String(decoding: target, as: UTF8.self)
    if text.hasPrefix("/") { return text }
    if text == "*" { return method == "OPTIONS" ? text : nil }
    let lower = text.lowercased()
    let schemeLength: Int
    if lower.hasPrefix("http://") {
      schemeLength = 7
    } else if lower.hasPrefix("https://") {
      schemeLength = 8
    } else {
      return nil
    }
    let rest = text.dropFirst(schemeLength)
    let pathStart = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
    guard pathStart > rest.startIndex else { return nil }
    let path = rest[pathStart...]
    if path.isEmpty { return "/" }
    return path.hasPrefix("/") ? String(path) : "/" + path
  }
}
