import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlKit

/// `clerkctl machine delete ID`.
package struct MachineDeleteCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "delete", abstract: "Delete a machine (its scopes and tokens go with it).",
      arguments: [ArgumentSpec("id", help: "The machine (mch_…).")])
  }

  let id: String

  package init(parsed: ParsedArguments) throws {
    id = try parsed.argument(0, named: "id")
  }

  package func run(_ context: CommandContext) throws -> Int32 {
    let admin = try MachineAdmin(context)
    let reply = try admin.send { try $0.deleteMachine(id: id) }
    if context.globals.json { context.print(reply.prettyEncoded) }
    context.note("Deleted machine \(TerminalText.sanitized(id))")
    return ExitCode.success.rawValue
  }
}
