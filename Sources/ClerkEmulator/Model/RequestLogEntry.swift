import ClerkctlCore
import Foundation

/// One served request: method, path without the query, and the status (0 for a dropped
/// connection).
package struct RequestLogEntry: Sendable, Equatable {
  package var method: String
  package var path: String
  package var status: Int

  package init(method: String, path: String, status: Int) {
    self.method = method
    self.path = path
    self.status = status
  }

  /// The JSON form served by `GET /__emulator/requests`.
  package var json: JSONValue {
    ["method": .string(method), "path": .string(path), "status": .int(Int64(status))]
  }

  /// One line for the stderr log.
  package var line: String { "\(method) \(path) \(status == 0 ? "dropped" : String(status))" }
}
