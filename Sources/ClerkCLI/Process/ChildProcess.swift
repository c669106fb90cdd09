import ClerkctlCommandLine
import Glibc
import Synchronization

/// The child being waited for, for the signal handler (0: none).
private let forwardTarget = Atomic<Int32>(0)
/// A signal that arrived before the child's pid was known (0: none).
private let pendingSignal = Atomic<Int32>(0)

/// Runs a program as a child process and waits for it, the way a shell runs a command: found
/// on `PATH` (or by its path when the name has a `/`), standard streams inherited, exit status
/// passed through and death by signal `n` reported as `128 + n`.
///
/// While the child runs, SIGINT, SIGTERM and SIGHUP sent to this process (by `kill`, a
/// supervisor, CI) are forwarded to it. Signals the terminal sends to the whole foreground
/// process group (Ctrl-C) already reach the child, so they are not sent twice. Signals this
/// process inherited as ignored (`nohup`) stay ignored for the child.
///
/// The child starts with no signals blocked, whatever mask this process inherited (a parent
/// that spawns from a thread blocking every signal would otherwise pass that on, and the
/// command could not be stopped or reap its own children).
package enum ChildProcess {
  /// The signals forwarded to the child.
  package static let forwardedSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

  /// What every spawn runs inside: the spawn itself in clerkctl; in a test process, a lock
  /// that keeps spawns apart from the writing of programs the tests then run. A child holds
  /// every descriptor of this process between its clone and its exec, and one open for
  /// writing makes `execve` of that file fail with ETXTBSY (seen as `Text file busy` in a
  /// loaded run while an in-process `exec` started its child).
  package typealias SpawnGate = @Sendable (_ spawn: () -> Int32) -> Int32

  /// The gate that only spawns.
  package static let ungated: SpawnGate = { spawn in spawn() }

  /// Runs `arguments[0]` with `arguments` as its argv and exactly `environment` as its
  /// environment, and waits for it.
  ///
  /// Only one child may be run at a time per process (the signal forwarding is process-wide).
  ///
  /// - Parameters:
  ///   - arguments: the command and its arguments; must not be empty.
  ///   - environment: the child's whole environment; its `PATH` is used to find the command.
  ///   - parentDeathSignal: a signal the child gets when this process dies, however it dies
  ///     (SIGKILL included), so it never outlives it; `nil`: it may.
  ///   - gate: what the spawn runs inside (``SpawnGate``).
  /// - Returns: the exit status, or `128 + n` when signal `n` ended the child.
  /// - Throws: `ChildProcessError` when the command is not found or cannot be run.
  package static func run(
    _ arguments: [String], environment: [String: String], parentDeathSignal: Int32? = nil,
    gate: SpawnGate = ungated
  ) throws(ChildProcessError) -> Int32 {
    guard let command = arguments.first else { throw .notFound(command: "") }
    let path = try resolve(command, path: environment["PATH"])
    let argv = CStringArray(arguments)
    let envp = CStringArray(environment.map { "\($0.key)=\($0.value)" }.sorted())
    let saved = installForwarding()
    defer { restore(saved) }
    var pid: pid_t = 0
    let spawned = gate {
      guard let parentDeathSignal else {
        return withCleanSignalMask { attributes in
          withExtendedLifetime((argv, envp)) {
            posix_spawn(&pid, path, nil, &attributes, argv.pointer, envp.pointer)
          }
        }
      }
      let started = withExtendedLifetime((argv, envp)) {
        ParentDeathSpawn.spawn(
          path: path, arguments: argv.pointer, environment: envp.pointer,
          signal: parentDeathSignal)
      }
      switch started {
      case .success(let child):
        pid = child
        return 0
      case .failure(let failure):
        return failure.code
      }
    }
    guard spawned == 0 else {
      throw .notExecutable(command: command, reason: errorText(spawned))
    }
    forwardTarget.store(pid, ordering: .sequentiallyConsistent)
    let early = pendingSignal.exchange(0, ordering: .sequentiallyConsistent)
    if early != 0 { kill(pid, early) }
    // Wait without reaping, stop forwarding, then reap: a forwarded signal can never reach a
    // recycled pid.
    var info = siginfo_t()
    while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
    forwardTarget.store(0, ordering: .sequentiallyConsistent)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let signal = status & 0x7f
    return signal == 0 ? (status >> 8) & 0xff : 128 + signal
  }

  /// The file to run for `command`, as a shell finds it.
  ///
  /// - Parameters:
  ///   - command: a name looked up on `path`, or a path when it contains `/`.
  ///   - path: the `PATH` value; unset means `/usr/local/bin:/usr/bin:/bin`.
  /// - Throws: `.notFound` when nothing matches, `.notExecutable` when only files that cannot
  ///   be run match.
  package static func resolve(_ command: String, path: String?) throws(ChildProcessError) -> String
  {
    guard !command.isEmpty else { throw .notFound(command: command) }
    if command.contains("/") {
      if let problem = problem(running: command) {
        throw problem == ENOENT
          ? .notFound(command: command)
          : .notExecutable(command: command, reason: errorText(problem))
      }
      return command
    }
    var firstProblem: Int32?
    let directories = (path ?? "/usr/local/bin:/usr/bin:/bin")
      .split(separator: ":", omittingEmptySubsequences: false)
    for directory in directories {
      let candidate = (directory.isEmpty ? "." : String(directory)) + "/" + command
      guard let problem = problem(running: candidate) else { return candidate }
      if problem != ENOENT && firstProblem == nil { firstProblem = problem }
    }
    if let firstProblem {
      throw .notExecutable(command: command, reason: errorText(firstProblem))
    }
    throw .notFound(command: command)
  }

  /// Why `file` cannot be run (an errno), or `nil` when it is an executable regular file.
  private static func problem(running file: String) -> Int32? {
    var info = stat()
    guard stat(file, &info) == 0 else { return errno }
    if (info.st_mode & S_IFMT) == S_IFDIR { return EISDIR }
    guard (info.st_mode & S_IFMT) == S_IFREG else { return EACCES }
    return access(file, X_OK) == 0 ? nil : errno
  }

  /// Runs `body` with spawn attributes that start the child with no signal blocked (whatever
  /// this process blocks, e.g. while it forwards signals).
  static func withCleanSignalMask<T>(_ body: (inout posix_spawnattr_t) -> T) -> T {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    // clerkctl ignores SIGXFSZ (CLI.protectProcess); the child starts with the default.
    var defaults = sigset_t()
    sigemptyset(&defaults)
    sigaddset(&defaults, SIGXFSZ)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    return body(&attributes)
  }

  static func errorText(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
  }

  /// What `installForwarding` changed, for `restore`.
  private struct SavedSignals {
    var actions: [(Int32, sigaction)] = []
    var mask = sigset_t()
  }

  /// Installs the forwarding handler for each signal not inherited as ignored and unblocks
  /// them in this thread; returns what to restore.
  private static func installForwarding() -> SavedSignals {
    pendingSignal.store(0, ordering: .sequentiallyConsistent)
    var saved = SavedSignals()
    var forwarded = sigset_t()
    sigemptyset(&forwarded)
    for signal in forwardedSignals { sigaddset(&forwarded, signal) }
    pthread_sigmask(SIG_UNBLOCK, &forwarded, &saved.mask)
    for signal in forwardedSignals {
      var previous = sigaction()
      guard sigaction(signal, nil, &previous) == 0 else { continue }
      if isIgnored(previous) { continue }
      var action = sigaction()
      action.__sigaction_handler.sa_sigaction = forwardSignal
      action.sa_flags = SA_SIGINFO | SA_RESTART
      sigemptyset(&action.sa_mask)
      if sigaction(signal, &action, nil) == 0 { saved.actions.append((signal, previous)) }
    }
    return saved
  }

  private static func isIgnored(_ action: sigaction) -> Bool {
    unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
      == unsafeBitCast(SIG_IGN, to: Int.self)
  }

  private static func restore(_ saved: SavedSignals) {
    for (signal, previous) in saved.actions {
      var previous = previous
      sigaction(signal, &previous, nil)
    }
    var mask = saved.mask
    pthread_sigmask(SIG_SETMASK, &mask, nil)
  }
}

/// The signal handler: async-signal-safe (atomics and `kill` only).
private func forwardSignal(
  _ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
) {
  // The terminal driver (SI_KERNEL) signals the whole foreground group, the child included.
  if let info, info.pointee.si_code == SI_KERNEL { return }
  let pid = forwardTarget.load(ordering: .sequentiallyConsistent)
  if pid > 0 {
    kill(pid, signal)
  } else {
    pendingSignal.store(signal, ordering: .sequentiallyConsistent)
  }
}
