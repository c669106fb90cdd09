/// How secrets appear in traces and messages: `…` and their last four characters.
package enum Redaction {
  /// `…` plus the last 4 characters (just `…` for 8 characters or fewer).
  package static func secret(_ value: String) -> String {
    value.count <= 8 ? "…" : "…" + value.suffix(4)
  }

  /// Query fields whose values are secrets.
  package static let secretQueryFields: Set<String> = [
    "rotating_token_nonce", "__clerk_ticket", "ticket", "token", "code", "password",
    "__clerk_testing_token", "__dev_session",
  ]

  /// The URL with the values of secret query fields redacted.
  package static func url(_ url: String) -> String {
    guard let mark = url.firstIndex(of: "?") else { return url }
    let base = url[..<mark]
    let query = url[url.index(after: mark)...]
    let fields = query.split(separator: "&", omittingEmptySubsequences: false).map { pair in
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard parts.count == 2, secretQueryFields.contains(String(parts[0])) else {
        return String(pair)
      }
      return "\(parts[0])=\(secret(FormEncoding.unescape(String(parts[1]))))"
    }
    return base + "?" + fields.joined(separator: "&")
  }
}
