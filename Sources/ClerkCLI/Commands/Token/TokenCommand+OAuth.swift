import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlKit

/// `clerkctl token` on an OAuth profile: the access token (`--id-token`: the ID token),
/// refreshed with the refresh token when less than `--min-ttl` is left.
extension TokenCommand {
  /// The options of `token` on an OAuth profile.
  package enum OAuthOptions {
    package static let idToken = OptionKey.flag(
      "id-token", help: "On an OAuth profile: print the OpenID Connect ID token instead.")
  }

  /// Refuses `--id-token` on a profile of another kind.
  static func refuseIDToken(_ parsed: Bool, on kind: ProfileKind) throws {
    guard parsed, kind != .oauth else { return }
    throw UsageError("--id-token is for OAuth profiles; this profile is \(kind.rawValue)")
  }

  /// `token` on an OAuth profile.
  func runOAuth(_ context: CommandContext) throws -> Int32 {
    if template != nil {
      throw UsageError(
        "an OAuth profile has no JWT templates (its tokens are OAuth access tokens); drop "
          + "--template")
    }
    let account = try context.oauthAccount()
    if let output {
      let file = TokenFile(path: output)
      try file.checkWritable()
      if watch {
        if idToken { throw UsageError("'--watch' keeps access tokens; drop '--id-token'") }
        return try self.watch(context, file, source: .oauth(account))
      }
      try file.write(try oauthOutput(account, format: format ?? .raw))
      return ExitCode.success.rawValue
    }
    context.print(try oauthOutput(account, format: format ?? (context.globals.json ? .json : .raw)))
    return ExitCode.success.rawValue
  }

  private func oauthOutput(_ account: OAuthAccount, format: Format) throws -> String {
    let token: String
    let result: OAuthAccount.TokenResult
    if idToken {
      (token, result) = try account.idToken(minTTL: minTTL, forceRefresh: forceRefresh)
    } else {
      result = try account.token(minTTL: minTTL, forceRefresh: forceRefresh)
      token = result.accessToken
    }
    switch format {
    case .raw: return token
    case .header: return "Authorization: Bearer \(token)"
    case .env: return Self.envLines(token: token, expiresAt: result.expiresAt)
    case .json:
      let json: JSONValue = [
        "schema_version": 1, "profile": .string(result.credential.profile), "kind": "oauth",
        "token": .string(token), "token_type": .string(idToken ? "id_token" : "access_token"),
        "client_id": .string(result.oauth.clientID),
        "scopes": .array(result.oauth.scopes.map(JSONValue.string)),
        "issued_at": .int(result.issuedAt), "expires_at": .int(result.expiresAt),
        "expires_in": .int(result.expiresIn), "cached": .bool(!result.refreshed),
      ]
      return json.prettyEncoded
    }
  }
}
