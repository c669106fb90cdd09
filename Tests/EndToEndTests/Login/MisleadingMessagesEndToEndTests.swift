import ClerkTestSupport
import ClerkctlCore
import Foundation
import Testing

/// Messages that used to mislead (issue 28, bug 5): each says what is true and what to do.
@Suite("Messages that say what to do next, end to end")
struct MisleadingMessagesEndToEndTests {
  @Test("a mistyped profile gets 'did you mean', not 'create it'")
  func didYouMeanProfile() async throws {
    let fixture = try await CLIFixture(.binary)
    try await fixture.signIn(profile: "work")
    let result = try await fixture.run(["token", "--profile", "wrok"])
    #expect(result.status == 4)
    #expect(result.stderr.contains("did you mean 'work'?"), "\(result.stderr)")
  }

  @Test("a Frontend API URL that is not Clerk says so, with the flag to check")
  func notClerk() async throws {
    let fixture = try await CLIFixture(.binary)
    let responder = try ScriptedHTTPResponder { _ in
      ScriptedHTTPResponder.response(
        status: 404, headers: [("Content-Type", "text/html")],
        body: Array("<html><title>Not Found</title></html>".utf8))
    }
    defer { responder.stop() }
    let result = try await fixture.run(
      ["login", "--identifier", "demo@example.com", "--password-stdin"], stdin: "x\n",
      extra: ["CLERK_FAPI_URL": responder.url("")])
    let host = URLParts.authority(of: responder.url("")) ?? ""
    #expect(result.status == 3, "\(result.stderr)")
    #expect(
      result.stderr.contains(
        "\(host) does not look like a Clerk Frontend API (GET /v1/environment → 404); "
          + "check --fapi-url"), "\(result.stderr)")
    #expect(!result.stderr.contains("try again later"), "\(result.stderr)")
  }

  @Test("the CI refusal of browser sign-in keeps --profile")
  func ciRefusalKeepsProfile() async throws {
    let fixture = try await CLIFixture(.binary)
    let result = try await fixture.run(
      ["login", "--oauth", "google", "--profile", "work"], extra: ["CI": "true"])
    #expect(result.status == 2)
    #expect(
      result.stderr.contains("'clerkctl login --profile work --user-id USER_ID'"),
      "\(result.stderr)")
  }

  @Test("--user-id with a loopback Frontend API and no CLERK_API_URL names the fix")
  func userIDNeedsEmulatorAPI() async throws {
    let fixture = try await CLIFixture(.binary)
    var extra = ["CLERK_SECRET_KEY": "sk_test_x"]
    extra["CLERK_API_URL"] = ""
    let result = try await fixture.run(["login", "--user-id", "user_123"], extra: extra)
    #expect(result.status == 2)
    #expect(result.stderr.contains("set CLERK_API_URL (or --api-url)"), "\(result.stderr)")
    let other = try await fixture.run(
      ["login", "--user-id", "bob@example.com"],
      extra: ["CLERK_SECRET_KEY": "sk_test_x", "CLERK_API_URL": fixture.fapiURL])
    #expect(other.status == 2)
    #expect(other.stderr.contains("takes a Clerk user id (user_…)"), "\(other.stderr)")
  }

  @Test("an unknown template names the port; '-d @FILE' quotes the whole argument")
  func portsAndQuotes() async throws {
    let fixture = try await CLIFixture.signedIn(.binary)
    let token = try await fixture.run(["token", "--template", "nosuch"])
    #expect(token.status == 7)
    #expect(
      token.stderr.contains("no JWT template named 'nosuch' on 127.0.0.1:\(fixture.port)"),
      "\(token.stderr)")
    let api = try await fixture.run(["api", "-d", "@nosuch.json", fixture.fapiURL + "/x"])
    #expect(api.status == 2)
    #expect(api.stderr.contains("cannot read '-d @nosuch.json'"), "\(api.stderr)")
  }

  @Test("convex qurey gets a did-you-mean; convex's help example names --url")
  func convexWording() async throws {
    let fixture = try await CLIFixture(.binary)
    let typo = try await fixture.run(["convex", "qurey", "messages:list"])
    #expect(typo.status == 2)
    #expect(typo.stderr.contains("did you mean 'query'?"), "\(typo.stderr)")
    let help = try await fixture.run(["convex", "--help"], extra: ["COLUMNS": "200"])
    #expect(help.stdout.contains("messages:list '{\"channel\":\"general\"}' --url https://"))
  }

  @Test("a dropped connection names the host and what to do, not libcurl's words or the URL")
  func droppedConnection() async throws {
    let fixture = try await CLIFixture.signedIn(.binary)
    try await fixture.fault(["path": .string(mintPath), "drop": true, "count": 3])
    let result = try await fixture.run(["token", "--template", "convex", "--force-refresh"])
    let host = URLParts.authority(of: fixture.fapiURL) ?? ""
    #expect(result.status == 5, "\(result.stderr)")
    let expected: String =
      "clerkctl: \(host) closed the connection without answering; check that the server "
      + "there is up and is the right one, then try again\n"
    #expect(result.stderr == expected, "\(result.stderr)")
  }

  /// Runs clerkctl with the fixture's `profiles` directory read-only (0500) to it: as nobody,
  /// who then owns the home, when the tests run as root (root writes anywhere).
  private static func runReadOnly(
    _ fixture: CLIFixture, _ arguments: [String], stdin: String? = nil
  ) async throws -> ProcessResult {
    let profiles = fixture.configDir + "/profiles"
    try FileManager.default.createDirectory(
      atPath: profiles, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let asRoot = geteuid() == 0
    // nobody runs a copy inside the home it then owns: the build directory may sit below one
    // only root can enter (a clean clone in a mktemp -d directory, 0700).
    let binary = fixture.home.path + "/clerkctl"
    if asRoot {
      try ExecutableFile.copy(from: BuiltProducts.path("clerkctl"), to: binary)
      let names = FileManager.default.subpaths(atPath: fixture.home.path) ?? []
      for path in [fixture.home.path] + names.map({ fixture.home.path + "/" + $0 }) {
        #expect(lchown(path, 65534, 65534) == 0, "chown \(path)")
      }
    }
    #expect(chmod(profiles, 0o500) == 0)
    defer { _ = chmod(profiles, 0o700) }
    guard asRoot else { return try await fixture.run(arguments, stdin: stdin) }
    let environment = fixture.environment.map { "\($0.key)=\($0.value)" }
    return try await ProcessRun.run(
      "/usr/bin/setpriv",
      ["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/env", "-i"] + environment
        + [binary] + arguments,
      environment: fixture.environment, stdin: stdin)
  }

  /// The one line a config dir that cannot be written in gets.
  private static func readOnlyLine(_ profiles: String) -> String {
    "clerkctl: cannot write in '\(profiles)' (Permission denied); make it writable "
      + "(chmod u+w '\(profiles)') or use another config directory (--config-dir DIR or "
      + "CLERKCTL_CONFIG_DIR)\n"
  }

  @Test("a read-only config directory names the directory and what to do; nothing is sent")
  func readOnlyConfigDirectory() async throws {
    let fixture = try await CLIFixture(.binary)
    let result = try await Self.runReadOnly(
      fixture, ["login", "--identifier", "demo@example.com", "--password-stdin"],
      stdin: "demo-password\n")
    #expect(result.status == 3, "\(result.stderr)")
    #expect(
      result.stderr == Self.readOnlyLine(fixture.configDir + "/profiles"), "\(result.stderr)")
    #expect(try await fixture.requests().filter { $0.path.hasPrefix("/v1/client") }.isEmpty)
  }

  @Test("logout with a read-only profiles directory ends no session and says what to do")
  func readOnlyLogout() async throws {
    let fixture = try await CLIFixture.signedIn(.binary)
    let result = try await Self.runReadOnly(fixture, ["logout"])
    #expect(result.status == 3, "\(result.stderr)")
    #expect(
      result.stderr == Self.readOnlyLine(fixture.configDir + "/profiles"), "\(result.stderr)")
    // Nothing went to Clerk: the session lives on with its file.
    #expect(try await fixture.requests().filter { $0.path.hasPrefix("/v1/client") }.isEmpty)
    #expect(FileManager.default.fileExists(atPath: fixture.credentialPath()))
  }

  @Test(
    "doctor never gives the same text as detail and fix",
    arguments: ["none", "unreachable", "signed out", "revoked"])
  func doctorDetailAndFixDiffer(state: String) async throws {
    let fixture = try await CLIFixture(.binary)
    var extra: [String: String] = [:]
    switch state {
    case "none": extra["CLERK_FAPI_URL"] = ""
    case "unreachable": extra["CLERK_FAPI_URL"] = "http://127.0.0.1:1"
    case "revoked":
      try await fixture.signIn()
      let sessionID = try #require(try fixture.credential()["session_id"]?.stringValue)
      try await fixture.admin.revoke(sessionID: sessionID)
    default: break
    }
    let result = try await fixture.run(["doctor"], extra: extra)
    #expect(result.status != 0, "\(result.stdout)")
    let failed = result.stdout.split(separator: "\n").filter { $0.hasPrefix("✗") }
    #expect(!failed.isEmpty, "\(result.stdout)")
    for line in failed {
      let parts = line.components(separatedBy: " — fix: ")
      #expect(parts.count == 2, "no fix: \(line)")
      guard parts.count == 2, let colon = parts[0].firstRange(of: ": ") else { continue }
      let detail = String(parts[0][colon.upperBound...])
      #expect(!detail.isEmpty && !parts[1].isEmpty, "\(line)")
      #expect(!detail.contains(parts[1]) && !parts[1].contains(detail), "said twice: \(line)")
      #expect(!parts[1].contains("as the message says"), "\(line)")
    }
    if state == "none" {
      let expected: String =
        "✗ instance configured: no Clerk instance configured — fix: copy the publishable key "
        + "(pk_test_…) from the Clerk Dashboard → API keys and run 'clerkctl login "
        + "--publishable-key pk_test_… --identifier you@example.com' (or set "
        + "CLERK_PUBLISHABLE_KEY); for the local emulator set CLERK_FAPI_URL to its URL instead"
      #expect(failed.first.map(String.init) == expected, "\(result.stdout)")
    }
  }
}
