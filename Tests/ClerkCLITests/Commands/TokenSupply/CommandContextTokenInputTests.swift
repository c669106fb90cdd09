import ClerkCLI
import ClerkctlCommandLine
import Testing

/// Where `jwt decode`/`jwt verify` take the token from.
@Suite struct CommandContextTokenInputTests {
  private func context(input: String, stdinIsTerminal: Bool) -> CommandContext {
    let (terminal, _) = Terminal.capturing(
      input: input, terminals: stdinIsTerminal ? [.input] : [])
    return CommandContext(terminal: terminal, environment: [:])
  }

  @Test(
    "the argument wins; - or no argument with piped stdin reads stdin, trimmed",
    arguments: [
      ("a.b.c", "x.y.z", false, "a.b.c"),
      (" a.b.c\n", "", true, "a.b.c"),
      ("-", "  x.y.z\r\n", false, "x.y.z"),
      ("-", "x.y.z\n", true, "x.y.z"),
      (nil, "\tx.y.z\n\n", false, "x.y.z"),
    ] as [(String?, String, Bool, String)])
  func readsToken(argument: String?, input: String, terminal: Bool, expected: String) throws {
    let token = try context(input: input, stdinIsTerminal: terminal).tokenInput(argument)
    #expect(token == expected)
  }

  @Test(
    "no token at all is a usage error",
    arguments: [
      (nil, "x.y.z", true, "no token given: pass it as an argument, or pipe it in and use -"),
      (nil, " \n", false, "no token on standard input"),
      ("-", "", false, "no token on standard input"),
      ("  ", "x.y.z", false, "the token argument is empty"),
    ] as [(String?, String, Bool, String)])
  func missingToken(argument: String?, input: String, terminal: Bool, message: String) {
    #expect(throws: UsageError(message)) {
      try context(input: input, stdinIsTerminal: terminal).tokenInput(argument)
    }
  }
}
