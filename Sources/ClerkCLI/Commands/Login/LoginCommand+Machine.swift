import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlKit

/// `clerkctl login --machine`: stores a machine identity (kind `machine`).
extension LoginCommand {
  /// The options of `login --machine`.
  package enum MachineOptions {
    package static let machine = OptionKey.flag(
      "machine",
      help: "Store a machine identity: its secret key from --secret-stdin or "
        + "CLERK_MACHINE_SECRET_KEY, for the Backend API of --api-url.")
    package static let secretFromStdin = OptionKey.flag(
      "secret-stdin", help: "With --machine: read the machine secret key from stdin's first line.")
  }

  /// Refuses what does not go with `--machine`.
  static func checkMachineOptions(_ parsed: ParsedArguments) throws {
    let machine = parsed[MachineOptions.machine]
    if parsed[MachineOptions.secretFromStdin], !machine {
      throw UsageError("'--secret-stdin' goes with '--machine'")
    }
    guard machine else { return }
    let others: [(Bool, String)] = [
      (parsed[Options.identifier] != nil, "--identifier"),
      (parsed[Options.passwordFromStdin], "--password-stdin"),
      (parsed[Options.strategy] != nil, "--strategy"),
      (parsed[Options.secondFactor] != nil, "--second-factor"),
      (parsed[Options.codeFromStdin], "--code-stdin"),
      (parsed[Options.ticketFromStdin], "--ticket-stdin"),
      (parsed[Options.userID] != nil, "--user-id"),
      (parsed[Options.oauth] != nil, "--oauth"), (parsed[Options.sso] != nil, "--sso"),
    ]
    if let other = others.first(where: \.0) {
      throw UsageError("--machine takes no \(other.1): a machine signs in with its secret key")
    }
  }

  /// Reads the secret, proves it with one token creation, stores the identity.
  func runMachineLogin(_ context: CommandContext, secretFromStdin: Bool) throws -> Int32 {
    let secret: String
    if secretFromStdin {
      secret = try StdinLines(terminal: context.terminal).line(
        "the machine secret key (--secret-stdin)"
      ).trimmingWhitespace()
    } else if let value = context.nonEmpty("CLERK_MACHINE_SECRET_KEY") {
      secret = value.trimmingWhitespace()
    } else {
      throw UsageError(
        "--machine needs the machine secret key on stdin (--secret-stdin) or in "
          + "CLERK_MACHINE_SECRET_KEY (never on the command line)")
    }
    guard !secret.isEmpty else { throw UsageError("the machine secret key is empty") }
    var account = try context.machineAccount()
    account.instance = nil
    let apiURL = try context.apiURL()
    let result = try account.login(secretKey: secret, apiURL: apiURL)
    let machineID = result.token.subject
    if context.globals.json {
      let json: JSONValue = [
        "schema_version": 1, "profile": .string(account.profile), "kind": "machine",
        "machine_id": .string(machineID), "api_url": .string(apiURL),
      ]
      context.print(json.prettyEncoded)
    }
    let host = URLParts.authority(of: apiURL) ?? apiURL
    context.note("Signed in as machine \(machineID) on \(host)")
    return ExitCode.success.rawValue
  }
}
