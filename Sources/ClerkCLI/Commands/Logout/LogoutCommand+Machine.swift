import ClerkctlCore
import ClerkctlKit

/// `clerkctl logout` on a machine profile: the identity is deleted locally (its secret and
/// cached tokens); there is no session to end, so nothing is sent to Clerk.
extension LogoutCommand {
  /// Deletes machine profile `profile`; its `signed_out` entry.
  func forgetMachine(_ profile: String, _ context: CommandContext) throws -> JSONValue {
    let account = try context.machineAccount(profile: profile)
    let machineID = (try? account.store.load(profile: profile))??.machine?.machineID
    try account.forget()
    context.note(
      "Removed the machine identity \(machineID ?? "") (profile '\(profile)') from this computer; "
        + "a machine has no session to end, so nothing was sent to Clerk (the secret stays "
        + "valid until it is rotated: clerkctl machine rotate-secret).")
    return ["profile": .string(profile), "kind": "machine", "revoked": false]
  }
}
