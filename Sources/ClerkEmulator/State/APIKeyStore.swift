import ClerkctlCore
import ClerkctlCrypto
import Foundation

/// API keys (id → record, `order` oldest first) and the testing tokens handed out.
struct APIKeyStore: Sendable {
  var keys: [String: APIKeyRecord] = [:]
  var order: [String] = []

  /// The key whose secret is `secret` (compared in constant time), valid or not.
  func key(secret: String) -> APIKeyRecord? {
    order.lazy.compactMap { keys[$0] }.first { ConstantTime.equals($0.secret, secret) }
  }

  mutating func insert(_ key: APIKeyRecord) {
    keys[key.id] = key
    order.append(key.id)
  }
}
