import ClerkctlHTTP
import Foundation
import Glibc

/// A raw TCP client for tests: send exact bytes to a loopback server and read what comes back.
///
/// Every read is bounded by `timeout` seconds, so a test never hangs on a server that does not
/// answer; it fails with `RawHTTPConnection.Failure.timedOut` instead.
package final class RawHTTPConnection: @unchecked Sendable {
  /// What went wrong.
  package enum Failure: Error, Equatable, CustomStringConvertible {
    case invalidHost(String)
    case connectFailed(errno: Int32)
    case sendFailed(errno: Int32)
    case receiveFailed(errno: Int32)
    /// Nothing (more) arrived within the timeout.
    case timedOut
    /// The peer closed before a full response arrived; `received` bytes were pending.
    case closed(received: Int)
    /// The bytes are not an HTTP/1.1 response.
    case malformed(String)

    package var description: String {
      switch self {
      case .invalidHost(let host): "invalid host \(host)"
      case .connectFailed(let code): "connect failed: errno \(code)"
      case .sendFailed(let code): "send failed: errno \(code)"
      case .receiveFailed(let code): "receive failed: errno \(code)"
      case .timedOut: "timed out waiting for the server"
      case .closed(let received): "connection closed with \(received) bytes of a response"
      case .malformed(let why): "malformed response: \(why)"
      }
    }
  }

  /// A response as read off the wire.
  package struct Response: Sendable, Equatable {
    package var status: Int
    package var reason: String
    package var headers: HTTPHeaders
    package var body: [UInt8]

    /// The body as UTF-8 text.
    package var bodyText: String { String(decoding: body, as: UTF8.self) }
  }

  private let fd: Int32
  private let timeout: Double
  private var pending: [UInt8] = []
  private var isClosed = false

  /// Connects (blocking) to `host:port`.
  ///
  /// - Parameters:
  ///   - port: the server's port.
  ///   - host: an IPv4 or IPv6 literal.
  ///   - timeout: seconds any single read or send may wait.
  package init(port: Int, host: String = "127.0.0.1", timeout: Double = 5) throws {
    self.timeout = timeout
    let isIPv6 = host.contains(":")
    let family = isIPv6 ? AF_INET6 : AF_INET
    let fd = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { throw Failure.connectFailed(errno: errno) }
    var seconds = timeval(
      tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1_000_000))
    let size = socklen_t(MemoryLayout<timeval>.size)
    _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &seconds, size)
    _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &seconds, size)
    var result: Int32 = -1
    if isIPv6 {
      var address = sockaddr_in6()
      address.sin6_family = sa_family_t(AF_INET6)
      address.sin6_port = UInt16(port).bigEndian
      guard inet_pton(AF_INET6, host, &address.sin6_addr) == 1 else {
        Glibc.close(fd)
        throw Failure.invalidHost(host)
      }
      result = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
        }
      }
    } else {
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = UInt16(port).bigEndian
      guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
        Glibc.close(fd)
        throw Failure.invalidHost(host)
      }
      result = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
    }
    guard result == 0 else {
      let code = errno
      Glibc.close(fd)
      throw Failure.connectFailed(errno: code)
    }
    self.fd = fd
  }

  /// Connects to `host:port` on a thread of its own, awaited.
  package static func connected(
    port: Int, host: String = "127.0.0.1", timeout: Double = 5
  ) async throws -> RawHTTPConnection {
    try await onOwnThread { try RawHTTPConnection(port: port, host: host, timeout: timeout) }
  }

  deinit { close() }

  /// Sends every byte (without raising SIGPIPE).
  package func send(_ bytes: [UInt8]) throws {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes.withUnsafeBytes { raw -> Int in
        guard let base = raw.baseAddress else { return 0 }
        return Glibc.send(fd, base + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
      }
      if sent > 0 {
        offset += sent
      } else if sent < 0 && errno == EINTR {
        continue
      } else {
        throw Failure.sendFailed(errno: errno)
      }
    }
  }

  /// Sends `text` as UTF-8.
  package func send(_ text: String) throws { try send(Array(text.utf8)) }

  /// Shuts the write side: the server sees end of stream.
  package func shutdownWrite() { _ = shutdown(fd, Int32(SHUT_WR)) }

  /// Closes the socket (also done on release).
  package func close() {
    guard !isClosed else { return }
    isClosed = true
    Glibc.close(fd)
  }

  /// Reads one response: head, then a `Content-Length` body (or, without one, until close).
  ///
  /// - Parameter bodyless: set for responses to `HEAD`, which carry no body whatever the length.
  /// - Throws: `Failure.timedOut`, `.closed` if the stream ends early, `.malformed`.
  package func readResponse(bodyless: Bool = false) throws -> Response {
    expectOffCooperativePool("RawHTTPConnection.readResponse")
    let headEnd = try readUntilHeadEnd()
    let head = String(decoding: pending[0..<headEnd], as: UTF8.self)
    var lines = head.components(separatedBy: "\r\n").filter { !$0.isEmpty }
    guard !lines.isEmpty else { throw Failure.malformed("empty head") }
    let statusLine = lines.removeFirst()
    let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
    guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]) else {
      throw Failure.malformed("status line \(statusLine)")
    }
    var headers = HTTPHeaders()
    for line in lines {
      guard let colon = line.firstIndex(of: ":") else { throw Failure.malformed("field \(line)") }
      headers.add(
        name: String(line[..<colon]),
        value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
    }
    pending.removeFirst(headEnd)
    var body: [UInt8] = []
    if bodyless || status == 204 || status == 304 || (100..<200).contains(status) {
      body = []
    } else if let lengthText = headers["Content-Length"] {
      guard let length = Int(lengthText), length >= 0 else {
        throw Failure.malformed("Content-Length \(lengthText)")
      }
      while pending.count < length {
        guard try receiveMore() else { throw Failure.closed(received: pending.count) }
      }
      body = Array(pending[0..<length])
      pending.removeFirst(length)
    } else {
      while try receiveMore() {}
      body = pending
      pending = []
    }
    let reason = parts.count > 2 ? String(parts[2]) : ""
    return Response(status: status, reason: reason, headers: headers, body: body)
  }

  /// ``readResponse(bodyless:)`` on a thread of its own, awaited.
  package func readResponse(bodyless: Bool = false) async throws -> Response {
    try await onOwnThread { try self.readResponse(bodyless: bodyless) }
  }

  /// ``readUntilClose()`` on a thread of its own, awaited.
  package func readUntilClose() async throws -> [UInt8] {
    try await onOwnThread { try self.readUntilClose() }
  }

  /// Reads everything until the server closes (a reset counts as a close).
  ///
  /// - Returns: the bytes received (including any not consumed by earlier reads).
  /// - Throws: `Failure.timedOut` if the connection stays open past the timeout.
  package func readUntilClose() throws -> [UInt8] {
    expectOffCooperativePool("RawHTTPConnection.readUntilClose")
    let deadline = Date().addingTimeInterval(timeout)
    while try receiveMore(resetIsClose: true) {
      if Date() > deadline { throw Failure.timedOut }
    }
    defer { pending = [] }
    return pending
  }

  /// The index after the blank line ending the next response head.
  private func readUntilHeadEnd() throws -> Int {
    let marker: [UInt8] = [13, 10, 13, 10]
    var searchFrom = 0
    while true {
      if pending.count >= 4 {
        for index in searchFrom...(pending.count - 4)
        where pending[index..<(index + 4)].elementsEqual(marker) {
          return index + 4
        }
        searchFrom = pending.count - 3
      }
      guard try receiveMore() else { throw Failure.closed(received: pending.count) }
    }
  }

  /// Reads once more into `pending`; `false` at end of stream.
  private func receiveMore(resetIsClose: Bool = false) throws -> Bool {
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = recv(fd, &chunk, chunk.count, 0)
      if count > 0 {
        pending += chunk[0..<count]
        return true
      }
      if count == 0 { return false }
      let code = errno
      if code == EINTR { continue }
      if code == EAGAIN || code == EWOULDBLOCK { throw Failure.timedOut }
      if code == ECONNRESET && resetIsClose { return false }
      throw Failure.receiveFailed(errno: code)
    }
  }
}
