import ClerkctlCore
import ClerkctlHTTP
import Foundation

/// Delivers the emulator's webhook events off the request path: the request that changed the
/// store only queues them; one background thread posts each, in order, signed the Svix way
/// (`svix-id`, `svix-timestamp`, `svix-signature`), and retries a delivery the receiver did
/// not take (a non-2xx reply or no reply) after each of ``WebhookSettings/retryDelays``, then
/// drops it with a line on the log.
package final class WebhookDispatcher: @unchecked Sendable {
  /// One queued delivery: its Svix message id (the same on every attempt) and its body.
  struct Delivery: Sendable {
    var id: String
    var type: String
    var body: [UInt8]
  }

  let settings: WebhookSettings
  private let key: [UInt8]
  private let log: @Sendable (String) -> Void
  private let condition = NSCondition()
  private var queue: [Delivery] = []
  private var busy = false
  private var started = false
  private var stopped = false
  /// The store as the last ``publish(_:instanceID:timestamp:attributes:random:)`` saw it;
  /// only touched under the store's lock.
  private var previous: Store?

  /// - Parameters:
  ///   - settings: where and how to deliver (its secret must be a valid Svix secret).
  ///   - log: one line per delivery given up on.
  package init?(settings: WebhookSettings, log: @escaping @Sendable (String) -> Void) {
    guard let key = WebhookSettings.key(ofSecret: settings.secret) else { return nil }
    self.settings = settings
    self.key = key
    self.log = log
  }

  /// Remembers `store` as the state events are found against (before any request).
  func start(from store: Store) { previous = store }

  /// Queues the events that take the last store seen to `store`, and remembers `store`. Called
  /// with the store's lock held, so that each change is published once and in order.
  func publish(
    _ store: Store, instanceID: String, timestamp: Int64, attributes: JSONValue,
    random: RandomSource
  ) {
    guard let previous else {
      self.previous = store
      return
    }
    self.previous = store
    let events = store.webhookEvents(since: previous)
    guard !events.isEmpty else { return }
    let deliveries = events.map { event in
      Delivery(
        id: "msg_" + random.base62(27), type: event.type,
        body: Array(
          event.payload(instanceID: instanceID, timestamp: timestamp, attributes: attributes)
            .encoded.utf8))
    }
    condition.lock()
    queue += deliveries
    if !started {
      started = true
      DetachedThread.start { [self] in run() }
    }
    condition.signal()
    condition.unlock()
  }

  /// Blocks until every queued delivery was delivered or given up, or `timeout` seconds
  /// passed; returns whether the queue is idle.
  package func waitUntilIdle(timeout: Double) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    condition.lock()
    defer { condition.unlock() }
    while !queue.isEmpty || busy {
      guard condition.wait(until: deadline) else { return queue.isEmpty && !busy }
    }
    return true
  }

  /// Ends the delivery thread once the queue is empty (tests with many emulators).
  package func stop() {
    condition.lock()
    stopped = true
    condition.broadcast()
    condition.unlock()
  }

  private func run() {
    while true {
      condition.lock()
      while queue.isEmpty && !stopped { condition.wait() }
      if queue.isEmpty {
        condition.unlock()
        return
      }
      let delivery = queue.removeFirst()
      busy = true
      condition.unlock()
      deliver(delivery)
      condition.lock()
      busy = false
      condition.broadcast()
      condition.unlock()
    }
  }

  /// Posts `delivery` until the receiver answers 2xx or the retries are used up.
  private func deliver(_ delivery: Delivery) {
    var lastFailure = ""
    for attempt in 0...settings.retryDelays.count {
      if attempt > 0 { settings.clock.sleep(settings.retryDelays[attempt - 1]) }
      let timestamp = settings.clock.epochSeconds
      let request = HTTPRequest(
        method: "POST", url: settings.url,
        headers: HTTPHeaders([
          ("Content-Type", "application/json"), ("svix-id", delivery.id),
          ("svix-timestamp", String(timestamp)),
          (
            "svix-signature",
            SvixSignature.sign(id: delivery.id, timestamp: timestamp, body: delivery.body, key: key)
          ),
          ("User-Agent", "Svix-Webhooks/1.0 (clerk-emulator)"),
        ]),
        body: delivery.body, connectTimeout: 5, timeout: 15)
      do {
        let response = try settings.http.send(request)
        if response.isSuccess { return }
        lastFailure = "HTTP \(response.status)"
      } catch {
        lastFailure = "\(error)"
      }
    }
    log(
      "clerk-emulator: webhook \(delivery.type) (\(delivery.id)) not delivered to "
        + "\(settings.url) after \(settings.retryDelays.count + 1) attempts: \(lastFailure)")
  }
}
