import ClerkTestSupport
import ClerkctlCore
import ClerkctlWire
import Foundation
import Testing

/// A profile's credential goes only to the instance it signed in on: every command that uses a
/// stored credential, given another instance by flag, environment or key, sends nothing
/// anywhere and exits 3 naming both origins and the ways out.
@Suite("Instance binding, through the binary", .tags(.security))
struct InstanceBindingEndToEndTests {
  /// A command that uses the stored credential, and what it needs around it.
  struct Use: Sendable, CustomTestStringConvertible {
    var arguments: @Sendable (_ capture: String) -> [String]
    var name: String
    var testDescription: String { name }
  }

  static let uses: [Use] = [
    Use(arguments: { _ in ["token"] }, name: "token"),
    Use(arguments: { _ in ["token", "--template", "convex"] }, name: "token --template convex"),
    Use(arguments: { _ in ["exec", "--", "true"] }, name: "exec"),
    Use(arguments: { ["api", $0 + "/api/me"] }, name: "api"),
    Use(arguments: { ["convex", "query", "users:whoami", "--url", $0] }, name: "convex"),
    Use(arguments: { _ in ["whoami"] }, name: "whoami"),
    Use(arguments: { _ in ["whoami", "--offline"] }, name: "whoami --offline"),
    Use(arguments: { _ in ["status"] }, name: "status"),
    Use(arguments: { _ in ["doctor"] }, name: "doctor"),
    Use(arguments: { _ in ["logout"] }, name: "logout"),
  ]

  @Test("another instance by CLERK_FAPI_URL or --fapi-url: exit 3, nothing sent", arguments: uses)
  func refusedByURL(_ use: Use) async throws {
    let fixture = try await CLIFixture(.binary)
    try await fixture.signIn()
    // Warm the cache: a cached token must not be served to another instance either.
    #expect(try await fixture.run(["token", "--template", "convex"]).status == 0)
    let capture = try ScriptedHTTPResponder { _ in .close }
    defer { capture.stop() }
    let bound = fixture.fapiURL
    let elsewhere = capture.url("")
    let byEnvironment = try await fixture.run(
      use.arguments(elsewhere), extra: ["CLERK_FAPI_URL": elsewhere])
    let byFlag = try await fixture.run(["--fapi-url", elsewhere + "/"] + use.arguments(elsewhere))
    for result in [byEnvironment, byFlag] {
      #expect(result.status == 3, "\(use.name): \(result.stderr)")
      #expect(result.stdout.isEmpty)
      #expect(result.stderr.contains(bound), "names the profile's origin: \(result.stderr)")
      #expect(result.stderr.contains(elsewhere), "names the other origin: \(result.stderr)")
      #expect(result.stderr.contains("--profile NAME"), "\(result.stderr)")
      #expect(result.stderr.contains("clerkctl login"), "\(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result.stderr)")
    }
    #expect(byEnvironment.stderr.contains("CLERK_FAPI_URL"))
    #expect(byFlag.stderr.contains("--fapi-url"))
    #expect(capture.connectionCount == 0, "\(use.name) sent \(capture.requests.count) requests")
    // Nothing was stored or deleted: the profile still works on its own instance.
    let after = try await fixture.run(["whoami"])
    #expect(after.status == 0, "\(after.stderr)")
  }

  @Test("another instance by --publishable-key or CLERK_PUBLISHABLE_KEY: exit 3")
  func refusedByKey() async throws {
    let fixture = try await CLIFixture(.binary)
    try await fixture.signIn()
    let key = PublishableKey.make(frontendAPIHost: "clerk.elsewhere.example", production: true)
    var environment = fixture.environment
    environment.removeValue(forKey: "CLERK_FAPI_URL")
    let byFlag = try await ProcessRun.run(
      BuiltProducts.path("clerkctl"), ["token", "--publishable-key", key], environment: environment)
    environment["CLERK_PUBLISHABLE_KEY"] = key
    let byEnvironment = try await ProcessRun.run(
      BuiltProducts.path("clerkctl"), ["whoami"], environment: environment)
    for result in [byFlag, byEnvironment] {
      #expect(result.status == 3, "\(result.stderr)")
      #expect(result.stderr.contains("https://clerk.elsewhere.example"), "\(result.stderr)")
      #expect(result.stderr.contains(fixture.fapiURL), "\(result.stderr)")
    }
  }

  @Test(
    "a cached token is served only to the instance that minted it",
    arguments: [JSONValue.string("http://127.0.0.1:1"), .null])
  func cacheKeyedByInstance(_ planted: JSONValue) async throws {
    let fixture = try await CLIFixture(.binary)
    try await fixture.signIn()
    let first = try await fixture.run(["token", "--template", "convex"])
    #expect(first.status == 0, "\(first.stderr)")
    // What a forged reply left in the cache before instance binding: a token another host
    // minted (or one stored before tokens recorded their instance).
    let path = fixture.configDir + "/profiles/default.json"
    let forged = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJmb3JnZWQifQ.forged"
    guard case .object(var document) = try fixture.credential(),
      case .object(var tokens)? = document["tokens"]
    else { throw CocoaError(.fileReadCorruptFile) }
    for (key, value) in tokens {
      guard case .object(var token) = value else { continue }
      token["jwt"] = .string(forged)
      token["instance"] = planted
      tokens[key] = .object(token)
    }
    document["tokens"] = .object(tokens)
    try Data((JSONValue.object(document).prettyEncoded + "\n").utf8).write(
      to: URL(fileURLWithPath: path))
    #expect(chmod(path, 0o600) == 0)
    let served = try await fixture.run(["token", "--template", "convex", "--json"])
    #expect(served.status == 0, "\(served.stderr)")
    #expect(!served.stdout.contains(forged), "the planted token was served")
    #expect(try JSONValue(parsing: served.stdout)["cached"] == false)
    let again = try await fixture.run(["token", "--template", "convex", "--json"])
    #expect(try JSONValue(parsing: again.stdout)["cached"] == true, "its own mint is cached")
  }

  @Test("the same origin (another path spelling) is the same instance; login goes anywhere")
  func sameOriginAndLogin() async throws {
    let fixture = try await CLIFixture(.binary)
    try await fixture.signIn()
    let sameOrigin = fixture.fapiURL + "/"
    #expect(try await fixture.run(["token"], extra: ["CLERK_FAPI_URL": sameOrigin]).status == 0)
    // login on another instance replaces the profile's credential there.
    let other = try await EmulatorProcess.start()
    let login = try await fixture.run(
      ["login", "--identifier", "demo@example.com", "--password-stdin"],
      stdin: "demo-password\n", extra: ["CLERK_FAPI_URL": other.fapiURL])
    #expect(login.status == 0, "\(login.stderr)")
    #expect(try fixture.credential()["fapi_url"]?.stringValue == other.fapiURL)
    let refused = try await fixture.run(["token"])
    #expect(refused.status == 3, "now bound to the other instance: \(refused.stderr)")
    #expect(try await fixture.run(["token"], extra: ["CLERK_FAPI_URL": other.fapiURL]).status == 0)
  }
}
