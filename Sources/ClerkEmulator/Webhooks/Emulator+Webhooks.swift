import ClerkctlCore
import ClerkctlHTTP
import ClerkctlHTTPServer
import Foundation

extension Emulator {
  /// Queues the webhook events of the changes since the last request, with the request's
  /// client address and user agent as `event_attributes.http_request` (as Clerk sends them).
  func publishWebhookEvents(_ webhooks: WebhookDispatcher, request: HTTPServerRequest) {
    let timestamp = Int64(clock.now().timeIntervalSince1970 * 1000)
    let attributes: JSONValue = [
      "http_request": [
        "client_ip": .string(request.remoteAddress),
        "user_agent": .string(request.headers["User-Agent"] ?? ""),
      ]
    ]
    let instanceID = self.instanceID
    let random = self.random
    state.withStore { store in
      webhooks.publish(
        store, instanceID: instanceID, timestamp: timestamp, attributes: attributes,
        random: random)
    }
  }
}
