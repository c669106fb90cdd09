import ClerkctlHTTP

/// What a handler tells the server to do with a request.
package struct HTTPServerResponse: Sendable {
  /// What the server writes.
  package enum Action: Sendable {
    /// Write this response (the server adds `Content-Length`, `Date` and `Connection`).
    case respond(HTTPResponse)
    /// Close the connection without writing anything (a fault for tests).
    case dropConnection
  }

  package var action: Action

  package init(_ response: HTTPResponse) { self.action = .respond(response) }

  package init(action: Action) { self.action = action }

  /// Close the connection with no reply.
  package static let dropConnection = HTTPServerResponse(action: .dropConnection)
}
