import ClerkctlCore
import ClerkctlKit

/// The one builder of the signed-in identity object that `login --json` and `whoami --json`
/// print (cli.md "JSON": `schema_version: 1` first, the profile under `profile`, snake_case).
package enum IdentityJSON {
  /// `{schema_version, profile, user_id, email, session_id, fapi_url}` for `credential`, plus
  /// `extra` (`identifier` for login, `session_status` for whoami). Missing values are `null`.
  package static func object(
    _ credential: ProfileCredential, adding extra: [String: JSONValue] = [:]
  ) -> JSONValue {
    var fields: [String: JSONValue] = [
      "schema_version": 1,
      "profile": .string(credential.profile),
      "user_id": credential.userID.map(JSONValue.string) ?? .null,
      "email": credential.email.map(JSONValue.string) ?? .null,
      "session_id": credential.sessionID.map(JSONValue.string) ?? .null,
      "fapi_url": .string(credential.fapiURL),
      "kind": .string(credential.kind.rawValue),
    ]
    if let impersonation = credential.impersonation {
      fields["actor"] = .string(impersonation.actor)
    }
    fields.merge(extra) { _, added in added }
    return .object(fields)
  }

  /// `login --json`: the identity and the identifier it is known by (the primary email, else
  /// the phone number, else the username).
  package static func login(_ credential: ProfileCredential) -> JSONValue {
    object(
      credential, adding: ["identifier": credential.shownIdentifier.map(JSONValue.string) ?? .null])
  }
}
