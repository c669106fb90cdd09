import ClerkTestSupport
import ClerkctlCore
import ClerkctlCurl
import ClerkctlHTTP
import ClerkctlKit
import Foundation
import Testing

/// `clerkctl login --client-id`, `mcp login` and the verbs on an oauth profile: the built
/// binary against the built emulator over loopback, the emulator's sign-in and consent pages
/// driven by a scripted browser (or headless Chromium).
@Suite("OAuth profiles end to end")
struct OAuthProfileEndToEndTests {
  static let client = "demo_public_client"
  static let login = [
    "login", "--client-id", client, "--no-browser", "--callback-port", "0",
    "--sign-in-timeout", "60",
  ]

  /// Signs in through the emulator's pages; the redirect goes to the loopback callback (or is
  /// pasted on stdin with `paste`). Returns the finished login.
  @discardableResult
  static func signIn(
    _ sandbox: CLIFixture, _ arguments: [String] = login, paste: Bool = false,
    extra: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> (status: Int32, stdout: String, stderr: String) {
    let process = try BrowserLoginProcess(sandbox, arguments, extra: extra)
    let url = try await process.signInURL()
    let outcome = try await onOwnThread { try OAuthTestBrowser().authorize(url) }
    let location = try #require(outcome.location, "no redirect: \(outcome.page)")
    if paste {
      process.send(location)
    } else {
      _ = try await ScriptedBrowser.follow(location)
    }
    let result = await process.finish(closingInput: !paste)
    try #require(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
    return result
  }

  /// What the emulator's protected resource (`/mcp`) says of `token`.
  static func resource(_ sandbox: CLIFixture, _ token: String) async throws -> HTTPResponse {
    try await HTTPClient.curl().awaitedSend(
      HTTPRequest(
        method: "GET", url: sandbox.fapiURL + "/mcp",
        headers: ["Authorization": "Bearer \(token)"]))
  }

  static func storedOAuth(_ sandbox: CLIFixture, profile: String = "default") throws -> JSONValue {
    try #require(try sandbox.credential(profile: profile)["oauth"])
  }

  static func trimmed(_ text: String) -> String {
    text.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  @Test("login --client-id stores an oauth profile; token is an at+jwt the resource accepts")
  func loginAndToken() async throws {
    let sandbox = try await CLIFixture(.binary)
    let login = try await Self.signIn(sandbox, Self.login + ["--json"])
    let json = try JSONValue(parsing: login.stdout)
    #expect(json["kind"] == "oauth")
    #expect(json["client_id"]?.stringValue == Self.client)
    #expect(login.stderr.contains("Signed in as demo@example.com (user_"))
    let credential = try sandbox.credential()
    #expect(credential["kind"] == "oauth")
    #expect(credential["fapi_url"]?.stringValue == sandbox.fapiURL)
    let token = Self.trimmed(try await sandbox.run(["token"]).stdout)
    let header = try JWTParts(token).header()
    #expect(["at+jwt", "application/at+jwt"].contains(header["typ"]?.stringValue ?? ""))
    let accepted = try await Self.resource(sandbox, token)
    #expect(accepted.status == 200, "\(accepted.bodyText)")
    #expect(accepted.bodyText.contains(Self.client))
    let idToken = Self.trimmed(try await sandbox.run(["token", "--id-token"]).stdout)
    #expect(try JWTParts(idToken).header()["typ"]?.stringValue != "at+jwt")
    let whoami = try await sandbox.run(["whoami", "--json"])
    #expect(whoami.status == 0, "\(whoami.stderr)")
    let claims = try JSONValue(parsing: whoami.stdout)
    #expect(claims["kind"] == "oauth")
    #expect(claims["email"]?.stringValue == "demo@example.com")
    #expect(claims["sub"]?.stringValue?.hasPrefix("user_") == true)
    let status = try await sandbox.run(["status"])
    #expect(status.status == 0, "\(status.stderr)")
    #expect(status.stdout.contains("kind oauth, client \(Self.client)"))
    #expect(try await sandbox.run(["token", "--template", "convex"]).status == 2)
  }

  @Test("after expiry, concurrent token processes share one /oauth/token call; rotation stored")
  func singleRefresh() async throws {
    let sandbox = try await CLIFixture(.binary)
    try await Self.signIn(sandbox)
    let old = Self.trimmed(try await sandbox.run(["token"]).stdout)
    let oldRefresh = try Self.storedOAuth(sandbox)["refresh_token"]?.stringValue
    // The access token's time runs out on clerkctl's clock (the file says so) and on the
    // emulator's (its clock moves past the lifetime).
    let path = sandbox.credentialPath()
    var document = try sandbox.credential()
    var object = try #require(document.objectValue)
    var oauth = try #require(object["oauth"]?.objectValue)
    oauth["expires_at"] = .int(Int64(Date().timeIntervalSince1970) - 1)
    object["oauth"] = .object(oauth)
    document = .object(object)
    try Data(document.encodedBytes).write(to: URL(fileURLWithPath: path))
    try await onOwnThread { try sandbox.admin.advanceClock(seconds: 86_401) }
    try await sandbox.admin.clearRequests()
    let results = try await withThrowingTaskGroup(of: String.self) { group in
      for _ in 0..<6 {
        group.addTask { try await sandbox.run(["token"]).stdout }
      }
      return try await group.reduce(into: [String]()) { $0.append($1) }
    }
    let tokens = Set(results.map(Self.trimmed))
    #expect(tokens.count == 1)
    let refreshes = try await sandbox.admin.requests().filter { $0.path == "/oauth/token" }
    #expect(refreshes.count == 1)
    let fresh = try #require(tokens.first)
    #expect(fresh != old)
    #expect(try await Self.resource(sandbox, fresh).status == 200)
    let rotated = try Self.storedOAuth(sandbox)["refresh_token"]?.stringValue
    #expect(rotated != nil && rotated != oldRefresh)
  }

  @Test("paste-back without a browser; a replayed or foreign state fails with exit 6")
  func pasteBackAndState() async throws {
    let sandbox = try await CLIFixture(.binary)
    let process = try BrowserLoginProcess(sandbox, Self.login)
    let url = try await process.signInURL()
    let outcome = try await onOwnThread { try OAuthTestBrowser().authorize(url) }
    let location = try #require(outcome.location)
    process.send(location)
    let first = await process.finish(closingInput: false)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(try sandbox.credential()["kind"] == "oauth")
    // The same redirect pasted into a new sign-in: its state is the old one's.
    let replay = try BrowserLoginProcess(sandbox, Self.login + ["--profile", "replay"])
    _ = try await replay.signInURL()
    replay.send(location)
    let replayed = await replay.finish(closingInput: false)
    #expect(replayed.status == 6, "\(replayed.stderr)")
    #expect(replayed.stderr.contains("state"))
    #expect(!FileManager.default.fileExists(atPath: sandbox.credentialPath(profile: "replay")))
  }

  @Test("a forged loopback callback is ignored and the real one completes the sign-in")
  func forgedLoopbackCallback() async throws {
    let sandbox = try await CLIFixture(.binary)
    let process = try BrowserLoginProcess(sandbox, Self.login)
    let url = try await process.signInURL()
    let redirect = try #require(
      FormEncoding.decode(String(url.split(separator: "?")[1])).first { $0.0 == "redirect_uri" }?
        .1)
    _ = try? await ScriptedBrowser.follow(redirect + "?code=forged&state=forged")
    try await Task.sleep(for: .milliseconds(200))
    #expect(process.stderr.contains("Ignored a callback"))
    let outcome = try await onOwnThread { try OAuthTestBrowser().authorize(url) }
    _ = try await ScriptedBrowser.follow(try #require(outcome.location))
    let result = await process.finish()
    #expect(result.status == 0, "\(result.stderr)")
  }

  @Test("the emulator refuses a wrong PKCE verifier and a code used twice")
  func verifierAndCodeReuse() async throws {
    let sandbox = try await CLIFixture(.binary)
    let store = ProfileStore(directory: ConfigDirectory(path: sandbox.configDir))
    let account = OAuthAccount(profile: "lib", store: store, http: .curl(), clock: .system)
    let request = try await onOwnThread {
      try account.authorizationRequest(
        fapiURL: sandbox.fapiURL, clientID: Self.client, scopes: ["openid", "offline_access"],
        redirectURI: "http://127.0.0.1:9/callback")
    }
    let outcome = try await onOwnThread { try OAuthTestBrowser().authorize(request.url) }
    let firstLocation = try #require(outcome.location)
    let callback = try #require(OAuthCallback.parse(firstLocation))
    let wrong = OAuthAuthorizationRequest(
      fapiURL: request.fapiURL, endpoints: request.endpoints, clientID: request.clientID,
      redirectURI: request.redirectURI, scopes: request.scopes, resource: nil,
      state: request.state, pkce: try PKCE())
    await #expect(throws: OAuthError.self) {
      try await onOwnThread {
        try account.completeLogin(wrong, callback: callback, clientSecret: nil)
      }
    }
    // Clerk (and the emulator) burn a code on its first use, right or wrong: a new one.
    let second = try await onOwnThread { try OAuthTestBrowser().authorize(request.url) }
    let secondLocation = try #require(second.location)
    let good = try #require(OAuthCallback.parse(secondLocation))
    _ = try await onOwnThread {
      try account.completeLogin(request, callback: good, clientSecret: nil)
    }
    await #expect(throws: OAuthError.self) {
      try await onOwnThread {
        try account.completeLogin(request, callback: good, clientSecret: nil)
      }
    }
  }

  @Test("logout revokes the refresh token: introspection then says inactive (exit 9)")
  func logoutRevokes() async throws {
    let sandbox = try await CLIFixture(.binary)
    try await Self.signIn(sandbox)
    let refresh = try #require(try Self.storedOAuth(sandbox)["refresh_token"]?.stringValue)
    let before = try await sandbox.run(["oauth", "introspect", "-"], stdin: refresh + "\n")
    #expect(before.status == 0, "\(before.stderr)")
    let out = try await sandbox.run(["logout", "--verbose"])
    #expect(out.status == 0, "\(out.stderr)")
    #expect(out.stderr.contains("revoked"))
    #expect(!out.stderr.contains(refresh))
    #expect(!FileManager.default.fileExists(atPath: sandbox.credentialPath()))
    let after = try await sandbox.run(["oauth", "introspect", "-"], stdin: refresh + "\n")
    #expect(after.status == 9, "\(after.stderr)")
    #expect(after.stdout.isEmpty)
  }

  @Test("the refresh token is in no argv, trace or exec child's environment")
  func refreshTokenStaysPut() async throws {
    let sandbox = try await CLIFixture(.binary)
    let login = try await Self.signIn(sandbox, Self.login + ["--verbose"])
    let refresh = try #require(try Self.storedOAuth(sandbox)["refresh_token"]?.stringValue)
    #expect(!login.stderr.contains(refresh))
    let traced = try await sandbox.run(["--verbose", "token", "--force-refresh"])
    #expect(traced.status == 0, "\(traced.stderr)")
    let rotated = try #require(try Self.storedOAuth(sandbox)["refresh_token"]?.stringValue)
    #expect(!traced.stderr.contains(refresh) && !traced.stderr.contains(rotated))
    // The child prints clerkctl's argv (its parent's) and its own environment.
    let child = try await sandbox.run(
      ["exec", "--refresh", "--", "/bin/sh", "-c", "tr '\\0' ' ' < /proc/$PPID/cmdline; env"])
    #expect(child.status == 0, "\(child.stderr)")
    #expect(child.stdout.contains("CLERK_TOKEN="))
    #expect(!child.stdout.contains(rotated))
    #expect(!child.stdout.contains(refresh))
  }

  @Test("mcp login: protected-resource discovery, registration, sign-in; the resource accepts")
  func mcpLogin() async throws {
    let sandbox = try await CLIFixture(.binary)
    let url = sandbox.fapiURL + "/mcp"
    let process = try BrowserLoginProcess(
      sandbox,
      ["mcp", "login", url, "--no-browser", "--callback-port", "0", "--sign-in-timeout", "60"])
    let authorize = try await process.signInURL()
    let outcome = try await onOwnThread { try OAuthTestBrowser().authorize(authorize) }
    _ = try await ScriptedBrowser.follow(try #require(outcome.location))
    let result = await process.finish()
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("Registered OAuth client"))
    #expect(result.stderr.contains("The server took the token"))
    let profile = "127.0.0.1"
    let stored = try Self.storedOAuth(sandbox, profile: profile)
    #expect(stored["resource"]?.stringValue == url)
    let token = Self.trimmed(try await sandbox.run(["token", "--profile", profile]).stdout)
    #expect(try await Self.resource(sandbox, token).status == 200)
    let api = try await sandbox.run(["api", "--profile", profile, url])
    #expect(api.status == 0, "\(api.stderr)")
  }

  @Test("headless Chromium signs in and consents on the emulator's page; the profile is stored")
  func chromium() async throws {
    try #require(
      FileManager.default.isExecutableFile(atPath: BrowserSignInTests.chromium),
      "Chromium is missing: 'make test' installs it (Scripts/setup.sh chromium)")
    let sandbox = try await CLIFixture(.binary)
    let script = sandbox.home.file("chromium-consent.py")
    let log = sandbox.home.file("chromium.log")
    try ChromiumConsent.write(
      to: script, chromium: BrowserSignInTests.chromium,
      profileDirectory: sandbox.home.path + "/chromium", log: log)
    let process = try BrowserLoginProcess(
      sandbox,
      ["login", "--client-id", Self.client, "--callback-port", "0", "--sign-in-timeout", "90"],
      extra: ["BROWSER": script])
    let result = await process.finish(timeout: 120)
    let steps = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    #expect(result.status == 0, "\(result.stderr)\nchromium: \(steps)")
    #expect(steps.contains("signed-in") && steps.contains("allow"), "\(steps)")
    #expect(try sandbox.credential()["kind"] == "oauth")
    let token = Self.trimmed(try await sandbox.run(["token"]).stdout)
    #expect(try await Self.resource(sandbox, token).status == 200)
  }

  @Test("headless Chromium: a denied consent ends the sign-in at once (exit 6)")
  func chromiumDenied() async throws {
    try #require(FileManager.default.isExecutableFile(atPath: BrowserSignInTests.chromium))
    let sandbox = try await CLIFixture(.binary)
    let script = sandbox.home.file("chromium-deny.py")
    try ChromiumConsent.write(
      to: script, chromium: BrowserSignInTests.chromium,
      profileDirectory: sandbox.home.path + "/chromium", log: sandbox.home.file("deny.log"),
      decision: "deny")
    let process = try BrowserLoginProcess(
      sandbox,
      ["login", "--client-id", Self.client, "--callback-port", "0", "--sign-in-timeout", "90"],
      extra: ["BROWSER": script])
    let result = await process.finish(timeout: 120)
    #expect(result.status == 6, "\(result.stderr)")
    #expect(result.stderr.contains("denied"))
  }
}
