import ClerkctlCore
import ClerkctlKit

/// `clerkctl whoami` on an OAuth profile: the issuer's `/oauth/userinfo` claims (with an access
/// token refreshed when it runs low), or what the profile stored with `--offline`.
extension WhoamiCommand {
  func runOAuth(_ context: CommandContext) throws -> Int32 {
    let account = try context.oauthAccount()
    var (credential, oauth) = try account.requireCredential()
    var claims: JSONValue = .null
    if !offline {
      let (info, result) = try account.userinfo()
      claims = info
      credential = result.credential
      oauth = result.oauth
    }
    let userID = claims["sub"]?.stringValue ?? credential.userID
    let email = claims["email"]?.stringValue ?? credential.email
    if context.globals.json {
      var json = IdentityJSON.object(credential).objectValue ?? [:]
      json["user_id"] = userID.map(JSONValue.string) ?? .null
      json["email"] = email.map(JSONValue.string) ?? .null
      json["client_id"] = .string(oauth.clientID)
      json["scopes"] = .array(oauth.scopes.map(JSONValue.string))
      json["resource"] = oauth.resource.map(JSONValue.string) ?? .null
      json["claims"] = claims
      for (key, value) in claims.objectValue ?? [:] where json[key] == nil { json[key] = value }
      context.print(JSONValue.object(json).prettyEncoded)
      return ExitCode.success.rawValue
    }
    let shown = TerminalText.sanitized
    var text = """
      user:     \(shown(userID ?? "?"))
      email:    \(shown(email ?? "(none)"))
      client:   \(shown(oauth.clientID)) (OAuth, scopes: \(shown(oauth.scopes.joined(separator: " "))))
      instance: \(shown(credential.fapiURL))
      profile:  \(shown(credential.profile))
      """
    if let resource = oauth.resource { text += "\nresource: \(shown(resource))" }
    if offline { text += "\n(not checked with the issuer: --offline)" }
    context.print(text)
    return ExitCode.success.rawValue
  }
}
