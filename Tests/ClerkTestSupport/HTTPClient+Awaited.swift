import ClerkctlHTTP

extension HTTPClient {
  /// Sends `request` on a thread of its own and awaits the response, so a test waiting on a
  /// loopback server (an emulator child, a scripted responder) holds no cooperative thread.
  package func awaitedSend(_ request: HTTPRequest) async throws -> HTTPResponse {
    let send = self.send
    return try await onOwnThread { try send(request) }
  }
}
