import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlKit

/// `clerkctl oauth register --name NAME [--redirect-uri URI]…`: dynamic client registration
/// (RFC 7591) of a public PKCE client.
package struct OAuthRegisterCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "register",
      abstract: "Register a public OAuth client (RFC 7591) for PKCE sign-in on the loopback.",
      discussion: """
        Asks the instance's registration endpoint (from its discovery document) for a public \
        client (token_endpoint_auth_method none, authorization_code and refresh_token grants) \
        redirecting to http://127.0.0.1/callback (any port, RFC 8252) unless --redirect-uri \
        says otherwise, and prints the server's reply as JSON (client_id first of all). Clerk \
        has dynamic registration off by default: an instance with it off refuses (exit 6); \
        create an OAuth application in the Dashboard instead and use its client id.
        """,
      examples: [
        CommandExample(
          "Register a client and sign in with it",
          "clerkctl oauth register --name my-cli | jq -r .client_id")
      ],
      options: [Options.name.spec, Options.redirectURI.spec, Options.scope.spec])
  }

  package enum Options {
    package static let name = OptionKey.string(
      "name", value: "name", help: "The client's name, shown on the consent page.")
    package static let redirectURI = OptionKey.repeatable(
      "redirect-uri", value: "uri",
      help: "A redirect URI; repeatable (default http://127.0.0.1/callback).")
    package static let scope = OptionKey.string(
      "scope", value: "scopes", help: "The scopes the client may ask for, space-separated.")
  }

  /// The loopback redirect a registered client uses (any port matches, RFC 8252 §7.3).
  package static let loopbackRedirect = "http://127.0.0.1/callback"

  let name: String
  let redirectURIs: [String]
  let scope: String?

  package init(parsed: ParsedArguments) throws {
    guard let name = parsed[Options.name], !name.isEmpty else {
      throw UsageError("missing '--name NAME' (the client's name)")
    }
    self.name = name
    let uris = parsed[Options.redirectURI]
    for uri in uris where InstanceOrigin(url: uri) == nil && !uri.contains(":/") {
      throw UsageError("'--redirect-uri' must be an absolute URI, got '\(uri)'")
    }
    redirectURIs = uris.isEmpty ? [Self.loopbackRedirect] : uris
    scope = parsed[Options.scope]
  }

  package func run(_ context: CommandContext) throws -> Int32 {
    let reply = try Self.register(
      context, name: name, redirectURIs: redirectURIs, scope: scope,
      fapiURL: try Self.instanceURL(context))
    var json = reply.objectValue ?? [:]
    json["schema_version"] = 1
    context.print(JSONValue.object(json).prettyEncoded)
    context.note(
      "Registered OAuth client \(TerminalText.sanitized(reply["client_id"]?.stringValue ?? "?")); "
        + "sign in with 'clerkctl login --client-id \(reply["client_id"]?.stringValue ?? "ID")'")
    return ExitCode.success.rawValue
  }

  /// The instance: the flags or environment, else the selected profile's.
  static func instanceURL(_ context: CommandContext) throws -> String {
    let stored = try? context.profileStore().load(profile: context.profileName())
    return try context.fapiURL(stored: (stored ?? nil)?.fapiURL.nilIfEmpty)
  }

  /// Registers a public client at the registration endpoint of `fapiURL`'s discovery.
  static func register(
    _ context: CommandContext, name: String, redirectURIs: [String], scope: String?,
    fapiURL: String
  ) throws -> JSONValue {
    let account = try context.oauthAccount()
    let endpoints = try account.endpoints(fapiURL: fapiURL)
    guard let endpoint = endpoints.registration else {
      throw OAuthError.unsupported(
        "the authorization server at \(Redaction.endpoint(fapiURL)) offers no dynamic client registration "
          + "(no registration_endpoint); create an OAuth application in the Clerk Dashboard "
          + "and use its client id")
    }
    var metadata: [String: JSONValue] = [
      "client_name": .string(name), "redirect_uris": .array(redirectURIs.map(JSONValue.string)),
      "token_endpoint_auth_method": "none",
      "grant_types": ["authorization_code", "refresh_token"], "response_types": ["code"],
    ]
    if let scope { metadata["scope"] = .string(scope) }
    do {
      let reply = try account.server.register(endpoint, metadata: .object(metadata))
      guard reply["client_id"]?.stringValue?.isEmpty == false else {
        throw ClerkError.malformedResponse("the registration reply has no client_id")
      }
      return reply
    } catch OAuthError.refused(422, let error, let description) {
      throw OAuthError.unsupported(
        "the instance refused dynamic client registration (\(error)"
          + (description.map { ": \($0)" } ?? "")
          + "); it is off by default: turn it on in the Clerk Dashboard (OAuth applications) or "
          + "create an OAuth application there and pass its client id")
    }
  }
}

extension String {
  /// `nil` for the empty string.
  fileprivate var nilIfEmpty: String? { isEmpty ? nil : self }
}
