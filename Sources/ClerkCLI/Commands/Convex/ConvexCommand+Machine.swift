import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlKit

/// `clerkctl convex` by profile kind: on a machine profile a JWT-format M2M token with
/// `{"aud":"convex"}` (what a Convex deployment's Clerk provider checks) unless `--claims` or
/// `--token-format` say otherwise.
extension ConvexCommand {
  func bearerExchange(_ context: CommandContext) throws -> BearerExchange {
    switch context.profileKind() {
    case .machine:
      if template != Options.template.spec.defaultValue {
        throw UsageError("a machine profile has no JWT templates; drop --template")
      }
      let account = try context.machineAccount()
      let request = try machineOptions.request(format: .jwt, defaultClaims: ["aud": "convex"])
      return BearerExchange(
        source: .machine(account, request), http: account.http, retriesWithFreshToken: true)
    case .oauth:
      throw UsageError(
        "an OAuth profile's access tokens (typ at+jwt) are not what Convex's Clerk provider "
          + "checks (its OIDC check refuses that typ); use a user profile with the convex JWT "
          + "template, or a machine profile")
    case let kind:
      try machineOptions.refuse(on: kind)
      return BearerExchange(
        account: try context.account(), template: template, retriesWithFreshToken: true)
    }
  }
}
