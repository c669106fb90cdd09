import Foundation

/// The result of running a program to its end.
public struct ProcessResult: Sendable {
  public var status: Int32
  public var stdout: String
  public var stderr: String
  /// Whether it was ended by a signal rather than exiting.
  public var signaled: Bool
}

/// Runs a program with arguments, environment and stdin, and collects everything it printed.
public enum ProcessRun {
  /// Runs `executable` to completion (killed after `timeout` seconds, then `status` is -1).
  public static func run(
    _ executable: String, _ arguments: [String], environment: [String: String],
    stdin: String? = nil, currentDirectory: String? = nil, timeout: Double = 60
  ) throws -> ProcessResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = environment
    if let currentDirectory {
      process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory)
    }
    let out = Pipe()
    let err = Pipe()
    let input = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    let collected = Collected()
    let group = DispatchGroup()
    for (pipe, isOut) in [(out, true), (err, false)] {
      group.enter()
      DispatchQueue.global().async {
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        collected.set(data, stdout: isOut)
        group.leave()
      }
    }
    try process.run()
    if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
    try? input.fileHandleForWriting.close()
    let finished = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      process.waitUntilExit()
      finished.signal()
    }
    var timedOut = false
    if finished.wait(timeout: .now() + timeout) == .timedOut {
      timedOut = true
      kill(process.processIdentifier, SIGKILL)
      finished.wait()
    }
    // A grandchild that inherited the pipes may keep them open: don't wait for it forever.
    _ = group.wait(timeout: .now() + 5)
    return ProcessResult(
      status: timedOut ? -1 : process.terminationStatus,
      stdout: collected.stdout, stderr: collected.stderr,
      signaled: process.terminationReason == .uncaughtSignal)
  }
}

private final class Collected: @unchecked Sendable {
  private let lock = NSLock()
  private var out = Data()
  private var err = Data()

  func set(_ data: Data, stdout: Bool) {
    lock.lock()
    defer { lock.unlock() }
    if stdout { out = data } else { err = data }
  }

  var stdout: String {
    lock.lock()
    defer { lock.unlock() }
    return String(decoding: out, as: UTF8.self)
  }

  var stderr: String {
    lock.lock()
    defer { lock.unlock() }
    return String(decoding: err, as: UTF8.self)
  }
}
