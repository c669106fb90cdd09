import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlKit

/// `clerkctl machine scope remove ID MCH`.
package struct MachineScopeRemoveCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "remove", abstract: "Stop machine ID calling machine MCH.",
      arguments: MachineScopeCommand.arguments)
  }

  let change: MachineScopeCommand.Change

  package init(parsed: ParsedArguments) throws {
    change = try MachineScopeCommand.Change(parsed)
  }

  package func run(_ context: CommandContext) throws -> Int32 {
    try change.run(context, verb: "may no longer call") { try $0.removeScope(id: $1, target: $2) }
  }
}
