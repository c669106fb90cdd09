import ClerkctlCore
import ClerkctlKit
import ClerkctlWire
import FoundationEssentials

/// What Clerk put on the redirect URL at the end of a browser sign-in.
package enum BrowserCallback: Sendable, Equatable {
  /// `rotating_token_nonce=N`: the provider vouched for the user; complete with the nonce.
  case nonce(String)
  /// `__clerk_status=failed&__clerk_error_code=CODE`, or a provider-style
  /// `error=CODE&error_description=…`.
  case failed(code: String, description: String?)
  /// An OAuth authorization response (`code` or `error`, with `state`): the answer of a
  /// sign-in with Clerk as the authorization server, checked against the request it answers.
  case oauth(OAuthCallback)

  /// Reads a pasted or received callback: a full URL, a bare query string, or the bare nonce.
  /// `nil` when the text holds neither a nonce nor a failure.
  package static func parse(_ text: String) -> BrowserCallback? {
    let trimmed = text.trimmingWhitespace()
    guard !trimmed.isEmpty else { return nil }
    let looksLikeURL = trimmed.contains("?") || trimmed.contains("=") || trimmed.contains("://")
    guard looksLikeURL else {
      let allowed = trimmed.unicodeScalars.allSatisfy {
        ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0)
          || "-_.~".unicodeScalars.contains($0)
      }
      return allowed ? .nonce(trimmed) : nil
    }
    var query = Substring(trimmed)
    if let mark = query.firstIndex(of: "?") { query = query[query.index(after: mark)...] }
    if let hash = query.firstIndex(of: "#") { query = query[..<hash] }
    var fields: [String: String] = [:]
    for (key, value) in FormEncoding.decode(String(query)) where fields[key] == nil {
      fields[key] = value
    }
    if let nonce = fields["rotating_token_nonce"], !nonce.isEmpty { return .nonce(nonce) }
    if fields[RedirectStatus.queryField].map(RedirectStatus.init(rawValue:)) == .failed
      || fields["__clerk_error_code"] != nil
    {
      return .failed(
        code: fields["__clerk_error_code"].flatMap { $0.isEmpty ? nil : $0 } ?? "unknown_error",
        description: nil)
    }
    if let answer = OAuthCallback.parse(String(query)) { return .oauth(answer) }
    if let error = fields["error"], !error.isEmpty {
      return .failed(code: error, description: fields["error_description"])
    }
    return nil
  }
}
