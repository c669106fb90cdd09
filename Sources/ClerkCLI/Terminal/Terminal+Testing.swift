import ClerkctlCommandLine

extension Terminal {
  /// A terminal for tests: stdin is `input`, output goes to the returned recorder.
  ///
  /// - Parameters:
  ///   - input: what stdin holds; `readSecret` reads its lines too.
  ///   - terminals: the streams that claim to be terminals.
  /// - Returns: the terminal and the recorder that captures its output.
  package static func capturing(
    input: String = "", terminals: Set<Stream> = []
  )
    -> (Terminal, TerminalRecorder)
  {
    let recorder = TerminalRecorder()
    var pending = Array(input.utf8)
    let reader = LineReader {
      defer { pending = [] }
      return pending
    }
    let terminal = Terminal(
      writeOutputBytes: { recorder.appendOutput($0) },
      writeErrorBytes: { recorder.appendError($0) },
      readLine: { reader.readLine() },
      readAll: { reader.readAll() },
      isTerminal: { terminals.contains($0) },
      readSecret: { prompt in
        recorder.appendPrompt(prompt)
        recorder.appendError(Array(prompt.utf8))
        guard let line = reader.readLine() else { throw CLIError.inputEnded("the answer") }
        recorder.appendError(Array("\n".utf8))
        return line
      },
      readAtMost: { reader.readAll(limit: $0) }
    )
    return (terminal, recorder)
  }
}
