import ClerkctlKit
import Glibc

extension ExecCommand {
  /// `exec --refresh`: runs the command with a `TokenSupply` alive around it, and removes the
  /// supply whatever way the command ends.
  ///
  /// - Parameter source: the tokens (`nil`: the user profile's, by `--template`).
  func runRefreshing(_ context: CommandContext, source: TokenSource? = nil) throws -> Int32 {
    let renewal = TokenRenewal(minTTL: minTTL)
    let terminal = context.terminal
    let supply: TokenSupply
    do {
      supply = try TokenSupply(
        source: try source ?? .user(try context.account(), template: template),
        template: template, renewal: renewal,
        directoryBase: PrivateDirectory.base(environment: context.environment),
        report: { line in terminal.writeError("clerkctl: \(line)\n") })
    } catch {
      throw TokenKeeper.explain(error, renewal: renewal)
    }
    defer { supply.finish() }
    let first = try supply.firstToken()
    var environment = childEnvironment(context)
    environment[variable] = first.token.jwt
    environment[variable + "_EXPIRES_AT"] = String(first.token.expiresAt)
    environment.merge(supply.variables(name: variable)) { _, new in new }
    // The child gets SIGTERM when clerkctl dies, even by SIGKILL: it must not run on holding
    // the name of an endpoint no one serves any more.
    return try ChildProcess.run(
      command, environment: environment, parentDeathSignal: SIGTERM, gate: context.spawnGate)
  }
}
