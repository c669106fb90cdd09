import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlKit

/// `clerkctl oauth introspect [TOKEN|-]`: what the issuer's `/oauth/token_info` says about a
/// token; exit 9 when it is not active.
package struct OAuthIntrospectCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "introspect",
      abstract: "Ask the issuer whether an OAuth token is active (/oauth/token_info).",
      discussion: """
        Sends the token (the argument, or stdin when it is - or left out) to the introspection \
        endpoint of the instance (the flags or environment, else the selected profile's) and \
        prints the reply as JSON: {active, client_id, sub, scope, iat, …}; nothing on stdout when inactive. An OAuth profile's \
        client authenticates the request. Exit 9 when the token is not active (revoked, \
        expired or unknown).
        """,
      examples: [
        CommandExample(
          "Check the profile's access token", "clerkctl token | clerkctl oauth introspect -")
      ],
      arguments: [
        ArgumentSpec("token", help: "The token, or - for stdin.", isOptional: true)
      ])
  }

  let argument: String?

  package init(parsed: ParsedArguments) throws {
    argument = parsed.positional(0)
  }

  package func run(_ context: CommandContext) throws -> Int32 {
    let token = try context.tokenInput(argument)
    let account = try context.oauthAccount()
    let stored = try? account.store.load(profile: account.profile)
    let profile = (stored ?? nil).flatMap { $0.kind == .oauth ? $0 : nil }
    let fapiURL = try context.fapiURL(stored: profile?.fapiURL)
    var client: OAuthServerClient.ClientAuthentication?
    var endpoints: OAuthEndpoints
    if let profile, let oauth = profile.oauth,
      InstanceOrigin(url: profile.fapiURL) == InstanceOrigin(url: fapiURL)
    {
      client = .init(clientID: oauth.clientID, clientSecret: oauth.clientSecret)
      endpoints = oauth.endpoints
    } else {
      endpoints = try account.endpoints(fapiURL: fapiURL)
    }
    if endpoints.introspection == nil { endpoints = try account.endpoints(fapiURL: fapiURL) }
    let reply = try account.introspect(token, endpoints: endpoints, client: client)
    // On failure stdout stays empty: an inactive token prints nothing there.
    guard reply["active"]?.boolValue == true else { throw OAuthTokenInactive() }
    var json = reply.objectValue ?? [:]
    json["schema_version"] = 1
    context.print(JSONValue.object(json).prettyEncoded)
    return ExitCode.success.rawValue
  }
}

/// The issuer says the token is not active: exit 9.
struct OAuthTokenInactive: Error, CustomStringConvertible, ExitCodeProviding {
  var description: String {
    "the OAuth token is not active: it was revoked, has expired or is unknown to the issuer"
  }
  var exitCode: ExitCode { .jwtInvalid }
}
