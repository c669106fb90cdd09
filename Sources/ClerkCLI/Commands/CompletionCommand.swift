/// `clerkctl completion bash|zsh|fish`: prints a shell completion script.
package struct CompletionCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "completion",
      abstract: "Print a shell completion script for bash, zsh or fish.",
      examples: [
        CommandExample("Load completion in bash", "source <(clerkctl completion bash)"),
        CommandExample(
          "Install it for fish",
          "clerkctl completion fish > ~/.config/fish/completions/clerkctl.fish"),
      ],
      arguments: [
        ArgumentSpec(
          "shell", help: "The shell.", valueKind: .choice(CompletionShell.allCases.map(\.rawValue)))
      ])
  }

  private let shell: CompletionShell

  package init(parsed: ParsedArguments) throws {
    guard let name = parsed.positional(0), let shell = CompletionShell(rawValue: name) else {
      throw UsageError("missing argument '<shell>'")
    }
    self.shell = shell
  }

  package func run(_ context: CommandContext) throws -> Int32 {
    context.terminal.writeOutput(CompletionScript.script(for: shell, root: RootCommand.self))
    return ExitCode.success.rawValue
  }
}
