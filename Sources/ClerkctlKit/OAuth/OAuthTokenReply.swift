import ClerkctlCore

/// A token endpoint's successful reply (RFC 6749 §5.1).
package struct OAuthTokenReply: Sendable, Equatable, CustomStringConvertible {
  package var accessToken: String
  package var tokenType: String
  /// Seconds the access token lives.
  package var expiresIn: Int64
  /// A new refresh token, when the server issued or rotated one.
  package var refreshToken: String?
  /// The granted scopes, when the server said.
  package var scopes: [String]?
  package var idToken: String?

  /// `nil` without `access_token`.
  package init?(json: JSONValue) {
    guard let accessToken = json["access_token"]?.stringValue, !accessToken.isEmpty else {
      return nil
    }
    self.accessToken = accessToken
    tokenType = json["token_type"]?.stringValue ?? "Bearer"
    expiresIn = json["expires_in"]?.intValue ?? 3600
    refreshToken = json["refresh_token"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
    scopes = json["scope"]?.stringValue.map { $0.split(separator: " ").map(String.init) }
    idToken = json["id_token"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
  }

  package var description: String {
    "OAuthTokenReply(tokenType: \(tokenType), expiresIn: \(expiresIn), scopes: "
      + "\(scopes ?? []), accessToken: <redacted>, refreshToken: "
      + (refreshToken == nil ? "nil" : "<redacted>") + ")"
  }
}
