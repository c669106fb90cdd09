import ClerkctlCore
import Foundation
import Glibc

/// A child process for tests, started with `posix_spawn`: an empty signal mask and every
/// signal at its default disposition (whatever the test process blocks or ignores), its own
/// pipes (close-on-exec here, so no other child inherits them), no other descriptor of the
/// test process (everything above 2 is closed in the child, so a child never holds another
/// test's connection or pipe open), and always reaped.
///
/// Three dedicated threads per child, never Swift's cooperative ones: two drain stdout and
/// stderr to the end, one blocks in `waitpid`. ``waitForExit(timeout:)`` blocks the caller;
/// ``exit()`` awaits the same result without holding a thread. The reaping thread keeps the
/// value alive until the child has exited: end long-running children with ``send(_:)``.
package final class SpawnedProcess: @unchecked Sendable {
  /// How a child ended.
  package struct Exit: Sendable, Equatable {
    /// The exit status, or the signal number when `signaled`; -1 when killed on a timeout.
    package var status: Int32
    /// Whether a signal ended it.
    package var signaled: Bool

    package init(status: Int32, signaled: Bool) {
      self.status = status
      self.signaled = signaled
    }
  }

  /// What a child's stdin is.
  package enum Input: Sendable {
    /// A pipe the test writes with ``write(_:)`` and closes with ``closeInput()``.
    case pipe
    /// `/dev/null`.
    case null
    /// This descriptor (e.g. a pseudo-terminal), shared with the child; the test keeps it.
    case descriptor(Int32)
  }

  package let pid: pid_t
  private let condition = NSCondition()
  private var outputBytes: [UInt8] = []
  private var errorBytes: [UInt8] = []
  private var openStreams = 2
  private var ended: Exit?
  private var killedOnTimeout = false
  private var waiters: [CheckedContinuation<Exit, Never>] = []
  private var inputDescriptor: Int32

  /// Starts `executable` (a path) with `arguments` and exactly `environment`.
  package init(
    _ executable: String, _ arguments: [String], environment: [String: String],
    input: Input = .pipe, errorDescriptor: Int32? = nil
  ) throws {
    var stdinPipe: [Int32] = [-1, -1]
    var stdoutPipe: [Int32] = [-1, -1]
    var stderrPipe: [Int32] = [-1, -1]
    func closeAll() {
      for descriptor in stdinPipe + stdoutPipe + stderrPipe where descriptor >= 0 {
        close(descriptor)
      }
    }
    func makePipe(_ ends: inout [Int32]) -> Bool {
      guard let pipe = CloseOnExec.pipe(nonBlocking: false) else { return false }
      ends = [pipe.read, pipe.write]
      return true
    }
    let pipesInput: Bool
    if case .pipe = input { pipesInput = true } else { pipesInput = false }
    guard makePipe(&stdoutPipe), makePipe(&stderrPipe), !pipesInput || makePipe(&stdinPipe)
    else {
      closeAll()
      throw SpawnError(message: "pipe failed: \(String(cString: strerror(errno)))")
    }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    switch input {
    case .pipe: posix_spawn_file_actions_adddup2(&actions, stdinPipe[0], STDIN_FILENO)
    case .null:
      posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
    case .descriptor(let descriptor):
      posix_spawn_file_actions_adddup2(&actions, descriptor, STDIN_FILENO)
    }
    posix_spawn_file_actions_adddup2(&actions, stdoutPipe[1], STDOUT_FILENO)
    posix_spawn_file_actions_adddup2(&actions, errorDescriptor ?? stderrPipe[1], STDERR_FILENO)
    // Whatever else the test process holds, close-on-exec or not (a careless library's socket,
    // a descriptor another test opened), stays out of the child.
    let closing = CloseOnExec.closeFrom(STDERR_FILENO + 1, in: &actions)
    guard closing == 0 else {
      closeAll()
      throw SpawnError(
        message: "posix_spawn close-from failed: \(String(cString: strerror(closing)))")
    }

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    sigdelset(&allSignals, SIGKILL)
    sigdelset(&allSignals, SIGSTOP)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    let argv = [executable] + arguments
    let envp = environment.map { "\($0.key)=\($0.value)" }
    var cArguments = argv.map { strdup($0) } + [nil]
    var cEnvironment = envp.map { strdup($0) } + [nil]
    defer {
      for pointer in cArguments + cEnvironment { free(pointer) }
    }
    var child = pid_t()
    let result = ExecutableFile.spawning {
      posix_spawn(&child, executable, &actions, &attributes, &cArguments, &cEnvironment)
    }
    // The child has its copies; this process keeps only its own ends.
    for descriptor in [stdinPipe[0], stdoutPipe[1], stderrPipe[1]] where descriptor >= 0 {
      close(descriptor)
    }
    guard result == 0 else {
      for descriptor in [stdinPipe[1], stdoutPipe[0], stderrPipe[0]] where descriptor >= 0 {
        close(descriptor)
      }
      throw SpawnError(
        message: "could not start \(executable): \(String(cString: strerror(result)))")
    }
    pid = child
    inputDescriptor = stdinPipe[1]
    let (outReader, errReader) = (stdoutPipe[0], stderrPipe[0])
    DetachedThread.start { [self] in drain(outReader, isError: false) }
    DetachedThread.start { [self] in drain(errReader, isError: true) }
    DetachedThread.start { [self] in reap() }
  }

  deinit {
    if inputDescriptor >= 0 { close(inputDescriptor) }
  }

  /// Writes `bytes` to the child's stdin (ignored once it is closed, or once the child has
  /// exited: the write fails with EPIPE instead of raising SIGPIPE in the test process).
  package func write(_ bytes: [UInt8]) {
    Self.brokenPipesIgnored
    condition.lock()
    let descriptor = inputDescriptor
    condition.unlock()
    guard descriptor >= 0 else { return }
    bytes.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count {
        let written = Glibc.write(
          descriptor, base.advanced(by: offset), buffer.count - offset)
        if written > 0 {
          offset += written
        } else if written < 0 && errno == EINTR {
          continue
        } else {
          return
        }
      }
    }
  }

  /// SIGPIPE ignored in the test process, once: a child that exits before reading all its input
  /// (a usage error, a refused oversized input) would otherwise kill the whole test run. Children
  /// start with every disposition at its default, so they still get SIGPIPE.
  private static let brokenPipesIgnored: Void = {
    _ = signal(SIGPIPE, SIG_IGN)
  }()

  /// Writes `text` to the child's stdin.
  package func write(_ text: String) { write(Array(text.utf8)) }

  /// Closes the child's stdin.
  package func closeInput() {
    condition.lock()
    let descriptor = inputDescriptor
    inputDescriptor = -1
    condition.unlock()
    if descriptor >= 0 { close(descriptor) }
  }

  /// Sends `signal` to the child (nothing once it has been reaped).
  package func send(_ signal: Int32) {
    condition.lock()
    defer { condition.unlock() }
    if ended == nil { kill(pid, signal) }
  }

  /// Everything the child wrote to stdout so far.
  package var stdout: String {
    condition.lock()
    defer { condition.unlock() }
    return String(decoding: outputBytes, as: UTF8.self)
  }

  /// Everything the child wrote to stderr so far.
  package var stderr: String {
    condition.lock()
    defer { condition.unlock() }
    return String(decoding: errorBytes, as: UTF8.self)
  }

  /// Waits until `ready(stdout, stderr)` holds, both streams have ended, or `timeout` seconds
  /// pass; returns whether `ready` held.
  package func waitForOutput(
    timeout: Double, until ready: (_ stdout: String, _ stderr: String) -> Bool
  ) -> Bool {
    expectOffCooperativePool("SpawnedProcess.waitForOutput")
    let deadline = Date().addingTimeInterval(timeout)
    condition.lock()
    defer { condition.unlock() }
    while true {
      let out = String(decoding: outputBytes, as: UTF8.self)
      let err = String(decoding: errorBytes, as: UTF8.self)
      if ready(out, err) { return true }
      if openStreams == 0 || !condition.wait(until: deadline) { return false }
    }
  }

  /// Blocks until the child exits (killed with SIGKILL after `timeout` seconds, then status
  /// -1), then up to 5 s more for its output to end (a grandchild may hold the pipes).
  @discardableResult
  package func waitForExit(timeout: Double = 60) -> Exit {
    expectOffCooperativePool("SpawnedProcess.waitForExit")
    let deadline = Date().addingTimeInterval(timeout)
    condition.lock()
    while ended == nil {
      if !condition.wait(until: deadline), ended == nil {
        killedOnTimeout = true
        kill(pid, SIGKILL)
        while ended == nil { condition.wait() }
      }
    }
    let streamsDeadline = Date().addingTimeInterval(5)
    while openStreams > 0, condition.wait(until: streamsDeadline) {}
    var exit = ended ?? Exit(status: -1, signaled: false)
    if killedOnTimeout { exit.status = -1 }
    condition.unlock()
    return exit
  }

  /// Awaits the child's exit without holding a thread (no timeout: send a signal to end it).
  package func exit() async -> Exit {
    await withCheckedContinuation { continuation in
      condition.lock()
      if let ended {
        condition.unlock()
        continuation.resume(returning: ended)
      } else {
        waiters.append(continuation)
        condition.unlock()
      }
    }
  }

  /// ``waitForOutput(timeout:until:)`` on a thread of its own, awaited.
  package func waitForOutput(
    timeout: Double, until ready: @escaping @Sendable (_ stdout: String, _ stderr: String) -> Bool
  ) async -> Bool {
    await onOwnThread { self.waitForOutput(timeout: timeout, until: ready) }
  }

  /// ``waitForExit(timeout:)`` on a thread of its own, awaited.
  @discardableResult
  package func waitForExit(timeout: Double = 60) async -> Exit {
    await onOwnThread { self.waitForExit(timeout: timeout) }
  }

  private func drain(_ descriptor: Int32, isError: Bool) {
    var chunk = [UInt8](repeating: 0, count: 16_384)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      condition.lock()
      if count > 0 {
        if isError {
          errorBytes += chunk[0..<count]
        } else {
          outputBytes += chunk[0..<count]
        }
      } else {
        openStreams -= 1
      }
      condition.broadcast()
      condition.unlock()
      if count <= 0 { break }
    }
    close(descriptor)
  }

  private func reap() {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    // WIFSIGNALED / WTERMSIG / WEXITSTATUS, which Swift does not import.
    let signal = status & 0x7f
    let exit =
      signal != 0 && signal != 0x7f
      ? Exit(status: signal, signaled: true) : Exit(status: (status >> 8) & 0xff, signaled: false)
    condition.lock()
    ended = exit
    let resumed = waiters
    waiters = []
    condition.broadcast()
    condition.unlock()
    for waiter in resumed { waiter.resume(returning: exit) }
  }
}

/// A child process could not be started.
package struct SpawnError: Error, CustomStringConvertible {
  package var message: String
  package var description: String { message }
}
