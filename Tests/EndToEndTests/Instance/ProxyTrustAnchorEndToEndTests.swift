import ClerkTestSupport
import ClerkctlCore
import ClerkctlCrypto
import Foundation
import Testing

/// A `.env` that adds a proxy and a CA bundle must not reroute a stored credential: an
/// attacker's `CONNECT` proxy tunnels every connection to an attacker's TLS server, whose
/// certificate (for the profile's host, `example.com`) only the attacker's CA vouches for.
@Suite("Proxy and extra CA bundle, through the binary", .tags(.security))
struct ProxyTrustAnchorEndToEndTests {
  let sandbox = CLIFixture.withoutEmulator()
  static let clientToken = "client_proxy_leak_canary_0123456789"

  /// Writes a `default` profile bound to `https://example.com`, recorded with `extraCA`'s
  /// SHA-256 as its extra trust anchor (none when nil).
  func seedProfile(extraCA: String? = nil) throws {
    let profiles = sandbox.configDir + "/profiles"
    try FileManager.default.createDirectory(
      atPath: profiles, withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o700], ofItemAtPath: sandbox.configDir)
    var document: [String: JSONValue] = [
      "version": 1, "profile": "default", "fapi_url": "https://example.com",
      "client_token": .string(Self.clientToken), "session_id": "sess_proxy",
      "user_id": "user_proxy", "email": "proxy@example.com",
      "signed_in_at": .int(Int64(Date().timeIntervalSince1970)), "clock_skew": 0,
      "tokens": .object([:]),
    ]
    if let extraCA {
      let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: extraCA)))
      document["extra_ca_sha256"] = .string(
        SHA256.hash(bytes).map { String($0, radix: 16).leftPadded(2) }.joined())
    }
    let path = sandbox.credentialPath()
    _ = FileManager.default.createFile(
      atPath: path, contents: Data(JSONValue.object(document).encodedBytes),
      attributes: [.posixPermissions: 0o600])
  }

  /// The attacker's TLS server (a certificate for example.com from the test CA) and the proxy
  /// in front of it.
  func attacker() async throws -> (server: TLSTestServer, proxy: ConnectProxy) {
    let server = try await TLSTestServer.start(
      certificate: .wrongHost, body: Array(#"{"response":{},"client":null}"#.utf8))
    let proxy = try await ConnectProxy.start(targetPort: server.port)
    return (server, proxy)
  }

  func leaked(_ server: TLSTestServer) -> [String] {
    server.requestLines.filter { $0.contains(Self.clientToken) }
  }

  @Test("HTTPS_PROXY plus SSL_CERT_FILE from the environment: the client token reaches no one")
  func environmentBundleIgnored() async throws {
    try seedProfile()
    let (server, proxy) = try await attacker()
    for proxyVariable in ["HTTPS_PROXY", "https_proxy", "ALL_PROXY"] {
      for bundleVariable in ["SSL_CERT_FILE", "CURL_CA_BUNDLE"] {
        for command in [["whoami"], ["token"]] {
          let result = try await sandbox.run(
            command,
            extra: [proxyVariable: proxy.url, bundleVariable: try TLSTestServer.caPath])
          #expect(result.status != 0, "\(proxyVariable) \(bundleVariable) \(command)")
          #expect(result.stdout.isEmpty)
        }
      }
    }
    #expect(
      leaked(server).isEmpty, "the client token went through the proxy: \(server.requestLines)")
  }

  @Test("an extra CA the profile was not created with (--cacert, CLERKCTL_CA_BUNDLE): exit 3")
  func otherTrustAnchorRefused() async throws {
    try seedProfile()
    let (server, proxy) = try await attacker()
    let ca = try TLSTestServer.caPath
    let runs: [([String], [String: String])] = [
      (["whoami", "--cacert", ca], ["HTTPS_PROXY": proxy.url]),
      (["token"], ["HTTPS_PROXY": proxy.url, "CLERKCTL_CA_BUNDLE": ca]),
      (["logout"], ["HTTPS_PROXY": proxy.url, "CLERKCTL_CA_BUNDLE": ca]),
    ]
    for (arguments, environment) in runs {
      let result = try await sandbox.run(arguments, extra: environment)
      #expect(result.status == 3, "\(arguments): \(result.stderr)")
      #expect(result.stdout.isEmpty)
      #expect(result.stderr.contains("extra CA"), "\(result.stderr)")
    }
    #expect(proxy.requestLines.isEmpty, "nothing was sent: \(proxy.requestLines)")
    #expect(leaked(server).isEmpty)
    // The profile is untouched: still there after the refused logout.
    #expect(FileManager.default.fileExists(atPath: sandbox.credentialPath()))
  }

  @Test("a profile created with an extra CA refuses to run without it")
  func missingTrustAnchorRefused() async throws {
    try seedProfile(extraCA: try TLSTestServer.otherCAPath)
    let (server, proxy) = try await attacker()
    let runs: [[String]] = [["whoami"], ["whoami", "--cacert", try TLSTestServer.caPath]]
    for arguments in runs {
      let result = try await sandbox.run(arguments, extra: ["HTTPS_PROXY": proxy.url])
      #expect(result.status == 3, "\(arguments): \(result.stderr)")
    }
    #expect(proxy.requestLines.isEmpty)
    #expect(leaked(server).isEmpty)
  }

  @Test("with the CA the profile agreed to, a proxied credential is said on stderr")
  func agreedTrustAnchorThroughProxyIsNoted() async throws {
    let ca = try TLSTestServer.caPath
    try seedProfile(extraCA: ca)
    let (server, proxy) = try await attacker()
    let result = try await sandbox.run(
      ["whoami", "--cacert", ca], extra: ["HTTPS_PROXY": proxy.url])
    #expect(proxy.requestLines.first?.hasPrefix("CONNECT example.com:443") == true)
    #expect(!leaked(server).isEmpty, "the agreed chain is used: \(server.requestLines)")
    #expect(
      result.stderr.contains("goes through the proxy http://127.0.0.1:\(proxy.port)"),
      "\(result.stderr)")
    #expect(result.stderr.contains("HTTPS_PROXY"), "\(result.stderr)")
  }
}

extension String {
  fileprivate func leftPadded(_ width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}

/// The trust anchor a sign-in records, in process.
@Suite("login records the extra trust anchor", .tags(.security))
struct LoginTrustAnchorTests {
  @Test("login --cacert FILE stores the bundle's SHA-256; the profile then needs that bundle")
  func recorded() async throws {
    let fixture = try await CLIFixture(.inProcess)
    let ca = try TLSTestServer.caPath
    let login = try await fixture.run(
      ["--cacert", ca, "login", "--identifier", "demo@example.com", "--password-stdin"],
      stdin: "demo-password\n")
    #expect(login.status == 0, "\(login.stderr)")
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: ca)))
    let expected = SHA256.hash(bytes).map { String($0, radix: 16).leftPadded(2) }.joined()
    #expect(try fixture.credential()["extra_ca_sha256"]?.stringValue == expected)
    #expect(try await fixture.run(["--cacert", ca, "token"]).status == 0)
    let without = try await fixture.run(["token"])
    #expect(without.status == 3, "\(without.stderr)")
    #expect(without.stderr.contains("CLERKCTL_CA_BUNDLE"), "\(without.stderr)")
    // Signed in without one: nothing recorded.
    #expect(try await fixture.run(["logout", "--cacert", ca]).status == 0)
    try await fixture.signIn()
    #expect(try fixture.credential()["extra_ca_sha256"] == nil)
  }
}
