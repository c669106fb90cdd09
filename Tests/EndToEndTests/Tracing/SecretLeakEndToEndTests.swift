import ClerkTestSupport
import ClerkctlCore
import Foundation
import Testing

/// The HTTP trace shows method, URL, status and timing, and secrets only as `…` plus their last
/// 4 characters; a canary password never appears anywhere.
@Suite("Secrets in traces, output and files", .tags(.security))
struct SecretLeakEndToEndTests {
  private static let canary = "canary-Pa55-7f3e91c0d2"

  @Test("The suite's flows, traced, never show the canary password, client token, JWTs or key")
  func canaryNeverLeaks() async throws {
    let scratch = TemporaryDirectory(prefix: "clerkctl-canary-config")
    let config: JSONValue = [
      "users": [["email": "canary@example.com", "password": .string(Self.canary)]],
      "templates": [["name": "convex", "claims": ["aud": "convex", "sub": "{{user.id}}"]]],
    ]
    let configPath = scratch.file("emulator.json")
    try Data(config.encoded.utf8).write(to: URL(fileURLWithPath: configPath))
    let bench = try await CLIFixture(.binary, emulatorArguments: ["--config", configPath])
    let debug = ["CLERKCTL_DEBUG": "1"]
    var runs: [(String, ProcessResult)] = []
    func run(
      _ arguments: [String], stdin: String? = nil, extra: [String: String] = [:]
    ) async throws {
      let result = try await bench.run(arguments, stdin: stdin, extra: extra)
      runs.append((arguments.joined(separator: " "), result))
    }

    try await run(
      ["--verbose", "login", "--identifier", "canary@example.com", "--password-stdin"],
      stdin: Self.canary + "\n")
    try #require(runs.last?.1.status == 0, "\(runs.last?.1.stderr ?? "")")
    try await run(["token"], extra: debug)
    try await run(["--verbose", "token", "--template", "convex", "--format", "json"])
    try await run(["--verbose", "token", "--template", "convex", "--force-refresh"])
    try await run(["--verbose", "whoami", "--json"])
    try await run(["--verbose", "status"])
    try await bench.fault([
      "path": .string(mintPath), "status": 503, "count": 3, "retry_after": "0",
    ])
    try await run(["--verbose", "token", "--force-refresh"])
    try await run(
      ["--verbose", "login", "--identifier", "nobody@example.com", "--password-stdin"],
      stdin: Self.canary + "\n")
    let filesBeforeLogout = try filesText(bench.home.path)
    let credential = try JSONValue(parsing: [UInt8](try bench.credentialBytes()))
    let clientToken = try #require(credential["client_token"]?.stringValue)
    let userID = try #require(credential["user_id"]?.stringValue)
    try await run(
      ["--verbose", "login", "--user-id", userID],
      extra: ["CLERK_SECRET_KEY": bench.emulator.secretKey, "CLERK_API_URL": bench.emulator.apiURL])
    try await run(["--verbose", "logout"])

    let jwts = runs.flatMap { $0.1.stdout.split(whereSeparator: { " \n\",".contains($0) }) }
      .filter { $0.split(separator: ".").count == 3 && $0.hasPrefix("eyJ") }.map(String.init)
    #expect(jwts.count >= 3)
    for (command, result) in runs {
      #expect(!result.stdout.contains(Self.canary), "stdout of \(command)")
      #expect(!result.stderr.contains(Self.canary), "stderr of \(command)")
      for secret in [clientToken, bench.emulator.secretKey] + jwts {
        #expect(!result.stderr.contains(secret), "stderr of \(command) shows a secret")
      }
    }
    let traced = runs.map(\.1.stderr).joined()
    #expect(traced.contains("> POST \(bench.emulator.fapiURL)/v1/client/sign_ins"))
    #expect(traced.contains("< 200 in "))
    #expect(traced.contains("< 503 in "))
    #expect(traced.contains("Authorization: …" + clientToken.suffix(4)))
    #expect(traced.contains("Bearer …" + bench.emulator.secretKey.suffix(4)))
    #expect(!filesBeforeLogout.contains(Self.canary))
    #expect(!(try filesText(bench.home.path)).contains(Self.canary))
  }

  /// Every regular file under `root`, concatenated.
  private func filesText(_ root: String) throws -> String {
    var text = ""
    guard let walker = FileManager.default.enumerator(atPath: root) else { return text }
    while let name = walker.nextObject() as? String {
      let path = root + "/" + name
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
        !isDirectory.boolValue,
        let data = FileManager.default.contents(atPath: path), data.count < 4 << 20
      else { continue }
      text += String(decoding: data, as: UTF8.self)
    }
    return text
  }
}
