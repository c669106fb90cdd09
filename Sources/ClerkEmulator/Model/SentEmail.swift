import ClerkctlCore
import Foundation

/// An email code the emulator "sent", kept so tests can read it from `GET /__emulator/emails`.
package struct SentEmail: Sendable, Equatable {
  /// The recipient address.
  package var to: String
  /// The six-digit code.
  package var code: String
  /// The sign-in it belongs to.
  package var signInID: String
  /// `first_factor` or `second_factor`.
  package var factor: String
  /// When it was sent, ms since the epoch.
  package var createdAt: Int64

  /// The JSON form served by the test surface.
  package var json: JSONValue {
    [
      "to": .string(to), "code": .string(code), "sign_in_id": .string(signInID),
      "factor": .string(factor), "created_at": .int(createdAt),
    ]
  }
}
