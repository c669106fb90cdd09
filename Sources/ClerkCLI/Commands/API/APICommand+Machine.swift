import ClerkctlCommandLine
import ClerkctlKit

/// `clerkctl api` by profile kind: on a machine profile the bearer is an M2M token (the
/// machine token options choose it), never the machine secret.
extension APICommand {
  func bearerExchange(_ context: CommandContext) throws -> BearerExchange {
    switch context.profileKind() {
    case .machine:
      if template != nil {
        throw UsageError("a machine profile has no JWT templates; drop --template")
      }
      let account = try context.machineAccount()
      return BearerExchange(
        source: .machine(account, try machineOptions.request()), http: account.http,
        retriesWithFreshToken: refresh)
    case .oauth:
      try machineOptions.refuse(on: .oauth)
      return try oauthBearerExchange(context)
    case let kind:
      try machineOptions.refuse(on: kind)
      return BearerExchange(
        account: try context.account(), template: template, retriesWithFreshToken: refresh)
    }
  }
}
