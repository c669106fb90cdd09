import ClerkCLI
import Glibc

/// The programs tests write and then run (scripts, a copy of clerkctl), written so that no
/// child of the test process can hold them open for writing.
///
/// `execve` fails with ETXTBSY ("Text file busy") while any process has the file open for
/// writing. Every test shares one process, so a child another test starts while a file is being
/// written gets a copy of the writer's descriptor: for its whole life when the descriptor is
/// inheritable and the child is one that inherits (an ``InheritingChild``, `/bin/sleep 60`;
/// Foundation's `copyItem` and `write(toFile:)` open without `O_CLOEXEC`), until its `exec` when
/// it is close-on-exec. Seen once in twenty full runs on a loaded machine: a clerkctl copied
/// into a test's home failed to start (126, `Text file busy`).
///
/// So these files are opened with `O_CLOEXEC`, and written and closed while no spawn of the
/// test process is under way: the test support's own spawns (``SpawnedProcess``,
/// ``InheritingChild``) run inside ``spawning(_:)``, and glibc's `posix_spawn` returns only once
/// the child has exec'd, after which it holds no close-on-exec descriptor. clerkctl's own spawns
/// in an in-process run take it too: ``CLIFixture`` gives them ``spawnGate``. (A child held such
/// a file between its clone and its exec, and the test that then ran it got ETXTBSY.)
package enum ExecutableFile {
  /// Writers hold it exclusively, spawns shared.
  private static let gate = ReadWriteGate()

  /// Writes `contents` to a new file at `path` (replacing one that is there) with `mode`.
  package static func write(_ contents: String, to path: String, mode: mode_t = 0o755) throws {
    try write(Array(contents.utf8), to: path, mode: mode)
  }

  /// Copies the file at `source` (a built product) to `path` with `mode`.
  package static func copy(from source: String, to path: String, mode: mode_t = 0o755) throws {
    guard let bytes = read(source) else {
      throw SpawnError(message: "cannot read \(source): \(String(cString: strerror(errno)))")
    }
    try write(bytes, to: path, mode: mode)
  }

  /// ``spawning(_:)`` as clerkctl's commands take it (`CommandContext.spawnGate`).
  package static let spawnGate: ChildProcess.SpawnGate = { spawn in spawning(spawn) }

  /// Runs `body` (a `posix_spawn`) while no executable is being written.
  package static func spawning<Result>(_ body: () throws -> Result) rethrows -> Result {
    gate.lockShared()
    defer { gate.unlock() }
    return try body()
  }

  private static func write(_ bytes: [UInt8], to path: String, mode: mode_t) throws {
    gate.lockExclusive()
    defer { gate.unlock() }
    unlink(path)
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
    guard descriptor >= 0 else {
      throw SpawnError(message: "cannot create \(path): \(String(cString: strerror(errno)))")
    }
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes {
        Glibc.write(descriptor, $0.baseAddress, $0.count)
      }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else {
        let reason = String(cString: strerror(errno))
        close(descriptor)
        throw SpawnError(message: "cannot write \(path): \(reason)")
      }
      offset += written
    }
    // The mode is exact, whatever the umask (CI runs under 000, a developer under 022).
    guard fchmod(descriptor, mode) == 0, close(descriptor) == 0 else {
      throw SpawnError(message: "cannot finish \(path): \(String(cString: strerror(errno)))")
    }
  }

  private static func read(_ path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else { return nil }
      if count == 0 { return bytes }
      bytes += chunk[..<count]
    }
  }
}

/// A POSIX read-write lock (TSan sees `pthread_rwlock_*`, see ``Lock``).
private final class ReadWriteGate: @unchecked Sendable {
  private let lock: UnsafeMutablePointer<pthread_rwlock_t> = {
    let lock = UnsafeMutablePointer<pthread_rwlock_t>.allocate(capacity: 1)
    lock.initialize(to: pthread_rwlock_t())
    let result = pthread_rwlock_init(lock, nil)
    precondition(result == 0, "pthread_rwlock_init failed: \(result)")
    return lock
  }()

  func lockShared() { pthread_rwlock_rdlock(lock) }
  func lockExclusive() { pthread_rwlock_wrlock(lock) }
  func unlock() { pthread_rwlock_unlock(lock) }
}
