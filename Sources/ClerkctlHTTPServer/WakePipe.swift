import Glibc

/// A non-blocking pipe that wakes the server's `poll()` loop from other threads.
final class WakePipe: Sendable {
  /// The end the loop polls.
  let readFD: Int32
  private let writeFD: Int32

  init() throws(HTTPServerError) {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { throw .socket("pipe") }
    readFD = fds[0]
    writeFD = fds[1]
    for fd in fds {
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
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
