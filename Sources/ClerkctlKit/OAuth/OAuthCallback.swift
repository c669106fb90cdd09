import ClerkctlCore

/// What an authorization server put on the redirect URI (RFC 6749 §4.1.2): a code, or an
/// error, each with the `state` sent and, per RFC 9207, maybe the issuer (`iss`).
package struct OAuthCallback: Sendable, Equatable, CustomStringConvertible {
  /// The authorization code (`nil` on an error).
  package var code: String?
  /// `error`, when the server refused.
  package var error: String?
  package var errorDescription: String?
  package var state: String?
  package var issuer: String?

  package init(
    code: String?, error: String? = nil, errorDescription: String? = nil, state: String?,
    issuer: String? = nil
  ) {
    self.code = code
    self.error = error
    self.errorDescription = errorDescription
    self.state = state
    self.issuer = issuer
  }

  /// Reads a redirected URL, or its bare query string; `nil` when it holds neither a `code`
  /// nor an `error` together with a `state`.
  package static func parse(_ text: String) -> OAuthCallback? {
    var query = Substring(text.trimmingWhitespace())
    if let mark = query.firstIndex(of: "?") { query = query[query.index(after: mark)...] }
    if let hash = query.firstIndex(of: "#") { query = query[..<hash] }
    var fields: [String: String] = [:]
    for (key, value) in FormEncoding.decode(String(query)) where fields[key] == nil {
      fields[key] = value
    }
    guard let state = fields["state"], !state.isEmpty else { return nil }
    let code = fields["code"].flatMap { $0.isEmpty ? nil : $0 }
    let error = fields["error"].flatMap { $0.isEmpty ? nil : $0 }
    guard code != nil || error != nil else { return nil }
    return OAuthCallback(
      code: error == nil ? code : nil, error: error, errorDescription: fields["error_description"],
      state: state, issuer: fields["iss"])
  }

  /// A summary without the code.
  package var description: String {
    "OAuthCallback(code: \(code == nil ? "nil" : "<redacted>"), error: \(error ?? "nil"))"
  }
}
