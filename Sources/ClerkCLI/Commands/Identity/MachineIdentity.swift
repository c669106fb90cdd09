import ClerkctlCore
import ClerkctlKit

/// What `whoami` and `status` say about a machine profile: kind, machine, scopes, instance.
enum MachineIdentity {
  /// The JSON members describing `credential`'s machine.
  static func members(_ credential: ProfileCredential) -> [String: JSONValue] {
    let machine = credential.machine
    return [
      "profile": .string(credential.profile), "kind": .string(credential.kind.rawValue),
      "machine_id": machine?.machineID.map(JSONValue.string) ?? .null,
      "scopes": .array((machine?.scopes ?? []).map(JSONValue.string)),
      "api_url": machine.map { .string($0.apiURL) } ?? .null,
    ]
  }

  /// Checks the secret still works (a token through the cache): the credential as it is now.
  static func check(_ context: CommandContext, profile: String) throws -> ProfileCredential {
    let account = try context.machineAccount(profile: profile)
    return try account.token(MachineTokenRequest(), minTTL: 10).credential
  }

  /// `whoami` on a machine profile.
  static func whoami(_ context: CommandContext, offline: Bool) throws -> Int32 {
    let account = try context.machineAccount()
    var (credential, _) = try account.requireCredential()
    var status = "not checked"
    if !offline {
      credential = try check(context, profile: account.profile)
      status = "active"
    }
    var json = members(credential)
    if context.globals.json {
      json["schema_version"] = 1
      json["status"] = offline ? .null : .string(status)
      context.print(JSONValue.object(json).prettyEncoded)
    } else {
      let shown = TerminalText.sanitized
      context.print(
        """
        machine:  \(shown(credential.machine?.machineID ?? "?")) (\(status))
        scopes:   \(shown((credential.machine?.scopes ?? []).joined(separator: ", ")))
        instance: \(shown(credential.machine?.apiURL ?? "?"))
        kind:     machine
        profile:  \(shown(credential.profile))
        """)
    }
    return ExitCode.success.rawValue
  }
}
