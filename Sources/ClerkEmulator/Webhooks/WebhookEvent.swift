import ClerkctlCore

/// One of Clerk's webhook events before it is wrapped for delivery: its type
/// (`user.created`, …) and its `data` (the object, or `{deleted, id, object}` for a deletion).
struct WebhookEvent: Sendable, Equatable {
  var type: String
  var data: JSONValue

  /// The delivered payload, shaped like Clerk's: `{data, event_attributes, instance_id,
  /// object: "event", timestamp, type}` (`timestamp` in milliseconds).
  func payload(instanceID: String, timestamp: Int64, attributes: JSONValue) -> JSONValue {
    [
      "data": data, "object": "event", "type": .string(type), "timestamp": .int(timestamp),
      "instance_id": .string(instanceID), "event_attributes": attributes,
    ]
  }
}
