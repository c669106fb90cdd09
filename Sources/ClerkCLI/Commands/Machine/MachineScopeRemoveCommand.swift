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

  let id: String
  let target: String

  package init(parsed: ParsedArguments) throws {
    (id, target) = try MachineScopeCommand.pair(parsed)
  }

  package func run(_ context: CommandContext) throws -> Int32 {
    let admin = try MachineAdmin(context)
    let reply = try admin.send { try $0.removeScope(id: id, target: target) }
    if context.globals.json { context.print(reply.prettyEncoded) }
    context.note(
      "\(TerminalText.sanitized(id)) may no longer call \(TerminalText.sanitized(target))")
    return ExitCode.success.rawValue
  }
}
