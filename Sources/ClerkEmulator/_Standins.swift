// TEMPORARY: stand-ins for ClerkKit APIs that other helpers are building in parallel
// (HTTPServer, ShutdownSignal, RSA keys, JWK/JWKS, JWTSigner, JWT, JWTVerifier, Base64URL,
// SecureRandom, ConstantTime, Base32, TOTP). They exist only so this branch compiles and its
// tests run. DELETE THIS WHOLE FILE AT MERGE: the real types in ClerkKit replace them.
// The "signature" here is a keyed FNV hash, not RSA: it is not cryptography.

import ClerkKit
import Foundation

/// TEMPORARY stand-in.
package final class HTTPServer: @unchecked Sendable {
  /// TEMPORARY stand-in.
  package struct Configuration: Sendable {
    package var host: String
    package var port: Int
    package init(host: String = "127.0.0.1", port: Int = 0) {
      self.host = host
      self.port = port
    }
  }
  private let configuration: Configuration
  private let handler: @Sendable (HTTPServerRequest) -> HTTPServerResponse
  package init(
    configuration: Configuration,
    handler: @escaping @Sendable (HTTPServerRequest) -> HTTPServerResponse
  ) {
    self.configuration = configuration
    self.handler = handler
  }
  package func start() throws {}
  package var port: Int { configuration.port }
  package func stop() {}
}

/// TEMPORARY stand-in.
package enum ShutdownSignal {
  package static func install() {}
  package static func wait() {}
}

/// TEMPORARY stand-in.
package enum SecureRandom {
  package static func bytes(_ count: Int) -> [UInt8] {
    var generator = SystemRandomNumberGenerator()
    return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
  }
}

/// TEMPORARY stand-in.
package enum ConstantTime {
  package static func equals(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
    guard lhs.count == rhs.count else { return false }
    var diff: UInt8 = 0
    for (left, right) in zip(lhs, rhs) { diff |= left ^ right }
    return diff == 0
  }
  package static func equals(_ lhs: String, _ rhs: String) -> Bool {
    equals(Array(lhs.utf8), Array(rhs.utf8))
  }
}

/// TEMPORARY stand-in.
package enum Base64URL {
  package static func encode(_ bytes: [UInt8]) -> String {
    Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
  }
  package static func decode(_ text: String) -> [UInt8]? {
    var base = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(
      of: "_", with: "/")
    while base.count % 4 != 0 { base += "=" }
    guard let data = Data(base64Encoded: base) else { return nil }
    return [UInt8](data)
  }
}

/// TEMPORARY stand-in.
package enum Base32 {
  package static func decode(_ text: String) -> [UInt8]? {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
    var bits = 0
    var value = 0
    var out: [UInt8] = []
    for char in text.uppercased() where char != "=" {
      guard let index = alphabet.firstIndex(of: char) else { return nil }
      value = ((value << 5) | index) & 0xFFFF
      bits += 5
      if bits >= 8 {
        out.append(UInt8((value >> (bits - 8)) & 0xFF))
        bits -= 8
      }
    }
    return out
  }
}

private func standinHash(_ parts: [[UInt8]]) -> UInt64 {
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  for part in parts {
    for byte in part {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    hash ^= 0xFF
  }
  return hash
}

/// TEMPORARY stand-in.
package enum TOTP {
  package static func code(secret: [UInt8], time: Int64) -> String {
    let counter = time / 30
    let value = standinHash([secret, Array(String(counter).utf8)]) % 1_000_000
    let text = String(value)
    return String(repeating: "0", count: 6 - text.count) + text
  }
}

/// TEMPORARY stand-in.
package struct StandinError: Error {}

/// TEMPORARY stand-in.
package struct RSAPublicKey: Sendable {
  fileprivate let secret: [UInt8]
}

/// TEMPORARY stand-in.
package struct RSAPrivateKey: Sendable {
  fileprivate let secret: [UInt8]
  package static func generate(bits: Int) throws -> RSAPrivateKey {
    RSAPrivateKey(secret: SecureRandom.bytes(32))
  }
  package init(pem: String) throws { secret = Array(pem.utf8) }
  private init(secret: [UInt8]) { self.secret = secret }
  package var publicKey: RSAPublicKey { RSAPublicKey(secret: secret) }
}

/// TEMPORARY stand-in.
package struct JWK: Sendable {
  fileprivate let publicKey: RSAPublicKey
  fileprivate let kid: String
  package init(publicKey: RSAPublicKey, kid: String) {
    self.publicKey = publicKey
    self.kid = kid
  }
}

/// TEMPORARY stand-in.
package struct JWKS: Sendable {
  fileprivate let keys: [JWK]
  package init(keys: [JWK]) { self.keys = keys }
  package var json: JSONValue {
    .object([
      "keys": .array(
        keys.map {
          [
            "kty": "RSA", "use": "sig", "alg": "RS256", "kid": .string($0.kid),
            "n": .string(Base64URL.encode($0.publicKey.secret)), "e": "AQAB",
          ]
        })
    ])
  }
}

private func standinSignature(secret: [UInt8], input: String) -> String {
  var value = standinHash([secret, Array(input.utf8)])
  let bytes = (0..<8).map { _ -> UInt8 in
    defer { value >>= 8 }
    return UInt8(value & 0xFF)
  }
  return Base64URL.encode(bytes)
}

/// TEMPORARY stand-in.
package struct JWTSigner: Sendable {
  private let key: RSAPrivateKey
  private let kid: String
  package init(key: RSAPrivateKey, kid: String) {
    self.key = key
    self.kid = kid
  }
  package func sign(claims: JSONValue, extraHeader: [String: JSONValue] = [:]) throws -> String {
    var header: [String: JSONValue] = ["alg": "RS256", "kid": .string(kid)]
    for (name, value) in extraHeader { header[name] = value }
    let input =
      Base64URL.encode(JSONValue.object(header).encodedBytes) + "."
      + Base64URL.encode(claims.encodedBytes)
    return input + "." + standinSignature(secret: key.secret, input: input)
  }
}

/// TEMPORARY stand-in.
package struct JWT: Sendable {
  package let header: JSONValue
  package let payload: JSONValue
  fileprivate let signingInput: String
  fileprivate let signature: String
  package init(_ token: String) throws {
    let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard parts.count == 3, let head = Base64URL.decode(parts[0]),
      let body = Base64URL.decode(parts[1]),
      let header = try? JSONValue(parsing: head), let payload = try? JSONValue(parsing: body),
      header.objectValue != nil, payload.objectValue != nil
    else { throw StandinError() }
    self.header = header
    self.payload = payload
    self.signingInput = parts[0] + "." + parts[1]
    self.signature = parts[2]
  }
  package var keyID: String? { header["kid"]?.stringValue }
  package var algorithm: String? { header["alg"]?.stringValue }
}

/// TEMPORARY stand-in.
package struct JWTVerifier: Sendable {
  /// TEMPORARY stand-in.
  package struct Options: Sendable {
    package var leeway: Int64
    package var issuer: String?
    package var audience: String?
    package var now: Date
    package init(leeway: Int64 = 0, issuer: String? = nil, audience: String? = nil, now: Date) {
      self.leeway = leeway
      self.issuer = issuer
      self.audience = audience
      self.now = now
    }
  }
  private let keys: JWKS
  package init(keys: JWKS) { self.keys = keys }
  package func verify(_ token: String, options: Options) throws -> JSONValue {
    let jwt = try JWT(token)
    guard jwt.algorithm == "RS256", let key = keys.keys.first(where: { $0.kid == jwt.keyID }),
      standinSignature(secret: key.publicKey.secret, input: jwt.signingInput) == jwt.signature
    else { throw StandinError() }
    let now = Int64(options.now.timeIntervalSince1970)
    if let exp = jwt.payload["exp"]?.intValue, now > exp + options.leeway { throw StandinError() }
    return jwt.payload
  }
}
