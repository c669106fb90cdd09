import ClerkctlCore
import Glibc

/// A bound, non-blocking, listening TCP socket; closed when released.
final class ListeningSocket: Sendable {
  /// What one `accept()` produced.
  enum Accepted {
    /// A new non-blocking connection and the peer's address.
    case connection(fd: Int32, address: String)
    /// No connection is waiting.
    case wouldBlock
    /// `accept` failed with this `errno`.
    case failed(Int32)
  }

  let fd: Int32
  /// The port actually bound.
  let port: Int

  private init(fd: Int32, port: Int) {
    self.fd = fd
    self.port = port
  }

  deinit { close(fd) }

  /// Binds `host:port` and listens.
  ///
  /// - Throws: `HTTPServerError.invalidHost`, `.addressInUse` or `.socketFailed`.
  static func open(
    host: String, port: Int, backlog: Int32
  ) throws(HTTPServerError)
    -> ListeningSocket
  {
    guard (0...65_535).contains(port) else {
      throw .invalidConfiguration("port \(port) is not between 0 and 65535")
    }
    guard let address = SocketAddress(host: host, port: UInt16(port)) else {
      throw .invalidHost(host)
    }
    let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
    let fd = CloseOnExec.socket(family: address.family, type: type)
    guard fd >= 0 else { throw .socket("socket") }
    var one: Int32 = 1
    let size = socklen_t(MemoryLayout<Int32>.size)
    _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, size)
    if address.family == AF_INET6 {
      _ = setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &one, size)
    }
    guard address.withSockaddr({ bind(fd, $0, $1) }) == 0 else {
      let code = errno
      close(fd)
      if code == EADDRINUSE { throw .addressInUse(host: host, port: port) }
      throw .socket("bind to \(host):\(port)", errno: code)
    }
    guard listen(fd, backlog) == 0 else {
      let code = errno
      close(fd)
      throw .socket("listen", errno: code)
    }
    var bound = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    let named = withUnsafeMutablePointer(to: &bound) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    guard named == 0 else {
      let code = errno
      close(fd)
      throw .socket("getsockname", errno: code)
    }
    return ListeningSocket(fd: fd, port: SocketAddress.port(of: bound))
  }

  /// Accepts one waiting connection, born non-blocking and close-on-exec (`accept4`), with
  /// `TCP_NODELAY`.
  func accept() -> Accepted {
    var peer = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    let connection = withUnsafeMutablePointer(to: &peer) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        CloseOnExec.accept(fd, address: $0, length: &length, nonBlocking: true)
      }
    }
    guard connection >= 0 else {
      let code = errno
      return code == EAGAIN || code == EWOULDBLOCK ? .wouldBlock : .failed(code)
    }
    var one: Int32 = 1
    _ = setsockopt(
      connection, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    return .connection(fd: connection, address: SocketAddress.text(of: peer))
  }
}
