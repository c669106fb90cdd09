import ClerkctlCommandLine
import ClerkctlKit

/// `clerkctl api` on an OAuth profile: the bearer is the access token (refreshed through the
/// profile's cache), never the refresh token.
extension APICommand {
  func oauthBearerExchange(_ context: CommandContext) throws -> BearerExchange {
    if template != nil {
      throw UsageError("an OAuth profile has no JWT templates; drop --template")
    }
    let account = try context.oauthAccount()
    return BearerExchange(
      source: .oauth(account), http: account.http, retriesWithFreshToken: refresh)
  }
}
