import ClerkctlCore
import Foundation

/// A pseudo-terminal pair: the test holds the primary side, the child gets the secondary one.
package final class PseudoTerminal: @unchecked Sendable {
  package let primary: Int32
  package let secondary: Int32

  package init() throws {
    // posix_openpt/grantpt/unlockpt are not imported into Swift: /dev/ptmx with Linux's ioctls.
    let tiocsptlck: UInt = 0x4004_5431  // _IOW('T', 0x31, int)
    let tiocgptn: UInt = 0x8004_5430  // _IOR('T', 0x30, unsigned int)
    primary = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
    var unlock: Int32 = 0
    var number: UInt32 = 0
    guard primary >= 0, ioctl(primary, tiocsptlck, &unlock) == 0,
      ioctl(primary, tiocgptn, &number) == 0
    else { throw CocoaError(.fileReadUnknown) }
    secondary = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard secondary >= 0 else { throw CocoaError(.fileReadUnknown) }
    _ = fcntl(primary, F_SETFL, fcntl(primary, F_GETFL) | O_NONBLOCK)
  }

  deinit {
    close(secondary)
    close(primary)
  }

  /// Whether the terminal echoes input now.
  package var echoes: Bool {
    var state = termios()
    guard tcgetattr(secondary, &state) == 0 else { return false }
    return state.c_lflag & tcflag_t(ECHO) != 0
  }

  /// What the child wrote, read until `marker` shows up or `timeout` seconds pass, on a thread
  /// of its own.
  package func read(until marker: String, timeout: Double) async -> String {
    await onOwnThread { self.readBlocking(until: marker, timeout: timeout) }
  }

  private func readBlocking(until marker: String, timeout: Double) -> String {
    var collected = [UInt8]()
    let until = Date().addingTimeInterval(timeout)
    while Date() < until {
      var descriptor = pollfd(fd: primary, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, 100) > 0 else { continue }
      var buffer = [UInt8](repeating: 0, count: 1024)
      let count = Glibc.read(primary, &buffer, buffer.count)
      if count > 0 { collected += buffer.prefix(count) }
      if String(decoding: collected, as: UTF8.self).contains(marker) { break }
    }
    return String(decoding: collected, as: UTF8.self)
  }
}
