import Foundation

/// The result of running a program to its end.
public struct ProcessResult: Sendable {
  public var status: Int32
  public var stdout: String
  public var stderr: String
  /// Whether it was ended by a signal rather than exiting.
  public var signaled: Bool

  package init(status: Int32, stdout: String = "", stderr: String = "", signaled: Bool = false) {
    self.status = status
    self.stdout = stdout
    self.stderr = stderr
    self.signaled = signaled
  }
}

/// Runs a program with arguments, environment and stdin, and collects everything it printed
/// (through ``SpawnedProcess``: posix_spawn, a clean signal state, always reaped).
public enum ProcessRun {
  /// Runs `executable` to completion (killed after `timeout` seconds, then `status` is -1),
  /// blocking the calling thread.
  public static func run(
    _ executable: String, _ arguments: [String], environment: [String: String],
    stdin: String? = nil, timeout: Double = 60
  ) throws -> ProcessResult {
    expectOffCooperativePool("ProcessRun.run (\(executable))")
    let child = try SpawnedProcess(executable, arguments, environment: environment)
    if let stdin { child.write(stdin) }
    child.closeInput()
    let exit = child.waitForExit(timeout: timeout)
    return ProcessResult(
      status: exit.status, stdout: child.stdout, stderr: child.stderr, signaled: exit.signaled)
  }

  /// ``run(_:_:environment:stdin:timeout:)`` on a thread of its own, awaited:
  /// the caller's (cooperative) thread is free while the child runs.
  public static func run(
    _ executable: String, _ arguments: [String], environment: [String: String],
    stdin: String? = nil, timeout: Double = 60
  ) async throws -> ProcessResult {
    try await onOwnThread {
      try run(executable, arguments, environment: environment, stdin: stdin, timeout: timeout)
    }
  }
}
