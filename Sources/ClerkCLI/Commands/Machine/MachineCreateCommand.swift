import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlKit

/// `clerkctl machine create NAME [--scope MCH]… [--output FILE]`.
package struct MachineCreateCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "create", abstract: "Create a machine and print its secret once.",
      discussion: """
        The new machine secret (ak_…) goes to stdout once, or with --output into FILE (0600) \
        and not to stdout. --json prints {schema_version, id, name, scoped_machines, \
        default_token_ttl, created_at, secret} (secret only without --output). Store it as a \
        CI secret for 'clerkctl login --machine'.
        """,
      options: [Options.scope.spec, Options.output.spec],
      arguments: [ArgumentSpec("name", help: "The machine's name.")])
  }

  package enum Options {
    package static let scope = OptionKey.repeatable(
      "scope", value: "machine", help: "A machine (mch_…) the new one may call; repeatable.")
    package static let output = OptionKey.string(
      "output", value: "file", kind: .path,
      help: "Write the secret to this file (0600) instead of stdout.")
  }

  let name: String
  let scopes: [String]
  let output: String?

  package init(parsed: ParsedArguments) throws {
    name = try parsed.argument(0, named: "name")
    scopes = parsed[Options.scope]
    output = parsed[Options.output]
  }

  package func run(_ context: CommandContext) throws -> Int32 {
    if let output { try TokenFile(path: output).checkWritable() }
    let admin = try MachineAdmin(context)
    let reply = try admin.send { try $0.createMachine(name: name, scopedMachines: scopes) }
    guard let secret = reply["secret_key"]?.stringValue, !secret.isEmpty else {
      throw ClerkError.malformedResponse("the machine reply has no secret_key")
    }
    let id = reply["id"]?.stringValue ?? "?"
    try MachineAdmin.deliver(
      secret: secret, output: output, printsJSON: context.globals.json, context)
    if context.globals.json {
      var json = MachineAdmin.json(reply)
      json["schema_version"] = 1
      if output == nil { json["secret"] = .string(secret) }
      context.print(JSONValue.object(json).prettyEncoded)
    }
    context.note(
      "Created machine \(TerminalText.sanitized(name)) (\(TerminalText.sanitized(id))); "
        + "its secret is shown only this once.")
    return ExitCode.success.rawValue
  }
}
