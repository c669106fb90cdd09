import ClerkctlCore
import FoundationEssentials

/// A Clerk publishable key (`pk_test_…` / `pk_live_…`): base64 of `<frontend-api-host>$`.
///
/// Parsed with clerk-js's rules (exactly three `_`-separated parts, decoded text ending in the
/// only `$`, host containing a `.`), decoding base64url and missing padding as clerk-ios does.
/// Like Clerk's SDKs, everything before the `$` is the Frontend API host, a `:PORT` included
/// (a local Clerk such as clerk-emulator encodes `127.0.0.1:PORT`, or `[::1]:PORT`).
package struct PublishableKey: Sendable, Equatable {
  /// What is wrong with a key.
  package enum Problem: Error, Sendable, Equatable {
    /// It does not start with `pk_test_` or `pk_live_`.
    case wrongPrefix
    /// It does not split into exactly three `_`-separated parts.
    case wrongShape
    /// Its third part is not base64.
    case notBase64
    /// It decodes to something that is not `<host>$`; carries the decoded text, if it was text.
    case notAHost(String?)

    /// The message after "publishable key".
    package var detail: String {
      switch self {
      case .wrongPrefix: return "must start with pk_test_ or pk_live_"
      case .wrongShape: return "must be pk_test_ or pk_live_ followed by one base64 part"
      case .notBase64: return "is not valid base64 after its pk_test_/pk_live_ prefix"
      case .notAHost(let text):
        let shown = text.map { " (it decodes to '\($0)')" } ?? ""
        return "does not decode to a Frontend API host\(shown)"
      }
    }
  }

  /// The key as given (trimmed).
  package let rawValue: String
  /// The Frontend API host it encodes, with any port, e.g. `clean-mayfly-62.clerk.accounts.dev`
  /// or `127.0.0.1:8787`.
  package let frontendAPIHost: String
  /// Whether it is a production (`pk_live_`) key.
  package let isProduction: Bool

  /// The Frontend API base URL: https, or http for a loopback host (the rule plain http URLs
  /// follow everywhere).
  package var frontendAPIURL: String {
    let (name, _) = Self.splitPort(frontendAPIHost)
    return (LoopbackHost.isLoopback(name) ? "http://" : "https://") + frontendAPIHost
  }

  /// Parses a key; surrounding whitespace is ignored.
  ///
  /// - Throws: the `Problem` with the key.
  package init(_ key: String) throws(Problem) {
    let trimmed = key.trimmingWhitespace()
    let production: Bool
    if trimmed.hasPrefix("pk_live_") {
      production = true
    } else if trimmed.hasPrefix("pk_test_") {
      production = false
    } else {
      throw .wrongPrefix
    }
    let parts = trimmed.split(separator: "_", omittingEmptySubsequences: false)
    guard parts.count == 3 else { throw .wrongShape }
    guard let decoded = Self.decodeBase64(String(parts[2])) else {
      throw .notBase64
    }
    guard let text = String(validating: decoded, as: UTF8.self) else {
      throw .notAHost(nil)
    }
    guard text.hasSuffix("$") else { throw .notAHost(text) }
    let host = String(text.dropLast())
    let (name, port) = Self.splitPort(host)
    guard !host.contains(Character("$")),
      Self.isIPv6Literal(name) || (name.contains(Character(".")) && Self.isHostname(name)),
      port.map(Self.isPort) ?? true
    else {
      throw .notAHost(text)
    }
    self.rawValue = trimmed
    self.frontendAPIHost = host
    self.isProduction = production
  }

  /// Builds the key for a host, as Clerk does (`buildPublishableKey`): standard base64 of
  /// `<host>$` without padding.
  package static func make(frontendAPIHost host: String, production: Bool) -> String {
    // Standard base64 is base64url with `+` and `/` for `-` and `_`.
    let encoded = Base64URL.encode(Array((host + "$").utf8)).map {
      $0 == "-" ? "+" : $0 == "_" ? "/" : $0
    }
    return (production ? "pk_live_" : "pk_test_") + String(encoded)
  }

  /// Decodes standard or URL-safe base64, padded or not; `nil` for anything else.
  static func decodeBase64(_ text: String) -> [UInt8]? {
    var symbols = Array(text.utf8)
    var padding = 0
    while symbols.last == UInt8(ascii: "="), padding < 2 {
      symbols.removeLast()
      padding += 1
    }
    guard !symbols.isEmpty, symbols.count % 4 != 1 else { return nil }
    if padding > 0, (symbols.count + padding) % 4 != 0 { return nil }
    var bytes: [UInt8] = []
    var accumulator: UInt32 = 0
    var bits = 0
    for symbol in symbols {
      guard let value = sextet(symbol) else { return nil }
      accumulator = (accumulator << 6) | UInt32(value)
      bits += 6
      if bits >= 8 {
        bits -= 8
        bytes.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
      }
    }
    return bytes
  }

  private static func sextet(_ symbol: UInt8) -> UInt8? {
    switch symbol {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): return symbol - UInt8(ascii: "A")
    case UInt8(ascii: "a")...UInt8(ascii: "z"): return symbol - UInt8(ascii: "a") + 26
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return symbol - UInt8(ascii: "0") + 52
    case UInt8(ascii: "+"), UInt8(ascii: "-"): return 62
    case UInt8(ascii: "/"), UInt8(ascii: "_"): return 63
    default: return nil
    }
  }

  /// `host:port` split at its last `:` (a host name, IPv4 address or bracketed IPv6 address
  /// has none of its own outside the brackets).
  private static func splitPort(_ host: String) -> (name: String, port: Substring?) {
    guard let colon = host.lastIndex(of: ":"), !host.hasSuffix("]") else { return (host, nil) }
    return (String(host[..<colon]), host[host.index(after: colon)...])
  }

  /// Whether `name` is a bracketed IPv6 address, e.g. `[::1]`.
  private static func isIPv6Literal(_ name: String) -> Bool {
    guard name.hasPrefix("["), name.hasSuffix("]"), name.count > 2 else { return false }
    return name.dropFirst().dropLast().allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
      && name.contains(":")
  }

  /// Whether `port` is a decimal TCP port, 1…65535.
  private static func isPort(_ port: Substring) -> Bool {
    guard (1...5).contains(port.utf8.count),
      port.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
      let number = Int(port)
    else { return false }
    return (1...65_535).contains(number)
  }

  /// Whether `host` is dot-separated labels of letters, digits and inner hyphens.
  private static func isHostname(_ host: String) -> Bool {
    guard !host.isEmpty, host.utf8.count <= 253 else { return false }
    let labels = host.split(separator: ".", omittingEmptySubsequences: false)
    return labels.allSatisfy { label in
      let bytes = Array(label.utf8)
      guard let first = bytes.first, let last = bytes.last, bytes.count <= 63,
        first != UInt8(ascii: "-"), last != UInt8(ascii: "-")
      else { return false }
      return bytes.allSatisfy { byte in
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
          UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
          return true
        default:
          return false
        }
      }
    }
  }
}
