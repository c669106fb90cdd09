import CCloseOnExec
import Glibc

/// Descriptors created close-on-exec, atomically: never marked afterwards, when a child that
/// another thread starts in between (a user's command, a browser) would already hold a copy.
///
/// A child that inherits a connection keeps it open: the peer never sees the close, and the
/// child can read or write what was meant for its parent (a connection to Clerk, a listening
/// socket). So every descriptor these layers open is made here, or with `O_CLOEXEC` /
/// `SOCK_CLOEXEC` at its own call. A child then holds 0–2 and what the user passed on purpose
/// (`cmd 3<file`): a program that starts a user's command relies on this and closes nothing
/// itself.
package enum CloseOnExec {
  /// A pipe (`pipe2` with `O_CLOEXEC`), both ends non-blocking when `nonBlocking`; `nil`, with
  /// `errno` set, when none could be made.
  package static func pipe(nonBlocking: Bool) -> (read: Int32, write: Int32)? {
    var ends: [Int32] = [-1, -1]
    guard pipe2(&ends, O_CLOEXEC | (nonBlocking ? O_NONBLOCK : 0)) == 0 else { return nil }
    return (ends[0], ends[1])
  }

  /// `socket(2)` with `SOCK_CLOEXEC` added to `type`: the descriptor, or -1 with `errno` set.
  package static func socket(family: Int32, type: Int32, protocol: Int32 = 0) -> Int32 {
    Glibc.socket(family, type | Int32(SOCK_CLOEXEC.rawValue), `protocol`)
  }

  /// Accepts a connection waiting on `listener` (`accept4` with `SOCK_CLOEXEC`, and
  /// `SOCK_NONBLOCK` when `nonBlocking`), writing the peer's address to `address` when given:
  /// the descriptor, or -1 with `errno` set.
  package static func accept(
    _ listener: Int32, address: UnsafeMutablePointer<sockaddr>? = nil,
    length: UnsafeMutablePointer<socklen_t>? = nil, nonBlocking: Bool
  ) -> Int32 {
    let flags = Int32(SOCK_CLOEXEC.rawValue) | (nonBlocking ? Int32(SOCK_NONBLOCK.rawValue) : 0)
    return accept4(listener, address, length, flags)
  }

  /// Creates and opens a new file from `template` (`mkostemp` with `O_CLOEXEC`): a
  /// NUL-terminated path ending in `XXXXXX`, which are replaced by the name chosen. Returns the
  /// descriptor (mode 0600), or -1 with `errno` set.
  package static func temporaryFile(_ template: inout [CChar]) -> Int32 {
    mkostemp(&template, O_CLOEXEC)
  }

  /// The descriptors open now that a child would inherit (not close-on-exec), from
  /// `/proc/self/fd`; empty when that cannot be read.
  package static func inheritable() -> Set<Int32> {
    guard let directory = opendir("/proc/self/fd") else { return [] }
    defer { closedir(directory) }
    let own = dirfd(directory)
    var found: Set<Int32> = []
    for name in DirectoryEntries.names(of: directory) {
      guard let descriptor = Int32(name), descriptor != own else { continue }
      let flags = fcntl(descriptor, F_GETFD)
      if flags >= 0 && flags & FD_CLOEXEC == 0 { found.insert(descriptor) }
    }
    return found
  }

  /// Marks an open descriptor close-on-exec after the fact, for one a library made without it.
  package static func mark(_ descriptor: Int32) {
    let flags = fcntl(descriptor, F_GETFD)
    if flags >= 0 { _ = fcntl(descriptor, F_SETFD, flags | FD_CLOEXEC) }
  }

  /// Adds to `actions` the closing of every descriptor from `lowest` up, after the actions
  /// already added (`posix_spawn_file_actions_addclosefrom_np`, glibc 2.34): the child starts
  /// with none of them, close-on-exec or not. For children that must inherit nothing of the
  /// spawning process (the tests' own), never for a user's command, which may be meant to
  /// inherit one. Returns 0 or an error number.
  package static func closeFrom(
    _ lowest: Int32, in actions: inout posix_spawn_file_actions_t
  ) -> Int32 {
    posix_spawn_file_actions_addclosefrom_np(&actions, lowest)
  }
}
