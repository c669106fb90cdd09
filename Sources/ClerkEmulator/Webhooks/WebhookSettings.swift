import ClerkctlCore
import ClerkctlHTTP
import Foundation

/// Where and how the emulator delivers Clerk's webhook events (`--webhook-url`,
/// `--webhook-secret`): the endpoint, the Svix signing secret, the HTTP client that posts, the
/// clock that dates the signatures and waits between retries, and the retry schedule.
package struct WebhookSettings: Sendable {
  /// The receiver's URL (`http://` or `https://`).
  package var url: String
  /// The signing secret, `whsec_` plus base64 (Svix's format).
  package var secret: String
  /// Posts the deliveries.
  package var http: HTTPClient
  /// Dates `svix-timestamp` (a receiver refuses signatures more than five minutes off its own
  /// clock, so this is the machine's clock, not the emulator's shifted one) and sleeps between
  /// attempts.
  package var clock: Clock
  /// The waits before each retry, seconds: a delivery is tried once plus once per entry, then
  /// dropped (logged).
  package var retryDelays: [Double]

  /// Svix's schedule starts at 5 s; a local receiver is back sooner, so the emulator retries
  /// five times within half a minute.
  package static let defaultRetryDelays: [Double] = [1, 2, 4, 8, 16]

  package init(
    url: String, secret: String, http: HTTPClient, clock: Clock = .system,
    retryDelays: [Double] = WebhookSettings.defaultRetryDelays
  ) {
    self.url = url
    self.secret = secret
    self.http = http
    self.clock = clock
    self.retryDelays = retryDelays
  }

  /// The HMAC key a secret stands for: the base64 after `whsec_` (Svix also takes a bare
  /// base64 secret); `nil` when it is not base64 or is empty.
  package static func key(ofSecret secret: String) -> [UInt8]? {
    let encoded = secret.hasPrefix("whsec_") ? String(secret.dropFirst(6)) : secret
    guard let data = Data(base64Encoded: encoded), !data.isEmpty else { return nil }
    return Array(data)
  }

  /// A fresh secret: `whsec_` and 24 random bytes in base64, as Clerk's dashboard shows one.
  package static func generateSecret() -> String {
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<24).map { _ in UInt8.random(in: 0...255, using: &generator) }
    return "whsec_" + Data(bytes).base64EncodedString()
  }
}
