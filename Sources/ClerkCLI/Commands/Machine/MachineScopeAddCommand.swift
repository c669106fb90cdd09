import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlKit

/// `clerkctl machine scope add ID MCH`.
package struct MachineScopeAddCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "add", abstract: "Let machine ID call machine MCH (exit 6 when it already may).",
      arguments: MachineScopeCommand.arguments)
  }

  let change: MachineScopeCommand.Change

  package init(parsed: ParsedArguments) throws {
    change = try MachineScopeCommand.Change(parsed)
  }

  package func run(_ context: CommandContext) throws -> Int32 {
    try change.run(context, verb: "may now call") { try $0.addScope(id: $1, target: $2) }
  }
}
