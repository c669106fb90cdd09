import ClerkctlCore
import Glibc

/// A loopback port where connections are refused for as long as this lives: a TCP socket bound
/// to `127.0.0.1` at a free port and never listening. Connecting to it gets a reset, and no
/// other socket (another test's server, bound to port 0 meanwhile) can take the port.
///
/// A port bound and closed at once (what tests used before) is free again for the next `bind`
/// to port 0: a server a parallel test starts could get it, and the client meant to be refused
/// would reach that server (and be counted among its connections). Keep the value until the
/// test is done with the port (`close()` in a `defer`).
package final class RefusingPort: Sendable {
  /// The port.
  package let port: UInt16
  private let descriptor: Int32
  private let closed = Lock(false)

  /// Binds a close-on-exec socket to a free loopback port without listening.
  ///
  /// - Throws: `LoopbackSocket.Failure` naming the call that failed.
  package init() throws {
    let descriptor = CloseOnExec.socket(family: AF_INET, type: Int32(SOCK_STREAM.rawValue))
    guard descriptor >= 0 else { throw LoopbackSocket.Failure(call: "socket", code: errno) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = in_addr_t(0x7f00_0001).bigEndian
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, length) == 0 ? getsockname(descriptor, $0, &length) : -1
      }
    }
    guard bound == 0 else {
      let code = errno
      Glibc.close(descriptor)
      throw LoopbackSocket.Failure(call: "bind", code: code)
    }
    self.descriptor = descriptor
    self.port = UInt16(bigEndian: address.sin_port)
  }

  /// `http://127.0.0.1:PORT`.
  package var url: String { "http://127.0.0.1:\(port)" }

  /// Gives the port back. Idempotent; also done when the value goes.
  package func close() {
    let first = closed.withLock { done in
      defer { done = true }
      return !done
    }
    if first { Glibc.close(descriptor) }
  }

  deinit { close() }
}
