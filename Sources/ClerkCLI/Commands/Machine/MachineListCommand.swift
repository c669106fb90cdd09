import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlKit

/// `clerkctl machine list`: the instance's machines, newest first.
package struct MachineListCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "list", abstract: "List the instance's machines, newest first.",
      discussion: """
        One machine a line: id, name and the machines it may call. --json prints \
        {schema_version, machines: [{id, name, scoped_machines, default_token_ttl, \
        created_at}], total_count}.
        """)
  }

  package init(parsed: ParsedArguments) throws {}

  package func run(_ context: CommandContext) throws -> Int32 {
    let admin = try MachineAdmin(context)
    let reply = try admin.send { try $0.listMachines() }
    let machines = reply["data"]?.arrayValue ?? []
    if context.globals.json {
      let json: JSONValue = [
        "schema_version": 1, "machines": .array(machines.map { .object(MachineAdmin.json($0)) }),
        "total_count": reply["total_count"] ?? .int(Int64(machines.count)),
      ]
      context.print(json.prettyEncoded)
      return ExitCode.success.rawValue
    }
    guard !machines.isEmpty else {
      context.note("The instance has no machines; create one with 'clerkctl machine create NAME'.")
      return ExitCode.success.rawValue
    }
    let shown = TerminalText.sanitized
    let rows = machines.map { machine in
      let scopes = MachineAdmin.scopes(machine)
      return [
        shown(machine["id"]?.stringValue ?? "?"), shown(machine["name"]?.stringValue ?? "-"),
        scopes.isEmpty ? "-" : shown(scopes.joined(separator: ",")),
      ]
    }
    context.print(OrgListCommand.columns(rows))
    return ExitCode.success.rawValue
  }
}
