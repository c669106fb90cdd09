import ClerkctlCommandLine
import ClerkctlKit

/// `clerkctl exec` on an OAuth profile: the child gets an access token, never the refresh
/// token or the client secret.
extension ExecCommand {
  func runOAuth(_ context: CommandContext) throws -> Int32 {
    if template != nil {
      throw UsageError("an OAuth profile has no JWT templates; drop --template")
    }
    let account = try context.oauthAccount()
    if refresh { return try runRefreshing(context, source: .oauth(account)) }
    let result = try account.token(minTTL: minTTL)
    var environment = childEnvironment(context)
    environment[variable] = result.accessToken
    environment[variable + "_EXPIRES_AT"] = String(result.expiresAt)
    return try ChildProcess.run(command, environment: environment, gate: context.spawnGate)
  }
}
