import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlKit
import FoundationEssentials

/// `login --api-key-stdin` (or `CLERK_API_KEY`): stores an API key as a profile of kind
/// `api_key`. With `CLERK_SECRET_KEY` set the Backend API's verify must know it as an API key
/// (a machine secret has the same `ak_` prefix and must never be sent to apps): else exit 6.
extension LoginCommand {
  package static let apiKeyFromStdin = OptionKey.flag(
    "api-key-stdin",
    help: "Store an API key (ak_…, stdin's first line; or CLERK_API_KEY) as the profile.")

  func runAPIKeyLogin(_ context: CommandContext) throws -> Int32 {
    let key: String
    if let fromEnvironment = context.nonEmpty("CLERK_API_KEY"), !apiKeyFromStdin {
      key = fromEnvironment
    } else {
      key = try StdinLines(terminal: context.terminal).line("the API key (--api-key-stdin)")
    }
    guard key.hasPrefix("ak_"), key.count > 3 else {
      throw UsageError("an API key starts with ak_ (a session JWT or sk_ key is not one)")
    }
    var stored = APIKeyCredential(key: key)
    if context.nonEmpty("CLERK_SECRET_KEY") != nil {
      guard
        let (verified, _) = try context.backendClient(for: "verifying the key").verifyAPIKey(key)
      else {
        throw ClerkError.signInRejected(
          "the instance does not know this key as a valid API key (revoked, expired, or a "
            + "machine secret: store machine secrets with 'clerkctl login --machine')")
      }
      stored.id = verified.id
      stored.subject = verified.subject
      stored.scopes = verified.scopes
      stored.name = verified.name
    }
    let account = try context.account()
    let credential = try account.store.withLock(profile: account.profile, timeout: 30) {
      try account.saveAPIKeyProfile(stored, name: account.profile, store: account.store)
    }
    if context.globals.json {
      let json: JSONValue = [
        "schema_version": 1, "profile": .string(credential.profile), "kind": "api_key",
        "id": stored.id.map(JSONValue.string) ?? .null,
        "subject": stored.subject.map(JSONValue.string) ?? .null,
        "scopes": .array(stored.scopes.map(JSONValue.string)),
      ]
      context.print(json.prettyEncoded)
    }
    let what = stored.subject.map { " for \(TerminalText.sanitized($0))" } ?? " (not verified)"
    context.note("Stored the API key\(what) as profile '\(credential.profile)' (kind api_key).")
    return ExitCode.success.rawValue
  }
}
