import ClerkctlCommandLine

/// `clerkctl completion bash|zsh|fish`: prints a shell completion script.
package struct CompletionCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "completion",
      abstract: "Print a shell completion script for bash, zsh or fish.",
      discussion: """
        Where each script goes: bash, ~/.local/share/bash-completion/completions/clerkctl \
        (or /usr/share/bash-completion/completions/clerkctl for everyone); zsh, a file named \
        _clerkctl in a directory on $fpath, such as ~/.zfunc (add 'fpath=(~/.zfunc $fpath)' \
        before 'compinit' in ~/.zshrc); fish, ~/.config/fish/completions/clerkctl.fish. \
        'make install' puts all three in place. Start a new shell afterwards.

        Completion offers the stored profile names after --profile and 'profile use', and \
        convex and the template names in the token cache after --template.
        """,
      examples: [
        CommandExample("Load completion in bash", "source <(clerkctl completion bash)"),
        CommandExample(
          "Install it for bash",
          "clerkctl completion bash > ~/.local/share/bash-completion/completions/clerkctl"),
        CommandExample("Install it for zsh", "clerkctl completion zsh > ~/.zfunc/_clerkctl"),
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
