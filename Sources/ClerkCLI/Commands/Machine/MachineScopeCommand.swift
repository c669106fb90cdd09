import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlKit

/// `clerkctl machine scope add|remove ID MCH`: which machines a machine may call.
package struct MachineScopeCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "scope", abstract: "Let a machine call another one, or stop it.",
      subcommands: [MachineScopeAddCommand.self, MachineScopeRemoveCommand.self])
  }

  package init(parsed: ParsedArguments) throws {}

  package func run(_ context: CommandContext) throws -> Int32 {
    ExitCode.success.rawValue
  }

  static let arguments = [
    ArgumentSpec("id", help: "The machine (mch_…) whose scopes change."),
    ArgumentSpec("machine", help: "The machine (mch_…) it may call."),
  ]

  /// The two positionals.
  static func pair(_ parsed: ParsedArguments) throws -> (String, String) {
    guard let id = parsed.positional(0), !id.isEmpty else {
      throw UsageError("missing argument '<id>'")
    }
    guard let target = parsed.positional(1), !target.isEmpty else {
      throw UsageError("missing argument '<machine>'")
    }
    return (id, target)
  }
}
