import ClerkctlCore
import FoundationEssentials

extension JWTVerifier {
  /// Checks `exp`, `nbf`, `iat`, `iss` and `aud` in `payload` against `options`.
  static func checkClaims(_ payload: JSONValue, options: Options) throws(JWTError) {
    let now = options.now.timeIntervalSince1970
    if let exp = try time(payload, "exp"), now >= exp + options.leeway {
      throw .expired(at: exp, secondsAgo: now - exp)
    }
    if let nbf = try time(payload, "nbf"), now + options.leeway < nbf {
      throw .notYetValid(at: nbf, secondsAhead: nbf - now)
    }
    if let iat = try time(payload, "iat"), iat > now + options.leeway {
      throw .issuedInFuture(at: iat, secondsAhead: iat - now)
    }
    if let expected = options.issuer {
      let got = payload["iss"].map { $0.stringValue ?? $0.encoded }
      guard got == expected else { throw .wrongIssuer(expected: expected, got: got) }
    }
    if let expected = options.audience {
      let got: [String]
      switch payload["aud"] {
      case .string(let single)?: got = [single]
      case .array(let many)?: got = many.map { $0.stringValue ?? $0.encoded }
      case let other?: got = [other.encoded]
      case nil: got = []
      }
      guard got.contains(expected) else { throw .wrongAudience(expected: expected, got: got) }
    }
  }

  /// The NumericDate claim `name` in seconds, `nil` when absent.
  private static func time(_ payload: JSONValue, _ name: String) throws(JWTError) -> Double? {
    guard let value = payload[name] else { return nil }
    guard let seconds = value.doubleValue, seconds.isFinite else {
      throw .invalidClaim(
        name: name, reason: "expected seconds since the epoch, got \(value.encoded)")
    }
    return seconds
  }
}
