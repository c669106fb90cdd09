import ClerkTestSupport
import ClerkctlCore
import ClerkctlHTTP
import Foundation
import Testing

/// `login --machine` and `token` on a machine profile: the built clerkctl against the emulator
/// over loopback.
@Suite("Machine profiles: login --machine and token, end to end")
struct MachineTokenEndToEndTests {
  @Test("login --machine learns the machine; token prints opaque and JWT M2M tokens, cached")
  func loginThenTokens() async throws {
    let fixture = try await MachineFixture()
    let login = try await fixture.login()
    #expect(login.stderr.contains(MachineFixture.ciID))
    let stored = try fixture.bench.credential()
    #expect(stored["kind"] == "machine")
    #expect(stored["machine"]?["machine_id"]?.stringValue == MachineFixture.ciID)
    #expect(fixture.bench.mode == .binary)
    try await fixture.bench.admin.clearRequests()

    // The login's token is the first opaque token: served from the cache.
    let opaque = try await fixture.run(["token", "--json"])
    #expect(opaque.status == 0, "\(opaque.stderr)")
    let first = try JSONValue(parsing: opaque.stdout)
    #expect(first["kind"] == "machine")
    #expect(first["token_format"] == "opaque")
    #expect(first["cached"] == true)
    #expect(first["subject"]?.stringValue == MachineFixture.ciID)
    #expect(first["token"]?.stringValue?.hasPrefix("mt_") == true)
    #expect(first["token_id"]?.stringValue?.hasPrefix("mt_") == true)
    #expect(first["scopes"]?.arrayValue?.count == 1)
    #expect((first["expires_in"]?.intValue ?? 0) > 3000)
    #expect(try await fixture.creationRequests() == 0)

    let jwt = try await fixture.run(
      ["token", "--token-format", "jwt", "--claims", #"{"aud":"convex"}"#, "--json"])
    #expect(jwt.status == 0, "\(jwt.stderr)")
    let minted = try JSONValue(parsing: jwt.stdout)
    #expect(minted["cached"] == false)
    let token = try #require(minted["token"]?.stringValue)
    let claims = try ClerkctlCore.JSONValue(
      parsing: Base64URL.decode(String(token.split(separator: ".")[1])) ?? [])
    #expect(claims["aud"] == "convex")
    #expect(claims["sub"]?.stringValue == MachineFixture.ciID)
    let again = try await fixture.run(
      ["token", "--token-format", "jwt", "--claims", #"{"aud":"convex"}"#])
    #expect(again.stdout == token + "\n")
    // Another lifetime is another token; the first ones stay cached.
    let ttl = try await fixture.run(["token", "--token-format", "jwt", "--ttl", "600", "--json"])
    #expect(try JSONValue(parsing: ttl.stdout)["cached"] == false)
    #expect(try await fixture.creationRequests() == 2)
    let raw = try await fixture.run(["token"])
    #expect(raw.stdout == (first["token"]?.stringValue ?? "") + "\n")
    #expect(try await fixture.creationRequests() == 2)
  }

  @Test("Usage: --template on a machine, --min-ttl not below --ttl, machine options on a user")
  func usageErrors() async throws {
    let fixture = try await MachineFixture()
    try await fixture.login()
    try await fixture.bench.admin.clearRequests()
    let template = try await fixture.run(["token", "--template", "convex"])
    #expect(template.status == 2)
    let short = try await fixture.run(["token", "--ttl", "5", "--min-ttl", "5"])
    #expect(short.status == 2)
    #expect(short.stderr.contains("--min-ttl"))
    // Kept tokens must outlive the renewal margin (--min-ttl + 1.5 s): the message names the
    // user's --min-ttl, not the margin rounded up to Clerk's whole seconds (3 s here).
    let scratch = TemporaryDirectory(prefix: "machine-short-watch")
    let watch = try await fixture.run([
      "token", "--token-format", "jwt", "--ttl", "2", "--min-ttl", "1", "--watch", "--output",
      scratch.file("token"),
    ])
    #expect(watch.status == 2)
    #expect(
      watch.stderr.contains("'--min-ttl' 1 leaves no time to renew tokens that live 2 s"),
      "\(watch.stderr)")
    #expect(watch.stderr.split(separator: "\n").count == 1, "\(watch.stderr)")
    #expect(try await fixture.creationRequests() == 0)
    let claims = try await fixture.run(["token", "--claims", "[1]"])
    #expect(claims.status == 2)
    let user = try await fixture.run(["token", "--profile", "other", "--token-format", "jwt"])
    #expect(user.status == 2)
  }

  @Test(
    "A refused secret is exit 4 naming login --machine; another Backend API is exit 3, nothing sent"
  )
  func refusalsAndBinding() async throws {
    let fixture = try await MachineFixture()
    let refused = try await fixture.run(
      ["login", "--machine", "--secret-stdin", "--profile", "bad"], stdin: "ak_wrong_secret\n")
    #expect(refused.status == 4)
    #expect(refused.stderr.contains("clerkctl login --machine --profile bad"))
    #expect(!FileManager.default.fileExists(atPath: fixture.bench.credentialPath(profile: "bad")))
    let env = try await fixture.run(
      ["login", "--machine", "--profile", "env", "--json"],
      extra: ["CLERK_MACHINE_SECRET_KEY": MachineFixture.ciSecret])
    #expect(env.status == 0, "\(env.stderr)")
    let json = try JSONValue(parsing: env.stdout)
    #expect(json["kind"] == "machine")
    #expect(json["machine_id"]?.stringValue == MachineFixture.ciID)
    #expect(json["api_url"]?.stringValue == fixture.apiURL)
    #expect(json["profile"] == "env")
    let none = try await fixture.run(["login", "--machine", "--profile", "none"])
    #expect(none.status == 2)

    try await fixture.bench.admin.clearRequests()
    let elsewhere = try await fixture.run(
      ["token", "--profile", "env", "--force-refresh"],
      extra: ["CLERK_API_URL": "http://127.0.0.1:9"])
    #expect(elsewhere.status == 3)
    #expect(try await fixture.bench.admin.requests().isEmpty)
  }

  @Test("48 concurrent cold token calls on one machine profile make exactly one creation")
  func fortyEightProcesses() async throws {
    let fixture = try await MachineFixture()
    try await fixture.login()
    try await fixture.bench.admin.clearRequests()
    let environment = fixture.bench.environment.merging(fixture.extra) { _, new in new }
    let children = try (0..<48).map { _ in
      try SpawnedProcess(
        BuiltProducts.path("clerkctl"), ["token", "--token-format", "jwt", "--ttl", "900"],
        environment: environment, input: .null)
    }
    var outputs: Set<String> = []
    for child in children {
      let exit = await child.waitForExit()
      #expect(exit.status == 0, "\(child.stderr)")
      outputs.insert(child.stdout)
    }
    #expect(outputs.count == 1)
    #expect(try await fixture.creationRequests() == 1)
  }

  @Test("Eight machine profiles in eight config dirs asking at once make one opaque creation")
  func eightRunners() async throws {
    let fixture = try await MachineFixture()
    let directories = (0..<8).map { _ in TemporaryDirectory(prefix: "runner") }
    try await fixture.bench.admin.clearRequests()
    var environment = fixture.bench.environment.merging(fixture.extra) { _, new in new }
    environment["CLERK_MACHINE_SECRET_KEY"] = MachineFixture.ciSecret
    let children = try directories.map { directory in
      var own = environment
      own["CLERKCTL_CONFIG_DIR"] = directory.path
      return try SpawnedProcess(
        BuiltProducts.path("clerkctl"), ["login", "--machine"], environment: own, input: .null)
    }
    for child in children {
      let exit = await child.waitForExit()
      #expect(exit.status == 0, "\(child.stderr)")
    }
    let runners = try directories.map { directory in
      var own = environment
      own["CLERKCTL_CONFIG_DIR"] = directory.path
      own["CLERK_MACHINE_SECRET_KEY"] = nil
      return try SpawnedProcess(
        BuiltProducts.path("clerkctl"), ["token"], environment: own, input: .null)
    }
    var tokens: Set<String> = []
    for runner in runners {
      let exit = await runner.waitForExit()
      #expect(exit.status == 0, "\(runner.stderr)")
      tokens.insert(runner.stdout)
    }
    #expect(tokens.count == 1)
    #expect(try await fixture.creationRequests() == 8)
    #expect(try await fixture.opaqueTokens() == 1)
  }

  @Test("A rotated secret works for its grace period, then token is exit 4 naming login --machine")
  func rotatedSecret() async throws {
    let fixture = try await MachineFixture()
    try await fixture.login()
    let rotated = try await fixture.backend(
      "POST", "/v1/machines/\(MachineFixture.ciID)/secret_key/rotate",
      json: ["previous_token_ttl": 60], bearer: fixture.bench.secretKey)
    #expect(rotated.status == 200)
    let during = try await fixture.run(["token", "--force-refresh"])
    #expect(during.status == 0, "\(during.stderr)")
    try await fixture.advanceClock(61)
    let after = try await fixture.run(["token", "--force-refresh"])
    #expect(after.status == 4)
    #expect(after.stderr.contains("clerkctl login --machine"))
    #expect(after.stdout.isEmpty)
  }
}
