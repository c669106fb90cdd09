import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlKit

/// What `clerkctl machine …` shares: a Backend API client with `CLERK_SECRET_KEY` (never a
/// flag), Clerk's refusals in clerkctl's terms, and the one place a new machine secret goes.
struct MachineAdmin {
  let api: MachineAPIClient

  /// - Throws: `UsageError` when `CLERK_SECRET_KEY` is not set.
  init(_ context: CommandContext) throws {
    guard let secret = context.nonEmpty("CLERK_SECRET_KEY") else {
      throw UsageError(
        "clerkctl machine needs the Backend API secret key in CLERK_SECRET_KEY (never on the "
          + "command line)")
    }
    api = MachineAPIClient(
      baseURL: try context.apiURL(), bearer: secret, http: context.httpClient(),
      clock: context.clock, requestTimeout: try context.requestTimeout())
  }

  /// Runs `call`; a refused secret key is exit 3, an unknown machine or a refused scope or
  /// input exit 6.
  func send(_ call: (MachineAPIClient) throws -> JSONValue) throws -> JSONValue {
    do {
      return try call(api)
    } catch let refusal as MachineAPIClient.Refusal {
      let error = refusal.error
      if [401, 403].contains(error.status) {
        throw MachineAuthError.secretKeyRefused(detail: error.description)
      }
      throw MachineAuthError.refused(
        status: error.status, code: error.code, detail: error.description)
    }
  }

  /// A new machine secret, once: into `output` (0600, replaced atomically) when given, else on
  /// stdout — unless `json` carries it there instead.
  static func deliver(
    secret: String, output: String?, printsJSON: Bool, _ context: CommandContext
  ) throws {
    if let output {
      try TokenFile(path: output).write(secret + "\n")
      context.note("The new secret is in \(output) (0600); it is not shown again.")
    } else if !printsJSON {
      context.print(secret)
    }
  }

  /// The ids of `machine`'s `scoped_machines`.
  static func scopes(_ machine: JSONValue) -> [String] {
    machine["scoped_machines"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
  }

  /// A machine as clerkctl's JSON shows it.
  static func json(_ machine: JSONValue) -> [String: JSONValue] {
    [
      "id": machine["id"] ?? .null, "name": machine["name"] ?? .null,
      "scoped_machines": .array(scopes(machine).map(JSONValue.string)),
      "default_token_ttl": machine["default_token_ttl"] ?? .null,
      "created_at": machine["created_at"] ?? .null,
    ]
  }
}
