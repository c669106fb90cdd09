import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlKit

/// `clerkctl m2m revoke ID`: revokes an opaque M2M token (JWTs cannot be revoked).
package struct M2MRevokeCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "revoke", abstract: "Revoke an opaque M2M token by its id (mt_…).",
      arguments: [ArgumentSpec("id", help: "The token's id.")])
  }

  let id: String

  package init(parsed: ParsedArguments) throws {
    id = try parsed.argument(0, named: "id")
  }

  package func run(_ context: CommandContext) throws -> Int32 {
    let client = try M2MClients.client(context, preferSecretKey: false)
    do {
      let reply = try client.api.revokeToken(id: id, reason: nil)
      if context.globals.json { context.print(reply.prettyEncoded) }
      context.note("Revoked \(TerminalText.sanitized(id))")
    } catch let refusal as MachineAPIClient.Refusal {
      throw client.explain(refusal)
    }
    return ExitCode.success.rawValue
  }
}
