import ClerkctlCrypto
import Foundation

/// Svix's signature scheme, which Clerk's webhooks use: `svix-signature` is `v1,` and the
/// base64 HMAC-SHA256 of `{svix-id}.{svix-timestamp}.{body}` under the secret's key.
enum SvixSignature {
  /// The `v1,…` value for one delivery.
  static func sign(id: String, timestamp: Int64, body: [UInt8], key: [UInt8]) -> String {
    let message = Array("\(id).\(timestamp).".utf8) + body
    return "v1," + Data(HMAC.sha256(key: key, message: message)).base64EncodedString()
  }
}
