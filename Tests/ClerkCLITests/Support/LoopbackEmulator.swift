import ClerkEmulator
import ClerkTestSupport
import ClerkctlCore
import ClerkctlHTTP
import ClerkctlHTTPServer

/// An in-process emulator behind a real loopback server (port 0) that notes each request's
/// `User-Agent`.
final class LoopbackEmulator: Sendable {
  private final class Agents: Sendable {
    let list = Lock<[String]>([])
  }
  let server: HTTPServer
  private let agents = Agents()

  init() throws {
    let emulator = Emulator(
      baseURL: "http://127.0.0.1:0", privateKey: try RFC7515Key.privateKey())
    let agents = self.agents
    server = HTTPServer(configuration: .init()) { request in
      agents.list.withLock { $0.append(request.headers["User-Agent"] ?? "") }
      return emulator.handle(request)
    }
    try server.start()
    emulator.setBaseURL(baseURL)
  }

  var baseURL: String { "http://127.0.0.1:\(server.port)" }
  var seen: [String] { agents.list.withLock { $0 } }

  deinit { server.stop() }
}
