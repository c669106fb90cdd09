import ClerkctlCore
import Glibc

/// A non-blocking pipe that wakes the server's `poll()` loop from other threads.
final class WakePipe: Sendable {
  /// The end the loop polls.
  let readFD: Int32
  private let writeFD: Int32

  init() throws(HTTPServerError) {
    guard let ends = CloseOnExec.pipe(nonBlocking: true) else { throw .socket("pipe") }
    readFD = ends.read
    writeFD = ends.write
  }

  deinit {
    close(readFD)
    close(writeFD)
  }

  /// Makes the read end readable (a full pipe already is, so failures are ignored).
  func wake() {
    var byte: UInt8 = 1
    _ = write(writeFD, &byte, 1)
  }

  /// Empties the pipe.
  func drain() {
    var buffer = [UInt8](repeating: 0, count: 256)
    while read(readFD, &buffer, buffer.count) > 0 {}
  }
}
