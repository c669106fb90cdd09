import ClerkctlCore
import Foundation

/// A real HTTPS server on a free loopback port, for TLS tests: `Resources/tls/tls_server.py` run
/// by `python3`, answering every GET with 200 and a fixed JSON body.
///
/// Its certificates are committed fixtures (`Resources/tls`, see the README there) signed by a
/// test CA (`caPath`) that no system trusts. Stopped (SIGTERM) by `stop()` or when released; the
/// script also exits when this process goes away (its stdin closes). Without `python3` on PATH,
/// `init` throws, so a test that needs it fails rather than skips.
public final class TLSTestServer: @unchecked Sendable {
  /// The certificate the server presents; both are signed by the test CA.
  public enum Certificate: String, Sendable, CaseIterable {
    /// SAN `IP:127.0.0.1` and `DNS:localhost`: valid for the loopback URLs.
    case server
    /// SAN `DNS:example.com` only: wrong for every loopback URL.
    case wrongHost = "wrong-host"
  }

  /// The test CA's certificate (PEM): pass it as the CA bundle to trust the server.
  public static var caPath: String { get throws { try fixture("ca.pem") } }
  /// A second CA (PEM) that signed nothing the server presents.
  public static var otherCAPath: String { get throws { try fixture("other-ca.pem") } }

  /// The port the server listens on (127.0.0.1 only).
  public let port: Int
  private let child: SpawnedProcess
  private let directory: TemporaryDirectory
  /// The ``ChildSlots`` slot of the test that awaited this server (given back on release).
  private let slot = Lock<ChildSlots.Slot?>(nil)

  /// Starts the server presenting `certificate` and serving `body` for every GET; returns once
  /// it listens (blocking: tests await ``start(certificate:body:)``).
  private init(certificate: Certificate = .server, body: [UInt8]) throws {
    let directory = TemporaryDirectory(prefix: "clerkctl-tls")
    let bodyPath = directory.file("body")
    try Data(body).write(to: URL(fileURLWithPath: bodyPath))
    let child = try SpawnedProcess(
      try Self.python3(),
      [
        try Self.fixture("tls_server.py"), try Self.fixture("\(certificate.rawValue).pem"),
        try Self.fixture("\(certificate.rawValue)-key.pem"), bodyPath,
        directory.file("requests.log"),
      ],
      environment: ProcessInfo.processInfo.environment)
    _ = child.waitForOutput(timeout: 60) { stdout, _ in stdout.contains("\n") }
    let text = child.stdout
    guard let first = text.split(separator: "\n").first, let port = Int(first), port > 0 else {
      child.send(SIGTERM)
      child.waitForExit()
      throw TLSTestServerError(
        "tls_server.py did not start; printed \(text.debugDescription), stderr: \(child.stderr)")
    }
    self.port = port
    self.child = child
    self.directory = directory
  }

  /// Starts the server on a thread of its own and awaits its listening.
  public static func start(
    certificate: Certificate = .server, body: [UInt8]
  ) async throws -> TLSTestServer {
    let slot = await ChildSlots.shared.take()
    let server = try await onOwnThread {
      try TLSTestServer(certificate: certificate, body: body)
    }
    server.slot.withLock { $0 = slot }
    return server
  }

  /// Every request served so far, one line each: method, path and the `Authorization` header
  /// (`-` when absent).
  public var requestLines: [String] {
    let text = (try? String(contentsOfFile: directory.file("requests.log"), encoding: .utf8)) ?? ""
    return text.split(separator: "\n").map(String.init)
  }

  /// `https://host:port` + `path`.
  public func url(_ path: String = "/", host: String = "127.0.0.1") -> String {
    "https://\(host):\(port)\(path)"
  }

  /// Stops the server (SIGTERM) and waits for it.
  public func stop() {
    // Closing stdin alone ends the script; SIGTERM makes sure.
    child.closeInput()
    child.send(SIGTERM)
    child.waitForExit()
  }

  /// ``stop()``, awaiting the exit.
  public func stop() async {
    child.closeInput()
    child.send(SIGTERM)
    await child.waitForExit()
  }

  /// Ends the server without waiting: the child's own reaping thread collects it.
  deinit {
    child.closeInput()
    child.send(SIGTERM)
  }

  /// The path of a file in `Resources/tls`.
  static func fixture(_ name: String) throws -> String {
    guard let root = Bundle.module.url(forResource: "Resources", withExtension: nil) else {
      throw TLSTestServerError("the ClerkTestSupport resources are missing from the build")
    }
    let path = root.appendingPathComponent("tls").appendingPathComponent(name).path
    guard FileManager.default.isReadableFile(atPath: path) else {
      throw TLSTestServerError("missing TLS fixture \(path)")
    }
    return path
  }

  /// The first `python3` on PATH.
  static func python3() throws -> String {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") where !directory.isEmpty {
      let candidate = "\(directory)/python3"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    throw TLSTestServerError(
      "python3 is not on PATH; the TLS tests run their HTTPS server with it. "
        + "Install it (Scripts/setup.sh python3) and run the tests again")
  }
}

/// `TLSTestServer` could not start.
public struct TLSTestServerError: Error, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}
