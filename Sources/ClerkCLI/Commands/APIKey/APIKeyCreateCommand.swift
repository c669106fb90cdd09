import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlKit
import FoundationEssentials

/// `clerkctl api-key create`: a new API key, its secret printed once.
package struct APIKeyCreateCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "create",
      abstract: "Create an API key and print its secret once.",
      discussion: """
        Creates the key through the Frontend API, authorized by a fresh session token of the \
        profile (never the client token); the subject is you, or with --org the session's \
        active organization. The Frontend API takes no scopes: --scope needs CLERK_SECRET_KEY, \
        and the key is then made through the Backend API for the same subject. The secret is \
        printed once on stdout (or written to --output FILE, mode 0600) and stored nowhere \
        unless --save-as PROFILE stores it as a profile of kind api_key. --json prints \
        {schema_version, profile, id, name, secret, subject, scopes, expires_at} (no secret \
        with --output).
        """,
      examples: [
        CommandExample(
          "Create a key and hand it to GitHub Actions",
          "clerkctl api-key create --name 'ci deploy' | gh secret set MYAPP_API_KEY"),
        CommandExample(
          "Create a scoped key for an organization (CLERK_SECRET_KEY set)",
          "clerkctl api-key create --name reports --org --scope read:reports"),
      ],
      options: [
        Options.name.spec, Options.description.spec, Options.expiresIn.spec, Options.scope.spec,
        APIKeyCommand.organization.spec, Options.output.spec, Options.saveAs.spec,
      ])
  }

  enum Options {
    static let name = OptionKey.string("name", value: "name", help: "The key's name (required).")
    static let description = OptionKey.string(
      "description", value: "text", help: "What the key is for.")
    static let expiresIn = OptionKey.positiveSeconds(
      "expires-in", help: "Seconds until the key expires (default: never).")
    static let scope = OptionKey.repeatable(
      "scope", value: "scope", help: "A scope the key carries (needs CLERK_SECRET_KEY).")
    static let output = OptionKey.string(
      "output", value: "file", kind: .path, help: "Write the secret to FILE (mode 0600).")
    static let saveAs = OptionKey.string(
      "save-as", value: "profile", help: "Also store the key as a profile of kind api_key.")
  }

  let name: String
  let description: String?
  let expiresIn: Double?
  let scopes: [String]
  let organization: Bool
  let output: String?
  let saveAs: String?

  package init(parsed: ParsedArguments) throws {
    guard let name = parsed[Options.name], !name.trimmingWhitespace().isEmpty else {
      throw UsageError("api-key create needs --name NAME")
    }
    self.name = name
    description = parsed[Options.description]
    expiresIn = parsed[Options.expiresIn]
    scopes = parsed[Options.scope]
    organization = parsed[APIKeyCommand.organization]
    output = parsed[Options.output]
    saveAs = parsed[Options.saveAs]
    if let saveAs { try ProfileName.validate(saveAs) }
  }

  package func run(_ context: CommandContext) throws -> Int32 {
    if !scopes.isEmpty, context.nonEmpty("CLERK_SECRET_KEY") == nil {
      throw UsageError(
        "--scope needs CLERK_SECRET_KEY: the Frontend API creates keys without scopes, so a "
          + "scoped key is made through the Backend API")
    }
    if let output { try TokenFile(path: output).checkWritable() }
    // The profile --save-as makes keeps its key where a sign-in would (--store and the rest).
    let storing = try saveAs.map { try context.storingSignIn(profile: $0) }
    let account = try context.account()
    let owner: ClerkAccount.APIKeyOwner = organization ? .activeOrganization : .user
    let seconds = expiresIn.map { max(1, Int($0.rounded(.up))) }
    let key: APIKey
    let profile: String
    if scopes.isEmpty {
      let (client, credential, subject) = try account.apiKeys(owner: owner)
      profile = credential.profile
      key = try client.create(
        name: name, subject: subject, description: description, expiresInSeconds: seconds)
    } else {
      let credential = try account.requireCredential()
      profile = credential.profile
      key = try context.backendClient(for: "--scope").createAPIKey(
        name: name, subject: try ClerkAccount.subject(owner, credential),
        description: description, expiresInSeconds: seconds, scopes: scopes,
        createdBy: credential.userID)
    }
    guard let secret = key.secret, !secret.isEmpty else {
      throw ClerkError.malformedResponse("the new API key's reply has no 'secret'")
    }
    if let output { try TokenFile(path: output).write(secret + "\n") }
    if let saveAs {
      let stored = APIKeyCredential(
        key: secret, id: key.id, subject: key.subject, scopes: key.scopes, name: key.name)
      _ = try account.saveAPIKeyProfile(
        stored, name: saveAs, store: try (storing ?? context).profileStore())
      context.note("Stored the key as profile '\(saveAs)' (kind api_key).")
    }
    if context.globals.json {
      var json: [String: JSONValue] = [
        "schema_version": 1, "profile": .string(profile), "id": .string(key.id),
        "name": .string(key.name), "subject": .string(key.subject),
        "scopes": .array(key.scopes.map(JSONValue.string)),
        "expires_at": key.expiresAt.map(JSONValue.int) ?? .null,
      ]
      if output == nil { json["secret"] = .string(secret) }
      context.print(JSONValue.object(json).prettyEncoded)
    } else if output == nil {
      context.print(secret)
    }
    let shown = TerminalText.sanitized
    context.note(
      "Created API key \(shown(key.id)) (\(shown(key.name))) for \(shown(key.subject))"
        + (output.map { "; the secret is in \($0)" } ?? "; the secret is shown once, store it now")
        + ".")
    return ExitCode.success.rawValue
  }
}
