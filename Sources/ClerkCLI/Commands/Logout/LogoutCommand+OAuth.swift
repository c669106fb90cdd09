import ClerkctlCore
import ClerkctlKit

/// `clerkctl logout` on an OAuth profile: the refresh token is revoked at the issuer's
/// revocation endpoint, then the profile is deleted (also when the issuer could not be told).
extension LogoutCommand {
  /// Signs out OAuth profile `profile`; its `signed_out` entry and whether the issuer was told.
  func logoutOAuth(_ profile: String, _ context: CommandContext) throws -> (JSONValue, Bool) {
    let account = try context.oauthAccount(profile: profile)
    let (credential, _) = try account.requireCredential()
    let who = credential.shownIdentifier ?? credential.userID ?? "the OAuth sign-in"
    let host = URLParts.authority(of: credential.fapiURL) ?? credential.fapiURL
    let (revoked, error) = try account.logout()
    if revoked {
      context.note(
        "Signed out \(who) (profile '\(profile)'): the refresh token was revoked at \(host).")
    } else {
      context.note(
        "clerkctl: deleted the local OAuth sign-in of \(who) (profile '\(profile)'), but the "
          + "issuer could not revoke it"
          + (error.map { " (\(ErrorReporter.message(for: $0)))" } ?? "")
          + "; the grant may live on until it expires")
    }
    return (["profile": .string(profile), "kind": "oauth", "revoked": .bool(revoked)], revoked)
  }
}
