/// Why a token, key set or discovery document was refused. Each `description` is one line.
package enum JWTError: Error, Equatable, CustomStringConvertible {
  /// A token that is not `header.payload.signature` (the count of dot-separated parts).
  case wrongPartCount(Int)
  /// A part (`header`, `payload` or `signature`) that is not canonical base64url.
  case invalidBase64(part: String)
  /// A part that is not valid JSON (the parser's reason).
  case invalidJSON(part: String, reason: String)
  /// A part that is JSON but not an object.
  case notAnObject(part: String)
  /// A header whose `alg` is missing (`nil`) or is not RS256.
  case unsupportedAlgorithm(String?)
  /// A `kid` that is not in the key set.
  case unknownKeyID(String)
  /// A token without `kid` checked against a key set that does not have exactly one key.
  case missingKeyID(keyCount: Int)
  /// A signature that does not verify under the selected key.
  case invalidSignature
  /// `exp` has passed: the expiry time and how many seconds ago it was.
  case expired(at: Double, secondsAgo: Double)
  /// `nbf` is still ahead: the time and how many seconds remain.
  case notYetValid(at: Double, secondsAhead: Double)
  /// `iat` is ahead of the clock by more than the leeway.
  case issuedInFuture(at: Double, secondsAhead: Double)
  /// `iss` differs from the issuer required (`got` is `nil` when absent).
  case wrongIssuer(expected: String, got: String?)
  /// `aud` does not contain the audience required (`got` lists what the token names).
  case wrongAudience(expected: String, got: [String])
  /// A registered claim with the wrong type (e.g. `exp` as a string).
  case invalidClaim(name: String, reason: String)
  /// A JWK or JWKS that cannot be used (the reason).
  case invalidKey(String)
  /// Signing failed (the underlying error's description).
  case signingFailed(String)
  /// OIDC discovery or JWKS download failed: the URL and the reason.
  case discoveryFailed(url: String, reason: String)
  /// The header's `cat` is not the category required (`got`: the category in words, from
  /// ``ClerkTokenCategory/describe(header:)``).
  case wrongCategory(expected: ClerkTokenCategory, got: String)

  package var description: String {
    switch self {
    case .wrongPartCount(let count):
      return "malformed token: expected 3 dot-separated parts (header.payload.signature), "
        + "found \(count)"
    case .invalidBase64(let part):
      return "malformed token: the \(part) is not valid base64url"
    case .invalidJSON(let part, let reason):
      return "malformed token: the \(part) is not valid JSON (\(reason))"
    case .notAnObject(let part):
      return "malformed token: the \(part) is not a JSON object"
    case .unsupportedAlgorithm(nil):
      return "token header has no 'alg'; only RS256 is accepted"
    case .unsupportedAlgorithm(let algorithm?):
      return "algorithm '\(algorithm)' is not allowed; only RS256 is accepted"
    case .unknownKeyID(let kid):
      return "no key with kid '\(kid)' in the key set; the signing key may have rotated — "
        + "refresh the JWKS"
    case .missingKeyID(let count):
      return "token has no 'kid' and the key set has \(count) keys; cannot choose one"
    case .invalidSignature:
      return "token signature is invalid (signed by another key, or altered)"
    case .expired(let at, let ago):
      return "token expired \(JWTError.duration(ago)) ago (exp \(JWTError.integer(at)))"
    case .notYetValid(let at, let ahead):
      return "token is not valid yet: nbf \(JWTError.integer(at)) is "
        + "\(JWTError.duration(ahead)) in the future"
    case .issuedInFuture(let at, let ahead):
      return "token was issued in the future: iat \(JWTError.integer(at)) is "
        + "\(JWTError.duration(ahead)) ahead of the clock (check the system time)"
    case .wrongIssuer(let expected, let got):
      return "wrong issuer: expected '\(expected)', got "
        + (got.map { "'\($0)'" } ?? "no 'iss' claim")
    case .wrongAudience(let expected, let got):
      let list = got.map { "'\($0)'" }.joined(separator: ", ")
      return "wrong audience: expected '\(expected)', got "
        + (got.isEmpty ? "no 'aud' claim" : list)
    case .invalidClaim(let name, let reason):
      return "invalid '\(name)' claim: \(reason)"
    case .invalidKey(let reason):
      return "unusable key: \(reason)"
    case .signingFailed(let reason):
      return "could not sign the token: \(reason)"
    case .discoveryFailed(let url, let reason):
      return "could not fetch \(Redaction.endpoint(url)): \(reason)"
    case .wrongCategory(let expected, let got):
      func token(_ words: String) -> String {
        (words.hasPrefix("M") ? "an " : "a ") + words + " token"
      }
      return "wrong token category: expected \(token(expected.words)) (cat \(expected.cat)), "
        + "got \(got.hasPrefix("unknown") ? got : token(got))"
    }
  }

  /// `seconds` rounded down for display, as `3s`, `5m 3s`, `2h 5m` or `3d 4h`.
  static func duration(_ seconds: Double) -> String {
    let total = seconds.isFinite ? max(0, Int64(saturating: seconds.rounded(.down))) : 0
    let (days, hours, minutes, secs) =
      (total / 86_400, total % 86_400 / 3600, total % 3600 / 60, total % 60)
    if days > 0 { return hours > 0 ? "\(days)d \(hours)h" : "\(days)d" }
    if hours > 0 { return minutes > 0 ? "\(hours)h \(minutes)m" : "\(hours)h" }
    if minutes > 0 { return secs > 0 ? "\(minutes)m \(secs)s" : "\(minutes)m" }
    return "\(secs)s"
  }

  private static func integer(_ value: Double) -> String {
    value.rounded() == value && abs(value) < 9e18 ? String(Int64(value)) : String(value)
  }
}
