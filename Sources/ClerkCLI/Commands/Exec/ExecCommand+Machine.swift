import ClerkctlCommandLine
import ClerkctlKit

/// `clerkctl exec` on a machine profile: the child gets an M2M token, never the secret.
extension ExecCommand {
  func runMachine(_ context: CommandContext) throws -> Int32 {
    if template != nil {
      throw UsageError("a machine profile has no JWT templates; drop --template")
    }
    let account = try context.machineAccount()
    let request = try machineOptions.request()
    if refresh { return try runRefreshing(context, source: .machine(account, request)) }
    let result = try account.token(request, minTTL: minTTL)
    var environment = childEnvironment(context)
    environment[variable] = result.token.token
    environment[variable + "_EXPIRES_AT"] = String(result.token.expiresAt)
    return try ChildProcess.run(command, environment: environment, gate: context.spawnGate)
  }

  /// clerkctl's environment without the secrets a child must not inherit: a machine secret
  /// goes to its Backend API and nowhere else.
  func childEnvironment(_ context: CommandContext) -> [String: String] {
    var environment = context.environment
    environment["CLERK_MACHINE_SECRET_KEY"] = nil
    environment["CLERK_OAUTH_CLIENT_SECRET"] = nil
    ExecCommand.markNested(&environment, context, refresh: refresh)
    return environment
  }
}
