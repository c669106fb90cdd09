import ClerkCLI
import Testing

@Suite("Terminal and prompt policy")
struct TerminalTests {
  @Test(
    "Prompts only on terminals without --no-input, CLERKCTL_NO_INPUT or CI",
    arguments: [
      (true, true, false, [String: String](), true),
      (false, true, false, [:], false),
      (true, false, false, [:], false),
      (true, true, true, [:], false),
      (true, true, false, ["CLERKCTL_NO_INPUT": "1"], false),
      (true, true, false, ["CLERKCTL_NO_INPUT": "0"], true),
      (true, true, false, ["CI": "true"], false),
      (true, true, false, ["CI": "1"], false),
      (true, true, false, ["CI": ""], true),
      (true, true, false, ["CI": "0"], true),
      (true, true, false, ["CI": "false"], true),
    ])
  func policy(
    stdin: Bool, stderr: Bool, noInput: Bool, environment: [String: String], allowed: Bool
  ) {
    #expect(
      PromptPolicy.allowsPrompts(
        stdinIsTerminal: stdin, stderrIsTerminal: stderr, noInputFlag: noInput,
        environment: environment) == allowed)
  }

  @Test("The context applies the policy to its terminal and globals")
  func contextPolicy() {
    let (terminal, _) = Terminal.capturing(terminals: [.input, .error])
    var context = CommandContext(terminal: terminal, environment: [:])
    #expect(context.canPrompt)
    context.globals.noInput = true
    #expect(!context.canPrompt)
    #expect(context.columns == 80)
    #expect(CommandContext(terminal: terminal, environment: ["COLUMNS": "120"]).columns == 120)
  }

  @Test("Lines, secrets and the rest of stdin are read in turn")
  func reading() throws {
    let (terminal, recorder) = Terminal.capturing(input: "hunter2\r\n123456\nrest\nof it")
    #expect(try terminal.readSecret("Password: ") == "hunter2")
    #expect(terminal.readLine() == "123456")
    #expect(terminal.readAll() == Array("rest\nof it".utf8))
    #expect(terminal.readLine() == nil)
    #expect(throws: CLIError.inputEnded("the answer")) { try terminal.readSecret("Code: ") }
    #expect(recorder.secretPrompts == ["Password: ", "Code: "])
    #expect(recorder.output.isEmpty)
    #expect(recorder.error.hasPrefix("Password: \n"))
  }
}
