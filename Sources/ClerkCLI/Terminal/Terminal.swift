import ClerkctlCommandLine

/// The process's standard streams, as a struct of closures so tests capture output and feed
/// input.
package struct Terminal: Sendable {
  /// The three standard streams.
  package enum Stream: Sendable {
    case input, output, error
  }

  /// Writes bytes to stdout (data only).
  package var writeOutputBytes: @Sendable ([UInt8]) -> Void
  /// Writes bytes to stderr (prompts, progress, warnings, errors).
  package var writeErrorBytes: @Sendable ([UInt8]) -> Void
  /// Reads one line from stdin, without its line ending; `nil` at end of input.
  package var readLine: @Sendable () -> String?
  /// Reads the rest of stdin.
  package var readAll: @Sendable () -> [UInt8]
  /// Reads at most `limit` bytes of the rest of stdin, and no more (pass a cap plus one to
  /// tell an input that is too large).
  package var readAtMost: @Sendable (_ limit: Int) -> [UInt8]
  /// Whether the stream is a terminal.
  package var isTerminal: @Sendable (Stream) -> Bool
  /// Writes `prompt` to stderr and reads one line from stdin without echo. On a terminal, the
  /// terminal is restored on return, and Ctrl-C restores it and exits 130.
  ///
  /// - Throws: ``CLIError/inputEnded(_:)`` at end of input.
  package var readSecret: @Sendable (_ prompt: String) throws -> String
  /// Turns echo off on an interactive stdin until ``releaseEcho`` (echoing prompts still
  /// echo), so nothing typed ahead of a secret prompt shows; does nothing when stdin is not a
  /// terminal (or in a test's terminal). The process's end puts it back (`TerminalSettings`).
  package var holdEcho: @Sendable () -> Void
  /// The width in columns of the terminal stdout (else stderr) is, `nil` when neither is one.
  package var columns: @Sendable () -> Int?
  /// Ends ``holdEcho``'s hold.
  package var releaseEcho: @Sendable () -> Void
  /// While a hold is in force: `true` echoes again (an echoing prompt, from before its text is
  /// written), `false` holds echo off again.
  package var echoWhilePrompting: @Sendable (Bool) -> Void

  package init(
    writeOutputBytes: @escaping @Sendable ([UInt8]) -> Void,
    writeErrorBytes: @escaping @Sendable ([UInt8]) -> Void,
    readLine: @escaping @Sendable () -> String?,
    readAll: @escaping @Sendable () -> [UInt8],
    isTerminal: @escaping @Sendable (Stream) -> Bool,
    readSecret: @escaping @Sendable (_ prompt: String) throws -> String,
    readAtMost: (@Sendable (_ limit: Int) -> [UInt8])? = nil,
    holdEcho: @escaping @Sendable () -> Void = {},
    releaseEcho: @escaping @Sendable () -> Void = {},
    echoWhilePrompting: @escaping @Sendable (Bool) -> Void = { _ in },
    columns: @escaping @Sendable () -> Int? = { nil }
  ) {
    self.columns = columns
    self.echoWhilePrompting = echoWhilePrompting
    self.holdEcho = holdEcho
    self.releaseEcho = releaseEcho
    self.writeOutputBytes = writeOutputBytes
    self.writeErrorBytes = writeErrorBytes
    self.readLine = readLine
    self.readAll = readAll
    self.readAtMost = readAtMost ?? { limit in Array(readAll().prefix(limit)) }
    self.isTerminal = isTerminal
    self.readSecret = readSecret
  }

  /// Writes text to stdout.
  package func writeOutput(_ text: String) { writeOutputBytes(Array(text.utf8)) }

  /// Writes text to stderr.
  package func writeError(_ text: String) { writeErrorBytes(Array(text.utf8)) }

  /// Writes `prompt` to stderr and reads one line (echoed) from stdin.
  ///
  /// - Throws: ``CLIError/inputEnded(_:)`` at end of input.
  package func prompt(_ prompt: String) throws -> String {
    echoWhilePrompting(true)
    defer { echoWhilePrompting(false) }
    writeError(prompt)
    guard let line = readLine() else {
      // Ctrl-D: the report that follows goes on a line of its own, not after the prompt.
      if isTerminal(.error) { writeError("\n") }
      throw CLIError.inputEnded("the answer")
    }
    return line
  }
}
