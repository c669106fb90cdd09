import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlKit

/// `clerkctl machine rotate-secret ID --grace SECONDS [--output FILE]`.
package struct MachineRotateSecretCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "rotate-secret", abstract: "Give a machine a new secret; the old one lasts --grace.",
      discussion: """
        The old secret keeps working for --grace seconds (0…28800; 0 ends it now), time to \
        update the CI secret. The new one goes to stdout once, or with --output into FILE \
        (0600) and not to stdout. --json prints {schema_version, id, grace_seconds, secret} \
        (secret only without --output).
        """,
      options: [Options.grace.spec, MachineCreateCommand.Options.output.spec],
      arguments: [ArgumentSpec("id", help: "The machine (mch_…).")])
  }

  package enum Options {
    package static let grace = OptionKey.string(
      "grace", value: "seconds", kind: .integer,
      help: "Seconds the old secret keeps working (0…28800); required.")
  }

  let id: String
  let grace: Int64
  let output: String?

  package init(parsed: ParsedArguments) throws {
    id = try parsed.argument(0, named: "id")
    guard let text = parsed[Options.grace] else {
      throw UsageError("--grace SECONDS is required (0 ends the old secret now)")
    }
    guard let grace = Int64(text), (0...28_800).contains(grace) else {
      throw UsageError("--grace takes whole seconds from 0 to 28800, not '\(text)'")
    }
    self.grace = grace
    output = parsed[MachineCreateCommand.Options.output]
  }

  package func run(_ context: CommandContext) throws -> Int32 {
    if let output { try TokenFile(path: output).checkWritable() }
    let admin = try MachineAdmin(context)
    let reply = try admin.send { try $0.rotateSecret(id: id, graceSeconds: grace) }
    guard let secret = reply["secret"]?.stringValue, !secret.isEmpty else {
      throw ClerkError.malformedResponse("the secret key reply has no secret")
    }
    try MachineAdmin.deliver(
      secret: secret, output: output, printsJSON: context.globals.json, context)
    if context.globals.json {
      var json: [String: JSONValue] = [
        "schema_version": 1, "id": .string(id), "grace_seconds": .int(grace),
      ]
      if output == nil { json["secret"] = .string(secret) }
      context.print(JSONValue.object(json).prettyEncoded)
    }
    context.note(
      grace > 0
        ? "Rotated the secret of \(TerminalText.sanitized(id)); the old one works for \(grace) s more."
        : "Rotated the secret of \(TerminalText.sanitized(id)); the old one no longer works.")
    return ExitCode.success.rawValue
  }
}
