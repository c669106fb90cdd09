import ClerkctlCore
import ClerkctlKit

/// `clerkctl status` for an OAuth profile: the client, scopes, the access token's time left
/// and, for the selected profile, whether the issuer still honours the grant.
extension StatusCommand {
  /// The JSON members, the text and the state of OAuth profile `credential`; `code` is the
  /// exit code when it is the selected profile.
  func oauthStatus(
    _ credential: ProfileCredential, selected: Bool, _ context: CommandContext
  ) -> (members: [String: JSONValue], text: String, status: String, code: ExitCode?) {
    let oauth = credential.oauth
    let now = context.clock.epochSeconds
    var status = "not_checked"
    var code: ExitCode?
    var refreshed = oauth
    if selected {
      code = .success
      if !offline {
        do {
          refreshed = try context.oauthAccount(profile: credential.profile).token(minTTL: 10).oauth
          status = "active"
        } catch let error as OAuthError {
          if case .grantEnded = error { status = "ended" } else { status = "error" }
          code = error.exitCode
        } catch {
          context.note(
            "clerkctl: could not check the OAuth grant: \(ErrorReporter.message(for: error))")
          status = "unreachable"
          code = .unavailable
        }
      }
    }
    let expiresAt = refreshed?.expiresAt ?? 0
    let members: [String: JSONValue] = [
      "kind": "oauth", "fapi_url": .string(credential.fapiURL),
      "user_id": credential.userID.map(JSONValue.string) ?? .null,
      "email": credential.email.map(JSONValue.string) ?? .null,
      "session_id": .null,
      "client_id": oauth.map { .string($0.clientID) } ?? .null,
      "scopes": .array((refreshed?.scopes ?? []).map(JSONValue.string)),
      "expires_at": .int(expiresAt), "expires_in": .int(max(0, expiresAt - now)),
      "refresh_token": .bool(refreshed?.refreshToken != nil),
      "resource": refreshed?.resource.map(JSONValue.string) ?? .null,
    ]
    let shown = TerminalText.sanitized
    var text =
      "  \(shown(credential.shownIdentifier ?? "?")) (\(shown(credential.userID ?? "?"))) on "
      + "\(shown(credential.fapiURL)) (kind oauth, client \(shown(oauth?.clientID ?? "?")))"
    text += "\n    grant: \(Self.words(status))"
    if status == "ended" {
      text +=
        "; run '"
        + OAuthError.loginCommand(profile: credential.profile, clientID: oauth?.clientID ?? "ID")
        + "' to sign in again"
    }
    text += "\n    scopes: \(shown((refreshed?.scopes ?? []).joined(separator: " ")))"
    text += "\n    access token: \(max(0, expiresAt - now)) s left"
    text += refreshed?.refreshToken == nil ? " (no refresh token)" : " (refreshable)"
    return (members, text, status, code)
  }
}
