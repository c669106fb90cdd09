import ClerkctlCore
import Glibc

/// This process's open descriptors, from `/proc/self/fd`, and what a test asks about them.
package enum OpenDescriptors {
  /// Every descriptor open now (the listing's own directory descriptor excluded).
  package static func all() -> [Int32] {
    guard let directory = opendir("/proc/self/fd") else { return [] }
    let own = dirfd(directory)
    var found: [Int32] = []
    for name in DirectoryEntries.names(of: directory) {
      if let descriptor = Int32(name), descriptor != own { found.append(descriptor) }
    }
    closedir(directory)
    return found.sorted()
  }

  /// Whether `descriptor` is closed on exec (`FD_CLOEXEC`); false when it is not open.
  package static func isCloseOnExec(_ descriptor: Int32) -> Bool {
    let flags = fcntl(descriptor, F_GETFD)
    return flags >= 0 && flags & FD_CLOEXEC != 0
  }

  /// The local and peer ports of a connected IPv4 TCP socket, or `nil` for anything else.
  package static func ports(of descriptor: Int32) -> (local: UInt16, peer: UInt16)? {
    func port(
      _ call: (Int32, UnsafeMutablePointer<sockaddr>, UnsafeMutablePointer<socklen_t>) -> Int32
    ) -> UInt16? {
      var address = sockaddr_in()
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      let result = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { call(descriptor, $0, &length) }
      }
      guard result == 0, address.sin_family == sa_family_t(AF_INET) else { return nil }
      return UInt16(bigEndian: address.sin_port)
    }
    guard let local = port({ getsockname($0, $1, $2) }),
      let peer = port({ getpeername($0, $1, $2) })
    else { return nil }
    return (local, peer)
  }

  /// The connected TCP sockets whose peer is `port` on this machine.
  package static func connections(to port: UInt16) -> [Int32] {
    all().filter { ports(of: $0)?.peer == port }
  }

  /// The connected TCP sockets whose local end is `port` (a server's accepted connections).
  package static func connections(at port: UInt16) -> [Int32] {
    all().filter { ports(of: $0)?.local == port }
  }
}
