import ClerkctlCommandLine
import ClerkctlCore
import FoundationEssentials

/// Where `jwt decode` and `jwt verify` get the token from.
extension CommandContext {
  /// The most bytes a token may have (64 KiB): Clerk's JWTs are a few KiB.
  package static let tokenInputLimit = 64 * 1024

  /// The token from `argument`, or from stdin when `argument` is `-`, or absent while stdin is
  /// not a terminal. Whitespace and line endings around it are trimmed.
  ///
  /// - Throws: ``UsageError`` when there is no token: no argument with stdin a terminal, or
  ///   an argument or stdin holding nothing but whitespace.
  /// - Throws: ``CLIError/tokenTooLarge(limit:)`` (exit 9) for more than
  ///   ``tokenInputLimit`` bytes; stdin is read no further than that.
  package func tokenInput(_ argument: String?) throws -> String {
    if argument == nil && terminal.isTerminal(.input) {
      throw UsageError("no token given: pass it as an argument, or pipe it in and use -")
    }
    let fromStdin = argument == nil || argument == "-"
    let bytes = fromStdin ? terminal.readAtMost(Self.tokenInputLimit + 1) : []
    guard bytes.count <= Self.tokenInputLimit, (argument?.utf8.count ?? 0) <= Self.tokenInputLimit
    else { throw CLIError.tokenTooLarge(limit: Self.tokenInputLimit) }
    let raw = fromStdin ? String(decoding: bytes, as: UTF8.self) : argument ?? ""
    let token = raw.trimmingWhitespace()
    guard !token.isEmpty else {
      throw UsageError(fromStdin ? "no token on standard input" : "the token argument is empty")
    }
    return token
  }
}
