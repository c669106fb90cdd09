/// Parses a command line against a tree of ``CommandSpec``s.
///
/// Rules: nested subcommands (`jwt decode`); `--opt value`, `--opt=value`, `-X value`,
/// `-Xvalue`, grouped short flags (`-abc`); `--` ends options; options of every command above
/// the current one (the root's global options) are accepted anywhere after it; `-h`/`--help`
/// shows help for the command reached, even past an error; `--version` prints the version. A
/// value-taking option given twice keeps its last value unless it is repeatable.
package struct CommandLineParser: Sendable {
  /// The root of the command tree.
  package var root: any CommandDeclaration.Type

  package init(root: any CommandDeclaration.Type) {
    self.root = root
  }

  /// Parses `arguments` (without the program name).
  ///
  /// - Returns: what to do: run a command, show help, or print the version.
  /// - Throws: ``UsageError`` with a one-line message naming the problem.
  package func parse(_ arguments: [String]) throws -> ParseOutcome {
    var state = State(root: root)
    do {
      try state.consume(arguments)
    } catch var error as UsageError {
      let rest = arguments[min(state.index, arguments.count)...].prefix { $0 != "--" }
      if state.helpRequested || rest.contains("--help") || rest.contains("-h") {
        return .help(state.path)
      }
      if error.commandPath == nil { error.commandPath = state.parsed.commandPath }
      throw error
    }
    if state.helpRequested { return .help(state.path) }
    if state.versionRequested { return .version }
    let leaf = state.leaf
    if !state.leafSpec.subcommands.isEmpty && state.parsed.positionals.isEmpty {
      return .help(state.path)
    }
    state.parsed.declaredOptions = Set(state.options.map(\.long))
    do {
      try Self.checkArguments(state.parsed.positionals, of: state.leafSpec)
    } catch var error as UsageError {
      error.commandPath = state.parsed.commandPath
      throw error
    }
    return .run(leaf, state.parsed)
  }

  /// Every option in effect for the last command of `path`: its own, then those of the commands
  /// above it.
  package static func effectiveOptions(for path: [any CommandDeclaration.Type]) -> [OptionSpec] {
    path.reversed().flatMap { $0.spec.options }
  }

  /// The command's full name for a path from the root: the root's name, then each
  /// subcommand's (`"clerkctl jwt decode"`).
  package static func commandName(of path: [any CommandDeclaration.Type]) -> String {
    path.map { $0.spec.name }.joined(separator: " ")
  }

  private static func checkArguments(_ values: [String], of spec: CommandSpec) throws {
    var remaining = values[...]
    for argument in spec.arguments {
      let label = "<\(argument.name)>"
      if argument.isRepeating {
        if remaining.isEmpty && !argument.isOptional {
          throw UsageError("missing argument '\(label)'")
        }
        for value in remaining {
          if let problem = argument.valueKind.problem(with: value, label: label) {
            throw UsageError(problem)
          }
        }
        remaining = []
      } else if let value = remaining.first {
        if let problem = argument.valueKind.problem(with: value, label: label) {
          throw UsageError(problem)
        }
        remaining = remaining.dropFirst()
      } else if !argument.isOptional {
        throw UsageError("missing argument '\(label)'")
      }
    }
    if let extra = remaining.first {
      throw UsageError("unexpected argument '\(extra)'")
    }
  }
}

extension CommandLineParser {
  /// The parser's progress through one command line.
  ///
  /// A command's `spec` is built afresh on every read (its options, help text and subcommand
  /// list), so the state reads each command's once, when the parser enters it, and keeps the
  /// options in effect: a cache hit's `token --template convex` read the root's and token's
  /// specs nine times.
  private struct State {
    private(set) var path: [any CommandDeclaration.Type]
    /// The spec of each command of `path`, in order.
    private(set) var specs: [CommandSpec]
    /// Every option in effect for the leaf (see ``CommandLineParser/effectiveOptions(for:)``).
    private(set) var options: [OptionSpec]
    var parsed = ParsedArguments()
    var helpRequested = false
    var versionRequested = false
    var index = 0
    var arguments: [String] = []
    var operandsOnly = false

    init(root: any CommandDeclaration.Type) {
      let spec = root.spec
      path = [root]
      specs = [spec]
      options = spec.options
    }

    var leaf: any CommandDeclaration.Type { path[path.count - 1] }
    var leafSpec: CommandSpec { specs[specs.count - 1] }
    var name: String { specs.map(\.name).joined(separator: " ") }
    /// ` for 'clerkctl jwt'` after an unknown option's name; nothing for a program that is one
    /// command (no subcommands), where the name would only repeat the program's.
    var forCommand: String {
      path.count == 1 && specs[0].subcommands.isEmpty ? "" : " for '\(name)'"
    }

    mutating func consume(_ arguments: [String]) throws {
      self.arguments = arguments
      while index < arguments.count {
        let argument = arguments[index]
        index += 1
        if operandsOnly {
          parsed.positionals.append(argument)
          parsed.trailing.append(argument)
        } else if argument == "--" {
          operandsOnly = true
        } else if argument.hasPrefix("--") {
          try consumeLong(argument)
        } else if argument.hasPrefix("-") && argument.count > 1 {
          try consumeShorts(argument)
        } else {
          try consumeOperand(argument)
        }
      }
    }

    private mutating func consumeLong(_ argument: String) throws {
      let body = argument.dropFirst(2)
      let name: String
      let inline: String?
      if let equals = body.firstIndex(of: "=") {
        name = String(body[..<equals])
        inline = String(body[body.index(after: equals)...])
      } else {
        name = String(body)
        inline = nil
      }
      let spelling = "--" + name
      guard let option = options.first(where: { $0.long == name || $0.aliases.contains(name) })
      else {
        let candidates = options.filter { !$0.isHidden }.flatMap { [$0.longFlag] }
        var message = "unknown option '\(spelling)'" + forCommand
        if let suggestion = Suggestion.closest(to: spelling, in: candidates) {
          message += "; did you mean '\(suggestion)'?"
        }
        throw UsageError(message)
      }
      if option.isFlag {
        if inline != nil { throw UsageError("'\(spelling)' does not take a value") }
        record(flag: option)
      } else {
        try record(option, spelling: spelling, value: inline ?? nextValue(for: spelling))
      }
    }

    private mutating func consumeShorts(_ argument: String) throws {
      let letters = Array(argument.dropFirst())
      var position = 0
      while position < letters.count {
        let letter = letters[position]
        position += 1
        let spelling = "-" + String(letter)
        guard let option = options.first(where: { $0.short == letter }) else {
          if let hint = specs.lazy.compactMap({ $0.shortOptionHint(for: letter) }).first {
            throw UsageError(hint)
          }
          throw UsageError("unknown option '\(spelling)'" + forCommand)
        }
        if option.isFlag {
          record(flag: option)
          continue
        }
        let attached = String(letters[position...])
        try record(
          option, spelling: spelling, value: attached.isEmpty ? nextValue(for: spelling) : attached)
        return
      }
    }

    private mutating func consumeOperand(_ argument: String) throws {
      let spec = leafSpec
      if !spec.subcommands.isEmpty && parsed.positionals.isEmpty {
        guard let (subcommand, subspec) = spec.subcommandAndSpec(named: argument) else {
          let candidates = spec.subcommands.filter { !$0.spec.isHidden }.map { $0.spec.name }
          var message = "unknown command '\(argument)' for '\(name)'"
          if let suggestion = Suggestion.closest(to: argument, in: candidates) {
            message += "; did you mean '\(suggestion)'?"
          }
          throw UsageError(message)
        }
        path.append(subcommand)
        specs.append(subspec)
        // The leaf's own options first, as effectiveOptions(for:) lists them.
        options = subspec.options + options
        parsed.commandPath.append(subspec.name)
        return
      }
      parsed.positionals.append(argument)
      if spec.optionsEndAtFirstArgument {
        operandsOnly = true
        parsed.trailing.append(argument)
      }
    }

    /// The next argument as an option's value, unless it is missing or is itself an option.
    private mutating func nextValue(for spelling: String) throws -> String {
      guard index < arguments.count else { throw UsageError("missing value for '\(spelling)'") }
      let next = arguments[index]
      let looksLikeOption =
        next == "--" || (next.hasPrefix("--") && next.count > 2)
        || (next.hasPrefix("-") && next.count > 1
          && options.contains { $0.short == next.dropFirst().first })
      if looksLikeOption { throw UsageError("missing value for '\(spelling)'") }
      index += 1
      return next
    }

    private mutating func record(flag option: OptionSpec) {
      parsed.flagCounts[option.long, default: 0] += 1
      if option.long == "help" { helpRequested = true }
      if option.long == "version" { versionRequested = true }
    }

    private mutating func record(_ option: OptionSpec, spelling: String, value: String) throws {
      if let problem = option.valueKind.problem(with: value, label: spelling) {
        throw UsageError(problem)
      }
      parsed.optionValues[option.long, default: []].append(value)
    }
  }
}
