import ClerkKit
import FoundationEssentials

/// Where `jwt decode` and `jwt verify` get the token from.
extension CommandContext {
  /// The token from `argument`, or from stdin when `argument` is `-`, or absent while stdin is
  /// not a terminal. Whitespace and line endings around it are trimmed.
  ///
  /// - Throws: ``UsageError`` when there is no token: no argument with stdin a terminal, or
  ///   an argument or stdin holding nothing but whitespace.
  package func tokenInput(_ argument: String?) throws -> String {
    if argument == nil && terminal.isTerminal(.input) {
      throw UsageError("no token given: pass it as an argument, or pipe it in and use -")
    }
    let fromStdin = argument == nil || argument == "-"
    let raw = fromStdin ? String(decoding: terminal.readAll(), as: UTF8.self) : argument ?? ""
    let token = raw.trimmingWhitespace()
    guard !token.isEmpty else {
      throw UsageError(fromStdin ? "no token on standard input" : "the token argument is empty")
    }
    return token
  }
}
