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

  let id: String
  let target: String

  package init(parsed: ParsedArguments) throws {
    (id, target) = try MachineScopeCommand.pair(parsed)
  }

  package func run(_ context: CommandContext) throws -> Int32 {
    let admin = try MachineAdmin(context)
    let reply = try admin.send { try $0.addScope(id: id, target: target) }
    if context.globals.json { context.print(reply.prettyEncoded) }
    context.note("\(TerminalText.sanitized(id)) may now call \(TerminalText.sanitized(target))")
    return ExitCode.success.rawValue
  }
}
