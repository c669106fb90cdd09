import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlKit

/// `clerkctl m2m list`: the machine's opaque tokens (without their secret part).
package struct M2MListCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "list", abstract: "List the machine's opaque M2M tokens (JSON).",
      options: [Options.machine.spec])
  }

  package enum Options {
    package static let machine = OptionKey.string(
      "machine", value: "machine", help: "Whose tokens (default: the machine profile's).")
  }

  let machine: String?

  package init(parsed: ParsedArguments) throws { machine = parsed[Options.machine] }

  package func run(_ context: CommandContext) throws -> Int32 {
    let client = try M2MClients.client(context, preferSecretKey: false)
    guard let subject = machine ?? client.machineID else {
      throw UsageError("which machine? pass --machine mch_…")
    }
    do {
      let reply = try client.api.listTokens(subject: subject, revoked: true, expired: true)
      context.print(reply.prettyEncoded)
    } catch let refusal as MachineAPIClient.Refusal {
      throw client.explain(refusal)
    }
    return ExitCode.success.rawValue
  }
}
