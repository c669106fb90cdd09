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
  package convenience init() throws {
    self.init(try LoopbackSocket.bind())
  }

  /// Holds `port`, which a server just left (a stopped emulator's): its connections in
  /// TIME_WAIT do not stop the bind (`SO_REUSEADDR`), and from here on a client meant to find
  /// that server gone is refused instead of reaching a server a parallel test started there.
  ///
  /// - Throws: `LoopbackSocket.Failure` (`bind`: someone else has the port already).
  package convenience init(holding port: UInt16) throws {
    self.init(try LoopbackSocket.bind(port: port, reuseAddress: true))
  }

  private init(_ bound: (descriptor: Int32, port: UInt16)) {
    descriptor = bound.descriptor
    port = bound.port
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
