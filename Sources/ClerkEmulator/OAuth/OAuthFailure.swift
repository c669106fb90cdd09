import ClerkctlCore

/// An OAuth error as the token, revocation and registration endpoints answer it:
/// `{"error", "error_description"}` with a status (RFC 6749 §5.2, RFC 7591 §3.2.2).
struct OAuthFailure: Error, Equatable {
  var status: Int
  var error: String
  var description: String

  var body: JSONValue { ["error": .string(error), "error_description": .string(description)] }

  static func invalidRequest(_ description: String) -> Self {
    Self(status: 400, error: "invalid_request", description: description)
  }

  static func invalidGrant(_ description: String) -> Self {
    Self(status: 400, error: "invalid_grant", description: description)
  }

  static func invalidClient(_ description: String = "Client authentication failed") -> Self {
    Self(status: 401, error: "invalid_client", description: description)
  }

  static let unsupportedGrantType = Self(
    status: 401, error: "unsupported_grant_type",
    description: "grant_type must be authorization_code or refresh_token")
}
