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

  /// What `add` and `remove` take and do: the two positionals, one Backend API call for them,
  /// the reply with `--json`, and a note on stderr.
  struct Change: Sendable {
    let id: String
    let target: String

    init(_ parsed: ParsedArguments) throws {
      let id = try parsed.argument(0, named: "id")
      let target = try parsed.argument(1, named: "machine")
      (self.id, self.target) = (id, target)
    }

    /// Sends `call(api, id, target)`; then notes "ID `verb` MCH".
    func run(
      _ context: CommandContext, verb: String,
      _ call: (MachineAPIClient, String, String) throws -> JSONValue
    ) throws -> Int32 {
      let admin = try MachineAdmin(context)
      let reply = try admin.send { try call($0, id, target) }
      if context.globals.json { context.print(reply.prettyEncoded) }
      context.note(
        "\(TerminalText.sanitized(id)) \(verb) \(TerminalText.sanitized(target))")
      return ExitCode.success.rawValue
    }
  }
}
