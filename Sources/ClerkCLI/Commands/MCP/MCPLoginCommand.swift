import ClerkctlBrowserSignIn
import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlHTTP
import ClerkctlKit

/// `clerkctl mcp login URL [--profile P] [--client-id ID]`: protected-resource discovery
/// (RFC 9728), client registration when no client is given (RFC 7591), the PKCE sign-in, and
/// an oauth profile named after the server.
package struct MCPLoginCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "login",
      abstract: "Sign in to an MCP server whose authorization server is Clerk.",
      discussion: """
        Fetches URL; on 401 reads the resource_metadata its WWW-Authenticate names, else \
        /.well-known/oauth-protected-resource on its origin (RFC 9728), and takes the \
        authorization server it lists (a Clerk Frontend API). Without --client-id it registers \
        a public PKCE client there (RFC 7591; the instance must allow dynamic registration). \
        Then the sign-in runs as 'clerkctl login --client-id' does (browser on the loopback \
        callback, or --no-browser and the redirected URL on stdin), and the grant is stored as \
        an oauth profile named after the server's host unless --profile names one. Last, the \
        server is asked again with the new token and the answer reported. --json: \
        {schema_version, profile, kind, client_id, scopes, expires_at, resource, …}.
        """,
      examples: [
        CommandExample(
          "Sign in to an MCP server, then hand its token to an inspector",
          "clerkctl mcp login https://mcp.example.com/mcp && clerkctl exec --profile "
            + "mcp.example.com -- npx @modelcontextprotocol/inspector")
      ],
      options: [
        LoginCommand.OAuthOptions.clientID.spec, Options.scope.spec,
        LoginCommand.OAuthOptions.clientSecretFromStdin.spec, LoginCommand.Options.noBrowser.spec,
        OptionKey.callbackPort.spec, OptionKey.signInTimeout.spec,
      ],
      arguments: [ArgumentSpec("url", help: "The MCP server's URL.", valueKind: .url)])
  }

  package enum Options {
    package static let scope = OptionKey.string(
      "scope", value: "scopes",
      help: "The scopes to ask for (default: what the server lists, else openid email "
        + "profile offline_access).")
  }

  let url: String
  let clientID: String?
  let scopes: [String]?
  let secretFromStdin: Bool
  let noBrowser: Bool
  let callbackPort: Int
  let timeout: Double

  package init(parsed: ParsedArguments) throws {
    guard let url = parsed.positional(0), InstanceOrigin(url: url) != nil else {
      throw UsageError("missing or invalid argument '<url>': the MCP server's http(s) URL")
    }
    if url.lowercased().hasPrefix("http://"),
      !LoopbackHost.isLoopback(URLParts.host(of: url) ?? "")
    {
      throw UsageError("'\(url)' is plain http: only https (or http to a loopback host) is used")
    }
    self.url = url
    clientID = parsed[LoginCommand.OAuthOptions.clientID]
    scopes = parsed[Options.scope].map {
      $0.split(whereSeparator: \.isWhitespace).map(String.init)
    }
    secretFromStdin = parsed[LoginCommand.OAuthOptions.clientSecretFromStdin]
    noBrowser = parsed[LoginCommand.Options.noBrowser]
    callbackPort = parsed[.callbackPort]
    timeout = parsed[.signInTimeout]
  }

  package func run(_ context: CommandContext) throws -> Int32 {
    let probe = try context.oauthAccount(profile: ProfileName.defaultName)
    let metadata = try ProtectedResourceMetadata.discover(url, server: probe.server)
    guard let issuer = metadata.authorizationServers.first else {
      throw OAuthError.resourceMetadata("\(Redaction.endpoint(url)) lists no authorization server")
    }
    // The instance flags or environment, when given, must name the server's issuer.
    if let instance = try context.instanceOverride(),
      instance.origin != InstanceOrigin(url: issuer)
    {
      throw InstanceError.boundElsewhere(
        profile: "(mcp login)", bound: InstanceOrigin(url: issuer)?.description ?? issuer,
        requested: instance.origin.description, source: instance.source)
    }
    let profile = try profileName(context, metadata: metadata)
    let context = try context.storingSignIn(profile: profile)
    var account = try context.oauthAccount(profile: profile)
    account.instance = nil
    let fapiURL = issuer.hasSuffix("/") ? String(issuer.dropLast()) : issuer
    let secret = try LoginCommand.oauthClientSecret(fromStdin: secretFromStdin, context)
    var client = clientID
    if client == nil {
      let registered = try OAuthRegisterCommand.register(
        context, name: "clerkctl (\(URLParts.host(of: url) ?? url))",
        redirectURIs: [OAuthRegisterCommand.loopbackRedirect],
        scope: (scopes ?? metadata.scopes)?.joined(separator: " "), fapiURL: fapiURL)
      client = registered["client_id"]?.stringValue
      context.note(
        "Registered OAuth client \(TerminalText.sanitized(client ?? "?")) at "
          + "\(URLParts.authority(of: fapiURL) ?? fapiURL).")
    }
    guard let client else { throw ClerkError.malformedResponse("no client id") }
    let flow = OAuthLoginFlow(
      grant: OAuthBrowserSignIn.Grant(
        fapiURL: fapiURL, clientID: client, clientSecret: secret,
        scopes: scopes ?? metadata.scopes ?? ["openid", "email", "profile", "offline_access"],
        resource: metadata.resource),
      noBrowser: noBrowser, callbackPort: callbackPort, timeout: timeout,
      retry: "clerkctl mcp login \(url) --profile \(profile) --client-id \(client)")
    let result = try flow.run(account, context)
    OAuthLoginFlow.report(result, context)
    reportAcceptance(result, account: account, context)
    return ExitCode.success.rawValue
  }

  /// `--profile` (or `CLERKCTL_PROFILE`) when given, else the server's host.
  private func profileName(
    _ context: CommandContext, metadata: ProtectedResourceMetadata
  ) throws -> String {
    let selection = try context.profileSelection()
    if selection.source == .flag || selection.source == .environment { return selection.name }
    let host = (URLParts.host(of: url) ?? "mcp").lowercased()
    var name = String(
      host.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "-" }
        .prefix(ProfileName.maxLength))
    while let first = name.first, !(first.isLetter || first.isNumber) { name.removeFirst() }
    if name.isEmpty || !ProfileName.isValid(name) { name = "mcp" }
    return name
  }

  /// Asks the server again with the new token and says whether it took it.
  private func reportAcceptance(
    _ result: OAuthAccount.TokenResult, account: OAuthAccount, _ context: CommandContext
  ) {
    var request = HTTPRequest(method: "GET", url: url)
    request.headers.add(name: "Authorization", value: "Bearer \(result.accessToken)")
    request.headers.add(name: "Accept", value: "application/json, text/event-stream")
    guard let response = try? account.server.send(request) else { return }
    if response.status == 401 || response.status == 403 {
      context.note(
        "clerkctl: warning: \(Redaction.endpoint(url)) answered HTTP \(response.status) to the new token; it may "
          + "want other scopes (--scope) or not take OAuth tokens from this issuer")
    } else {
      context.note(
        "The server took the token (HTTP \(response.status)); use it with 'clerkctl token "
          + "--profile \(result.credential.profile)' or 'clerkctl exec --profile "
          + "\(result.credential.profile) -- …'.")
    }
  }
}
