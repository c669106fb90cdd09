import ClerkctlCore
import FoundationEssentials

extension HTTPClient {
  /// This client, writing one line per request and per reply to `log`: method, URL (secret
  /// query values redacted), the `Authorization` header as `…` plus its last 4 characters,
  /// status and time taken. Bodies are never traced: they carry passwords and tokens.
  package func tracing(
    clock: Clock = .system, log: @escaping @Sendable (String) -> Void
  )
    -> HTTPClient
  {
    let base = self
    return HTTPClient { request in
      var line = "> \(request.method) \(Redaction.url(request.url))"
      if let authorization = request.headers["Authorization"] {
        let value =
          authorization.hasPrefix("Bearer ")
          ? "Bearer " + Redaction.secret(String(authorization.dropFirst(7)))
          : Redaction.secret(authorization)
        line += " (Authorization: \(value))"
      }
      log(line)
      let start = clock.now()
      do {
        let response = try base.send(request)
        let millis = Int(clock.now().timeIntervalSince(start) * 1000)
        var reply = "< \(response.status) in \(millis) ms, \(response.body.count) bytes"
        if let rotated = response.headers["Authorization"] {
          reply += " (new client token \(Redaction.secret(rotated)))"
        }
        log(reply)
        return response
      } catch {
        let millis = Int(clock.now().timeIntervalSince(start) * 1000)
        log("< failed in \(millis) ms: \(error)")
        throw error
      }
    }
  }

  /// A client that builds `make()` on first use, so a command that never sends a request
  /// never loads libcurl's state (the token cache-hit path).
  package static func lazy(_ make: @escaping @Sendable () -> HTTPClient) -> HTTPClient {
    let box = LazyClientBox(make)
    return HTTPClient { request in try box.client.send(request) }
  }
}

private final class LazyClientBox: Sendable {
  private let make: @Sendable () -> HTTPClient
  private let made = Lock<HTTPClient?>(nil)

  init(_ make: @escaping @Sendable () -> HTTPClient) { self.make = make }

  var client: HTTPClient {
    made.withLock { made in
      if let made { return made }
      let client = make()
      made = client
      return client
    }
  }
}
