import ClerkctlCore

/// Clerk's `Client` object: the device's sessions and its sign-in in progress.
package struct ClerkClient: Sendable, Equatable {
  package var id: String
  package var sessions: [ClerkSession]
  package var lastActiveSessionID: String?

  package init(id: String, sessions: [ClerkSession], lastActiveSessionID: String?) {
    self.id = id
    self.sessions = sessions
    self.lastActiveSessionID = lastActiveSessionID
  }

  /// Reads a `Client` object; `nil` for JSON `null`.
  package init?(json: JSONValue?) throws(ClerkError) {
    guard let json, !json.isNull else { return nil }
    guard let id = json["id"]?.stringValue, let list = json["sessions"]?.arrayValue else {
      throw .malformedResponse("a client without an id or sessions")
    }
    var sessions: [ClerkSession] = []
    for item in list { sessions.append(try ClerkSession(json: item)) }
    self.init(
      id: id, sessions: sessions,
      lastActiveSessionID: json["last_active_session_id"]?.stringValue)
  }

  /// The session with `id`, if the client still holds it.
  package func session(_ id: String) -> ClerkSession? {
    sessions.first { $0.id == id }
  }
}
