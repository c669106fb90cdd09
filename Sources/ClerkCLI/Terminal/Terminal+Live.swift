import ClerkctlCommandLine
import Glibc

extension Terminal {
  /// The real standard streams of this process.
  package static var live: Terminal {
    let reader = LineReader {
      var chunk = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
        if count >= 0 { return Array(chunk.prefix(count)) }
        if errno != EINTR { return [] }
      }
    }
    return Terminal(
      writeOutputBytes: { writeFully(STDOUT_FILENO, $0) },
      writeErrorBytes: { writeFully(STDERR_FILENO, $0) },
      readLine: { reader.readLine() },
      readAll: { reader.readAll() },
      isTerminal: { stream in
        switch stream {
        case .input: isatty(STDIN_FILENO) == 1
        case .output: isatty(STDOUT_FILENO) == 1
        case .error: isatty(STDERR_FILENO) == 1
        }
      },
      readSecret: { prompt in
        writeFully(STDERR_FILENO, Array(prompt.utf8))
        // Ctrl-C with echo off is the live ProcessGuard's, as this is the live terminal.
        return try SecretReader.withEchoOff(
          descriptor: STDIN_FILENO, processGuard: .live, terminal: .live
        ) {
          guard let line = reader.readLine() else { throw CLIError.inputEnded("the answer") }
          return line
        }
      },
      readAtMost: { reader.readAll(limit: $0) },
      holdEcho: { EchoHold.begin() },
      releaseEcho: { EchoHold.end() },
      echoWhilePrompting: { EchoHold.echo($0) },
      columns: {
        TerminalSize.columns(of: STDOUT_FILENO) ?? TerminalSize.columns(of: STDERR_FILENO)
      }
    )
  }

  private static func writeFully(_ descriptor: Int32, _ bytes: [UInt8]) {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(
          descriptor, buffer.baseAddress?.advanced(by: offset), buffer.count - offset)
        if written > 0 {
          offset += written
        } else if written < 0 && errno == EINTR {
          continue
        } else {
          if descriptor == STDOUT_FILENO { OutputFailure.record(written < 0 ? errno : EIO) }
          return
        }
      }
    }
  }
}
