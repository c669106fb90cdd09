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
/// So these files are written by a child (`/bin/sh`: `printf` or `cp`, then `chmod`) that the
/// test process waits for: the test process never has them open for writing. The gate is older
/// and now a second line: the test support's own spawns (``SpawnedProcess``, ``InheritingChild``)
/// and clerkctl's in an in-process run (``CLIFixture`` gives them ``spawnGate``) do not overlap
/// a write.
package enum ExecutableFile {
  /// Writers hold it exclusively, spawns shared.
  private static let gate = ReadWriteGate()

  /// Writes `contents` to a new file at `path` (replacing one that is there) with `mode`.
  package static func write(_ contents: String, to path: String, mode: mode_t = 0o755) throws {
    try writeInChild(
      #"rm -f -- "$1" && printf '%s' "$3" > "$1" && chmod "$2" -- "$1""#, path, mode, contents)
  }

  /// Copies the file at `source` (a built product) to `path` with `mode`.
  package static func copy(from source: String, to path: String, mode: mode_t = 0o755) throws {
    try writeInChild(#"rm -f -- "$1" && cp -- "$3" "$1" && chmod "$2" -- "$1""#, path, mode, source)
  }

  /// ``spawning(_:)`` as clerkctl's commands take it (`CommandContext.spawnGate`).
  package static let spawnGate: ChildProcess.SpawnGate = { spawn in spawning(spawn) }

  /// Runs `body` (a `posix_spawn`) while no executable is being written.
  package static func spawning<Result>(_ body: () throws -> Result) rethrows -> Result {
    gate.lockShared()
    defer { gate.unlock() }
    return try body()
  }

  /// Runs `script` in `/bin/sh` with `$1` the path, `$2` the mode in octal and `$3` `operand`,
  /// and waits for it: the file is opened for writing in that child only, so no descriptor
  /// writing it ever exists in the test process, and no child the test process starts, by any
  /// means, can hold one. (Opened here, a spawn that does not take the gate — Swift Testing's
  /// exit tests, three of them — held it between its clone and its exec, and a program written
  /// meanwhile failed to start: 1 of 20 loaded runs.) The mode is exact, whatever the umask.
  private static func writeInChild(
    _ script: String, _ path: String, _ mode: mode_t, _ operand: String
  ) throws {
    let argv: [UnsafeMutablePointer<CChar>?] =
      ["/bin/sh", "-c", script, "sh", path, String(mode, radix: 8), operand].map {
        (argument: String) in strdup(argument)
      }
      + [nil]
    let envp: [UnsafeMutablePointer<CChar>?] = [strdup("PATH=/usr/bin:/bin"), nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    var pid: pid_t = 0
    let spawned: Int32 = {
      gate.lockExclusive()
      defer { gate.unlock() }
      return posix_spawn(&pid, "/bin/sh", &actions, nil, argv, envp)
    }()
    guard spawned == 0 else {
      throw SpawnError(message: "cannot write \(path): \(String(cString: strerror(spawned)))")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else {
        throw SpawnError(message: "cannot write \(path): \(String(cString: strerror(errno)))")
      }
    }
    guard status == 0 else {
      throw SpawnError(message: "cannot write \(path): the writer ended with status \(status)")
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
