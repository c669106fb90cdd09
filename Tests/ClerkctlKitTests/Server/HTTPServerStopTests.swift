import ClerkTestSupport
import Dispatch
import Testing

@testable import ClerkctlCore
@testable import ClerkctlHTTP
@testable import ClerkctlHTTPServer

/// `stop()` waits for its worker threads only so long: a handler that never returns is
/// reported, not waited for, so a stopping process never hangs on one.
@Suite("HTTP server stop is bounded", .tags(.resilience))
struct HTTPServerStopTests {
  @Test("stop() returns with a handler still running, and says one worker is stuck")
  func stuckWorker() async throws {
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    // No grace for the response: the bounded wait for the workers is what is tested.
    let server = HTTPServer(
      configuration: HTTPServer.Configuration(
        workerThreads: 2, readTimeout: 600, idleTimeout: 600, shutdownGracePeriod: 0)
    ) { _ in
      entered.signal()
      release.wait()
      return HTTPServerResponse(HTTPResponse(status: 200))
    }
    try server.start()
    // The stuck handler ends when the test does, so its thread does not outlive the process.
    defer { release.signal() }
    let connection = try RawHTTPConnection(port: server.port)
    try connection.send("GET / HTTP/1.1\r\n\r\n")
    #expect(await onOwnThread { entered.wait(timeout: .now() + 60) } == .success)
    let stuck = await onOwnThread { server.stop() }
    #expect(stuck == 1)
  }

  @Test("stop() with idle workers reports none stuck")
  func idleWorkers() throws {
    let server = HTTPServer(configuration: HTTPServer.Configuration(workerThreads: 4)) { _ in
      HTTPServerResponse(HTTPResponse(status: 200))
    }
    try server.start()
    #expect(server.stop() == 0)
    #expect(server.stop() == 0)
  }
}
