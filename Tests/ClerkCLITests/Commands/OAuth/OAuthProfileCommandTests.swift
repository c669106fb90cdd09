import ClerkCLI
import ClerkTestSupport
import ClerkctlCore
import ClerkctlCurl
import ClerkctlHTTP
import ClerkctlKit
import Foundation
import Testing

/// `login --client-id` and the verbs on an oauth profile, in process over an authorization
/// server in memory; the loopback callback is real and the "browser" consents and follows the
/// redirect to it over loopback.
@Suite("OAuth profiles through the CLI (in process)")
struct OAuthProfileCommandTests {
  let directory = TemporaryDirectory()
  let time = TestClock()

  /// How the fake browser answers the authorization URL.
  enum Browser: Sendable {
    /// Consents and follows the redirect.
    case consent
    /// Denies consent.
    case deny
    /// First sends a forged callback (another state), then consents.
    case forgedFirst
    /// Opens nothing.
    case none
  }

  func run(
    _ arguments: [String], server: FakeAuthorizationServer, browser: Browser = .consent,
    stdin: String = "", extra: [String: String] = [:], pastesRedirect: Bool = false
  ) -> ProcessResult {
    var environment = [
      "CLERKCTL_CONFIG_DIR": directory.path + "/config", "CLERK_FAPI_URL": server.issuer,
      "BROWSER": "fake-browser", "HOME": directory.path,
    ]
    environment.merge(extra) { _, new in new }
    var (terminal, recorder) = Terminal.capturing(input: stdin)
    let watched = recorder
    if pastesRedirect {
      // The person at the browser: once the URL is on stderr, consent, and paste the URL the
      // browser was redirected to.
      terminal.readLine = {
        for _ in 0..<400 {
          if let line = watched.error.split(separator: "\n").first(where: {
            $0.hasPrefix(server.issuer + "/oauth/authorize?")
          }) {
            return server.consent(to: String(line))
          }
          Thread.sleep(forTimeInterval: 0.05)
        }
        return nil
      }
    }
    var context = CommandContext(terminal: terminal, environment: environment, clock: time.clock)
    let http = server.http
    context.makeHTTPClient = { _ in http }
    context.spawnGate = ExecutableFile.spawnGate
    context.launchBrowser = { command, _ in
      guard browser != .none, let url = command.last else { return false }
      DetachedThread.start {
        let loopback = HTTPClient.curl()
        if browser == .forgedFirst, let real = server.consent(to: url) {
          let forged = real.replacing(#/state=[^&]*/#, with: "state=forged")
          _ = try? loopback.send(HTTPRequest(url: forged))
          Thread.sleep(forTimeInterval: 0.2)
        }
        guard
          let redirect = server.consent(to: url, error: browser == .deny ? "access_denied" : nil)
        else { return }
        _ = try? loopback.send(HTTPRequest(url: redirect))
      }
      return true
    }
    let status = CLI.run(arguments: arguments, context: context)
    return ProcessResult(
      status: status, stdout: recorder.output, stderr: recorder.error, signaled: false)
  }

  let login = [
    "login", "--client-id", "client_1", "--callback-port", "0", "--sign-in-timeout", "20",
  ]

  @Test("login stores an oauth profile; token, id token, whoami, status and logout work on it")
  func lifecycle() throws {
    let server = FakeAuthorizationServer(accessLifetime: 60)
    let signedIn = run(login + ["--json"], server: server)
    try #require(signedIn.status == 0, "\(signedIn.stderr)")
    let json = try JSONValue(parsing: Array(signedIn.stdout.utf8))
    #expect(json["kind"]?.stringValue == "oauth")
    #expect(json["client_id"]?.stringValue == "client_1")
    #expect(json["scopes"]?.arrayValue?.count == 3)
    #expect(signedIn.stderr.contains("Signed in as ada@example.com (user_1)"))

    let first = run(["token"], server: server)
    #expect(first.status == 0)
    #expect(first.stdout.hasPrefix("at_"))
    #expect(server.tokenRequests == 1)
    let cached = run(["token", "--json"], server: server)
    let cachedJSON = try JSONValue(parsing: Array(cached.stdout.utf8))
    #expect(cachedJSON["cached"]?.boolValue == true)
    #expect(cachedJSON["kind"]?.stringValue == "oauth")
    time.advance(55)
    let refreshed = run(["token"], server: server)
    #expect(refreshed.status == 0)
    #expect(refreshed.stdout != first.stdout)
    #expect(server.tokenRequests == 2)
    let idToken = run(["token", "--id-token"], server: server)
    #expect(idToken.stdout.hasPrefix("id.token."))

    let whoami = run(["whoami", "--json"], server: server)
    let who = try JSONValue(parsing: Array(whoami.stdout.utf8))
    #expect(who["kind"]?.stringValue == "oauth")
    #expect(who["sub"]?.stringValue == "user_1")
    #expect(who["email"]?.stringValue == "ada@example.com")
    let status = run(["status", "--json"], server: server)
    #expect(status.status == 0, "\(status.stderr)")
    let profiles = try JSONValue(parsing: Array(status.stdout.utf8))["profiles"]?.arrayValue
    #expect(profiles?.first?["client_id"]?.stringValue == "client_1")
    #expect(profiles?.first?["kind"]?.stringValue == "oauth")
    #expect(profiles?.first?["session_status"]?.stringValue == "active")

    let stored = try String(
      contentsOfFile: directory.path + "/config/profiles/default.json", encoding: .utf8)
    let refreshToken = try #require(
      try JSONValue(parsing: Array(stored.utf8))["oauth"]?["refresh_token"]?.stringValue)
    let out = run(["logout", "--json"], server: server)
    #expect(out.status == 0, "\(out.stderr)")
    #expect(server.revoked == [refreshToken])
    #expect(
      !FileManager.default.fileExists(atPath: directory.path + "/config/profiles/default.json"))
    let introspect = run(
      ["oauth", "introspect", "-"], server: server, stdin: refreshToken + "\n")
    #expect(introspect.status == 9)
    #expect(introspect.stdout.isEmpty)
  }

  @Test("--no-browser reads the redirected URL from stdin")
  func pasteBack() throws {
    let server = FakeAuthorizationServer()
    let result = run(login + ["--no-browser"], server: server, pastesRedirect: true)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("Open this URL in a browser"))
    #expect(server.tokenRequests == 1)
  }

  @Test("a pasted redirect of another sign-in (foreign state) fails at once with exit 6")
  func pastedForeignState() throws {
    let server = FakeAuthorizationServer()
    let result = run(
      login + ["--no-browser"], server: server,
      stdin: "http://127.0.0.1:1/callback?code=code_9&state=someone-elses\n")
    #expect(result.status == 6)
    #expect(server.tokenRequests == 0)
  }

  @Test("a forged loopback callback does not end the wait; the real one completes")
  func forgedCallback() throws {
    let server = FakeAuthorizationServer()
    let result = run(login, server: server, browser: .forgedFirst)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("Ignored a callback"))
  }

  @Test("denied consent ends the wait at once: exit 6, denied")
  func denied() throws {
    let server = FakeAuthorizationServer()
    let result = run(login, server: server, browser: .deny)
    #expect(result.status == 6)
    #expect(result.stderr.contains("denied"))
  }

  @Test("options of other kinds are usage errors on an oauth profile, --id-token on others")
  func kindOptions() throws {
    let server = FakeAuthorizationServer()
    try #require(run(login, server: server).status == 0)
    #expect(run(["token", "--template", "convex"], server: server).status == 2)
    #expect(run(["token", "--ttl", "60"], server: server).status == 2)
    #expect(run(["exec", "--template", "x", "--", "true"], server: server).status == 2)
    #expect(run(["convex", "run", "f"], server: server).status == 2)
    #expect(run(["token", "--id-token", "--profile", "other"], server: server).status == 2)
    #expect(
      run(["login", "--client-id", "c", "--identifier", "a@b.c"], server: server).status == 2)
    #expect(run(["login", "--scope", "openid"], server: server).status == 2)
  }

  @Test("a refused refresh token is exit 4 naming the login --client-id to run")
  func grantEnded() throws {
    let server = FakeAuthorizationServer(accessLifetime: 60)
    try #require(run(login + ["--profile", "app"], server: server).status == 0)
    let path = directory.path + "/config/profiles/app.json"
    var document = try JSONValue(parsing: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    var oauth = try #require(document["oauth"]?.objectValue)
    oauth["refresh_token"] = "rt_unknown"
    var object = try #require(document.objectValue)
    object["oauth"] = .object(oauth)
    document = .object(object)
    try Data(document.encodedBytes).write(to: URL(fileURLWithPath: path))
    time.advance(120)
    let result = run(["token", "--profile", "app"], server: server)
    #expect(result.status == 4)
    #expect(result.stderr.contains("clerkctl login --client-id client_1 --profile app"))
  }

  @Test("a confidential client's secret goes as Basic credentials and never to an exec child")
  func confidentialClient() throws {
    let server = FakeAuthorizationServer()
    let secret = "s3cret-client-value"
    let result = run(login, server: server, extra: ["CLERK_OAUTH_CLIENT_SECRET": secret])
    try #require(result.status == 0, "\(result.stderr)")
    let exchange = try #require(server.requests.first { $0.url.hasSuffix("/oauth/token") })
    #expect(exchange.headers["Authorization"]?.hasPrefix("Basic ") == true)
    #expect(!String(decoding: exchange.body, as: UTF8.self).contains(secret))
    let stored = try String(
      contentsOfFile: directory.path + "/config/profiles/default.json", encoding: .utf8)
    let refreshToken = try #require(
      try JSONValue(parsing: Array(stored.utf8))["oauth"]?["refresh_token"]?.stringValue)
    let envFile = directory.path + "/child-env"
    let child = run(
      ["exec", "--", "/bin/sh", "-c", "env > \(envFile)"], server: server,
      extra: ["CLERK_OAUTH_CLIENT_SECRET": secret, "PATH": "/usr/bin:/bin"])
    #expect(child.status == 0, "\(child.stderr)")
    let childEnvironment = try String(contentsOfFile: envFile, encoding: .utf8)
    #expect(childEnvironment.contains("CLERK_TOKEN=at_"))
    #expect(!childEnvironment.contains(secret))
    #expect(!childEnvironment.contains(refreshToken))
    let verbose = run(["--verbose", "token", "--force-refresh"], server: server)
    #expect(verbose.status == 0)
    #expect(!verbose.stderr.contains(refreshToken))
  }
}
