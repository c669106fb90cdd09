/// How secrets appear in traces and messages: `…` and their last four characters.
///
/// Two policies for URLs shown: ``endpoint(_:)`` for every URL an error message names
/// (transport errors, response errors, redirects, discovery documents): scheme, host, port and
/// path only, control characters shown; ``url(_:)`` for the request trace, where
/// the query helps: user info is dropped, and the values of query and fragment fields whose
/// names look secret are redacted; the rest stays readable.
package enum Redaction {
  /// `…` plus the last 4 characters (just `…` for 8 characters or fewer).
  package static func secret(_ value: String) -> String {
    value.count <= 8 ? "…" : "…" + value.suffix(4)
  }

  /// Words that make a query field's value a secret when its name (lower-cased, percent-decoded)
  /// contains one: `access_token`, `api_key`, `client_secret`, `X-Amz-Signature`, `__clerk_db_jwt`,
  /// `rotating_token_nonce`, `__clerk_ticket`, `code`, `state`, `__dev_session`…
  package static let secretNameParts: [String] = [
    "token", "key", "secret", "password", "passwd", "pwd", "code", "ticket", "signature", "sig",
    "nonce", "jwt", "auth", "session", "credential", "otp", "state", "bearer", "pin", "hash",
    "passphrase", "sid",
  ]

  /// Whether a query field named `name` carries a secret.
  package static func isSecretField(_ name: String) -> Bool {
    let lowered = FormEncoding.unescape(name).lowercased()
    return secretNameParts.contains { lowered.contains($0) }
  }

  /// `url` without user info, with the values of secret query and fragment fields redacted.
  package static func url(_ url: String) -> String {
    var rest = Substring(url)
    var fragment: Substring?
    if let hash = rest.firstIndex(of: "#") {
      fragment = rest[rest.index(after: hash)...]
      rest = rest[..<hash]
    }
    var query: Substring?
    if let mark = rest.firstIndex(of: "?") {
      query = rest[rest.index(after: mark)...]
      rest = rest[..<mark]
    }
    var shown = String(withoutUserInfo(rest))
    if let query { shown += "?" + fields(query) }
    if let fragment { shown += "#" + fields(fragment) }
    return shown
  }

  /// `url` as an error message names it: scheme, host, port and path, with neither user info
  /// nor query nor fragment (a field of any name can carry a ticket, an OAuth code or a URL
  /// holding one), and its control characters shown (`TerminalText.sanitized`: a server-chosen
  /// URL, a redirect's or a discovery document's, is hostile text).
  package static func endpoint(_ url: String) -> String {
    var rest = Substring(url)
    if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
    return TerminalText.sanitized(String(withoutUserInfo(rest)))
  }

  /// `url` (without its query and fragment) less the `user:password@` of its authority.
  private static func withoutUserInfo(_ url: Substring) -> Substring {
    guard let scheme = url.firstRange(of: "://") else { return url }
    let authority = url[scheme.upperBound...]
    let end = authority.firstIndex(of: "/") ?? authority.endIndex
    guard let at = authority[..<end].lastIndex(of: "@") else { return url }
    return url[..<scheme.upperBound] + url[url.index(after: at)...]
  }

  /// `a=1&token=…` fields with secret values redacted; other text kept as it is.
  private static func fields(_ text: Substring) -> String {
    text.split(separator: "&", omittingEmptySubsequences: false).map { pair in
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard parts.count == 2, isSecretField(String(parts[0])) else { return String(pair) }
      return "\(parts[0])=\(secret(FormEncoding.unescape(String(parts[1]))))"
    }.joined(separator: "&")
  }
}
