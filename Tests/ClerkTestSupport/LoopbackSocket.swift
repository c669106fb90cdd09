import ClerkctlCore
import Glibc

/// Small Glibc socket helpers for loopback test servers.
package enum LoopbackSocket {
  /// A failed socket call.
  package struct Failure: Error, CustomStringConvertible {
    /// The call that failed, e.g. `bind`.
    package let call: String
    /// `errno` after the call.
    package let code: Int32

    package var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
  }

  /// Opens a TCP socket listening on `127.0.0.1` at `port` (0: any free port), close-on-exec.
  ///
  /// - Returns: the descriptor (the caller closes it) and the port actually bound.
  /// - Throws: `Failure` naming the call that failed.
  package static func listen(
    port: UInt16 = 0, backlog: Int32 = 64
  ) throws -> (
    descriptor: Int32, port: UInt16
  ) {
    // A fixed port another server just left may still have connections in TIME_WAIT.
    let bound = try bind(port: port, reuseAddress: true)
    guard Glibc.listen(bound.descriptor, backlog) == 0 else {
      let code = errno
      close(bound.descriptor)
      throw Failure(call: "listen", code: code)
    }
    return bound
  }

  /// Opens a TCP socket bound to `127.0.0.1` at `port` (0: any free port), close-on-exec, and
  /// never listening: connections to it are refused, and no bind to port 0 gets its port.
  ///
  /// - Parameter reuseAddress: set `SO_REUSEADDR` first, so that connections a server just
  ///   left in TIME_WAIT at a fixed port do not stop the bind.
  /// - Returns: the descriptor (the caller closes it) and the port actually bound.
  /// - Throws: `Failure` naming the call that failed (`bind`: `EADDRINUSE` when the port is
  ///   held).
  package static func bind(
    port: UInt16 = 0, reuseAddress: Bool = false
  ) throws -> (
    descriptor: Int32, port: UInt16
  ) {
    let descriptor = CloseOnExec.socket(family: AF_INET, type: Int32(SOCK_STREAM.rawValue))
    guard descriptor >= 0 else { throw Failure(call: "socket", code: errno) }
    if reuseAddress {
      var one: Int32 = 1
      _ = setsockopt(
        descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = in_addr_t(0x7f00_0001).bigEndian
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.bind(descriptor, $0, length) == 0 ? getsockname(descriptor, $0, &length) : -1
      }
    }
    guard bound == 0 else {
      let code = errno
      close(descriptor)
      throw Failure(call: "bind", code: code)
    }
    return (descriptor, UInt16(bigEndian: address.sin_port))
  }

  /// Writes all of `bytes`, without raising SIGPIPE. Returns `false` if the peer went away.
  @discardableResult
  package static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes {
        send(
          descriptor, $0.baseAddress.map { $0 + offset }, bytes.count - offset, Int32(MSG_NOSIGNAL))
      }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { return false }
      offset += written
    }
    return true
  }

  /// Reads whatever is available (blocking until something is): empty at end of stream or on
  /// error.
  package static func readSome(_ descriptor: Int32, maximum: Int = 65_536) -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: maximum)
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, maximum, 0) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return [] }
      return Array(buffer[..<count])
    }
  }
}
