import ClerkctlCore
import ClerkctlHTTP
import ClerkctlHTTPServer
import Foundation

/// An in-process HTTP server on a free loopback port standing in for a user's backend: it
/// records every request and answers the n-th one (from 0) with `reply(n, request)`.
final class RecordingBackend: Sendable {
  private let server: HTTPServer
  private let log: Log

  init(reply: @escaping @Sendable (Int, HTTPServerRequest) -> HTTPResponse) throws {
    let log = Log()
    self.log = log
    server = HTTPServer { request in
      let index = log.append(request)
      return HTTPServerResponse(reply(index, request))
    }
    try server.start()
  }

  /// The base URL, `http://127.0.0.1:PORT`.
  var url: String { "http://127.0.0.1:\(server.port)" }

  /// The requests received so far, in order.
  var requests: [HTTPServerRequest] { log.all }

  /// The bearer token of each request received (empty when none).
  var bearerTokens: [String] {
    requests.map { request in
      guard let header = request.headers["Authorization"], header.hasPrefix("Bearer ") else {
        return ""
      }
      return String(header.dropFirst("Bearer ".count))
    }
  }

  deinit { server.stop() }

  private final class Log: Sendable {
    private let entries = Lock<[HTTPServerRequest]>([])

    func append(_ request: HTTPServerRequest) -> Int {
      entries.withLock { entries in
        entries.append(request)
        return entries.count - 1
      }
    }

    var all: [HTTPServerRequest] { entries.withLock { $0 } }
  }
}
