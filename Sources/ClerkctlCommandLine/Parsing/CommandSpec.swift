/// A type that declares a command: the parser, help, completion and the man page read its
/// `spec`. Each executable's commands refine it with what they run.
package protocol CommandDeclaration: Sendable {
  /// The declaration the parser, help, completion and the man page read.
  static var spec: CommandSpec { get }
}

/// Declares one command: what the parser accepts and what help, completion and the man page show.
package struct CommandSpec: Sendable {
  /// The name typed on the command line (`decode` for `clerkctl jwt decode`).
  package var name: String
  /// Other names that select the command.
  package var aliases: [String]
  /// One line for OVERVIEW and the SUBCOMMANDS list.
  package var abstract: String
  /// Paragraphs shown after the abstract; separate paragraphs with a blank line.
  package var discussion: String
  /// Examples shown at the end of help.
  package var examples: [CommandExample]
  /// The command's own options. Subcommands inherit the options of every command above them.
  package var options: [OptionSpec]
  /// Positional arguments, in order.
  package var arguments: [ArgumentSpec]
  /// Subcommands; a command with subcommands takes no positional arguments of its own.
  package var subcommands: [any CommandDeclaration.Type]
  /// When true, option parsing stops at the first positional argument, and it and everything
  /// after it are arguments (`clerkctl exec env -i`).
  package var optionsEndAtFirstArgument: Bool
  /// Hidden commands are accepted but not listed in help or completion.
  package var isHidden: Bool
  /// What to say for an undeclared short option (`v` on the root: which flags it may have
  /// meant), for this command and those below it. A list, not a dictionary: the root's spec is
  /// built on every start, and a `Dictionary<Character, String>` costs a search of the binary's
  /// protocol conformances the first time one is made.
  package var shortOptionHints: [(letter: Character, hint: String)]

  package init(
    name: String, aliases: [String] = [], abstract: String, discussion: String = "",
    examples: [CommandExample] = [], options: [OptionSpec] = [], arguments: [ArgumentSpec] = [],
    subcommands: [any CommandDeclaration.Type] = [], optionsEndAtFirstArgument: Bool = false,
    isHidden: Bool = false, shortOptionHints: [(letter: Character, hint: String)] = []
  ) {
    self.name = name
    self.aliases = aliases
    self.abstract = abstract
    self.discussion = discussion
    self.examples = examples
    self.options = options
    self.arguments = arguments
    self.subcommands = subcommands
    self.optionsEndAtFirstArgument = optionsEndAtFirstArgument
    self.isHidden = isHidden
    self.shortOptionHints = shortOptionHints
  }

  /// The subcommand named `word` (by name or alias).
  package func subcommand(named word: String) -> (any CommandDeclaration.Type)? {
    subcommandAndSpec(named: word)?.command
  }

  /// The subcommand named `word` (by name or alias) and its spec, each candidate's spec built
  /// once.
  package func subcommandAndSpec(
    named word: String
  ) -> (command: any CommandDeclaration.Type, spec: CommandSpec)? {
    for command in subcommands {
      let spec = command.spec
      if spec.name == word || spec.aliases.contains(word) { return (command, spec) }
    }
    return nil
  }

  /// The hint for the undeclared short option `letter`, if this command has one.
  package func shortOptionHint(for letter: Character) -> String? {
    shortOptionHints.first { $0.letter == letter }?.hint
  }
}
