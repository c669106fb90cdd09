import ClerkctlCore
import Glibc

/// A bound, non-blocking, listening TCP or Unix-domain socket; closed when released (a Unix
/// socket's file stays for its creator to remove).
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
  /// The port actually bound (0 for a Unix socket).
  let port: Int
  /// Whether this is a Unix-domain socket.
  private let isLocal: Bool

  private init(fd: Int32, port: Int, isLocal: Bool = false) {
    self.fd = fd
    self.port = port
    self.isLocal = isLocal
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

  /// Binds a new Unix-domain socket at `path` (which must not exist), makes it 0600 (only
  /// this user may connect, whatever the umask) and listens.
  ///
  /// - Throws: `HTTPServerError.invalidConfiguration` for a path too long for `sockaddr_un`,
  ///   `.socketFailed` otherwise.
  static func open(
    unixPath path: String, backlog: Int32
  ) throws(HTTPServerError)
    -> ListeningSocket
  {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    let capacity = MemoryLayout.size(ofValue: address.sun_path)
    guard !bytes.isEmpty, bytes.count < capacity, !bytes.contains(0) else {
      throw .invalidConfiguration(
        "the socket path must be 1 to \(capacity - 1) bytes, not \(bytes.count)")
    }
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
    let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
    let fd = CloseOnExec.socket(family: AF_UNIX, type: type)
    guard fd >= 0 else { throw .socket("socket") }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard bound == 0 else {
      let code = errno
      close(fd)
      throw .socket("bind to \(path)", errno: code)
    }
    // Connecting takes write permission on the socket file.
    guard chmod(path, 0o600) == 0, listen(fd, backlog) == 0 else {
      let code = errno
      close(fd)
      unlink(path)
      throw .socket("listen on \(path)", errno: code)
    }
    return ListeningSocket(fd: fd, port: 0, isLocal: true)
  }

  /// Accepts one waiting connection, born non-blocking and close-on-exec (`accept4`), with
  /// `TCP_NODELAY` over TCP; a Unix socket's peer is named `local`.
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
    if isLocal { return .connection(fd: connection, address: "local") }
    var one: Int32 = 1
    _ = setsockopt(
      connection, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    return .connection(fd: connection, address: SocketAddress.text(of: peer))
  }
}
