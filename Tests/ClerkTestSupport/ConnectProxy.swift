import ClerkctlCore
import Foundation

/// An HTTP `CONNECT` proxy on a free loopback port that tunnels every `CONNECT`, whatever host it
/// names, to one loopback port: an attacker's proxy in front of an attacker's TLS server
/// (`Resources/tls/connect_proxy.py`, run by `python3`). Stopped by `stop()` or when released.
public final class ConnectProxy: @unchecked Sendable {
  /// The port the proxy listens on (127.0.0.1 only).
  public let port: Int
  private let child: SpawnedProcess
  private let directory: TemporaryDirectory
  private let slot = Lock<ChildSlots.Slot?>(nil)

  private init(targetPort: Int) throws {
    let directory = TemporaryDirectory(prefix: "clerkctl-proxy")
    let child = try SpawnedProcess(
      try TLSTestServer.python3(),
      [
        try TLSTestServer.fixture("connect_proxy.py"), String(targetPort),
        directory.file("requests.log"),
      ],
      environment: ProcessInfo.processInfo.environment)
    _ = child.waitForOutput(timeout: 60) { stdout, _ in stdout.contains("\n") }
    let text = child.stdout
    guard let first = text.split(separator: "\n").first, let port = Int(first), port > 0 else {
      child.send(SIGTERM)
      child.waitForExit()
      throw TLSTestServerError(
        "connect_proxy.py did not start; printed \(text.debugDescription), stderr: \(child.stderr)"
      )
    }
    self.port = port
    self.child = child
    self.directory = directory
  }

  /// Starts a proxy tunnelling to `127.0.0.1:targetPort`, on a thread of its own.
  public static func start(targetPort: Int) async throws -> ConnectProxy {
    let slot = await ChildSlots.shared.take()
    let proxy = try await onOwnThread { try ConnectProxy(targetPort: targetPort) }
    proxy.slot.withLock { $0 = slot }
    return proxy
  }

  /// `http://127.0.0.1:PORT`, for `HTTPS_PROXY`.
  public var url: String { "http://127.0.0.1:\(port)" }

  /// The request line of every connection so far (`CONNECT example.com:443 HTTP/1.1`).
  public var requestLines: [String] {
    let text = (try? String(contentsOfFile: directory.file("requests.log"), encoding: .utf8)) ?? ""
    return text.split(separator: "\n").map(String.init)
  }

  /// Stops the proxy and awaits its exit.
  public func stop() async {
    child.closeInput()
    child.send(SIGTERM)
    await child.waitForExit()
  }

  deinit {
    child.closeInput()
    child.send(SIGTERM)
  }
}
