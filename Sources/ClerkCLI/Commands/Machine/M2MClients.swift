import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlKit

/// The Backend API client `m2m` commands use: `CLERK_SECRET_KEY` (when preferred and set), else
/// the machine profile's own secret, to its own Backend API.
struct M2MClients {
  let api: MachineAPIClient
  let explain: (MachineAPIClient.Refusal) -> MachineAuthError
  /// The machine of the profile, when a machine profile is used.
  let machineID: String?

  static func client(_ context: CommandContext, preferSecretKey: Bool) throws -> M2MClients {
    if preferSecretKey || context.profileKind() != .machine,
      let secret = context.nonEmpty("CLERK_SECRET_KEY")
    {
      let api = MachineAPIClient(
        baseURL: try context.apiURL(), bearer: secret, http: context.httpClient(),
        clock: context.clock, requestTimeout: try context.requestTimeout())
      let machineID =
        context.profileKind() == .machine
        ? try? context.machineAccount().requireCredential().1.machineID : nil
      return M2MClients(
        api: api,
        explain: { refusal in
          [401, 403].contains(refusal.error.status)
            ? .secretKeyRefused(detail: refusal.error.description)
            : .refused(
              status: refusal.error.status, code: refusal.error.code,
              detail: refusal.error.description)
        }, machineID: machineID ?? nil)
    }
    guard context.profileKind() == .machine else {
      throw UsageError(
        "this needs a machine profile (clerkctl login --machine) or CLERK_SECRET_KEY")
    }
    let account = try context.machineAccount()
    let (_, machine) = try account.requireCredential()
    return M2MClients(
      api: account.client(machine), explain: { account.explain($0) },
      machineID: machine.machineID)
  }
}
