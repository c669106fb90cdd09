import ClerkTestSupport
import ClerkctlCore
import ClerkctlCrypto
import ClerkctlCurl
import ClerkctlHTTP
import ClerkctlKit
import Foundation
import Testing

/// `clerkctl login --oauth/--sso` against the built emulator, offline: the test (or a
/// `$BROWSER` script, or headless Chromium) plays the browser.
@Suite("Browser sign-in end to end")
struct BrowserSignInTests {
  static let chromium = "/usr/bin/chromium"

  /// Mints a `convex` token in-process from the sandbox's stored credential.
  private func convexClaims(_ sandbox: CLIFixture) throws -> (JSONValue, ProfileCredential) {
    let store = ProfileStore(directory: ConfigDirectory(path: sandbox.configDir))
    let account = ClerkAccount(profile: "default", store: store, http: .curl(), clock: .system)
    let result = try account.token(template: "convex", minTTL: 10, forceRefresh: false)
    return (try ClerkAccount.claims(of: result.token.jwt), result.credential)
  }

  @Test("approve in a scripted browser: the loopback page, the stored credential, a convex token")
  func approve() async throws {
    let sandbox = try await CLIFixture(.binary)
    let emulator = sandbox.emulator
    let login = try BrowserLoginProcess(
      sandbox, ["login", "--oauth", "google", "--no-browser", "--callback-port", "0"])
    login.closeInput()
    let url = try await login.signInURL()
    #expect(url.hasPrefix(emulator.fapiURL + "/__emulator/oauth/authorize?state="))
    let (final, page) = try await ScriptedBrowser.follow(url + "&auto=demo@example.com")
    #expect(final.hasPrefix("http://127.0.0.1:"))
    #expect(final.contains("/callback?rotating_token_nonce="))
    #expect(page?.status == 200)
    #expect(page?.bodyText.contains("return to the terminal") == true)
    let result = await login.finish()
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("Signed in as demo@example.com (user_"))
    let (claims, credential) = try convexClaims(sandbox)
    #expect(claims["aud"] == "convex")
    #expect(claims["sub"]?.stringValue == credential.userID)
    #expect(credential.email == "demo@example.com")
  }

  @Test("$BROWSER gets the URL as one argument; --json prints the result")
  func browserVariable() async throws {
    let sandbox = try await CLIFixture(.binary)
    let script = sandbox.home.file("browser.sh")
    let seen = sandbox.home.file("urls.txt")
    let body = """
      #!/bin/sh
      printf '%s\\n' "$#:$1" >> '\(seen)'
      exec curl -sSL -o /dev/null "$1&auto=demo@example.com"

      """
    try ExecutableFile.write(body, to: script)
    let login = try BrowserLoginProcess(
      sandbox, ["--json", "login", "--oauth", "github", "--callback-port", "0"],
      extra: ["BROWSER": script])
    let url = try await login.signInURL()
    let result = await login.finish()
    #expect(result.status == 0, "\(result.stderr)")
    let recorded = try String(contentsOfFile: seen, encoding: .utf8)
    #expect(recorded == "1:\(url)\n")
    let json = try JSONValue(parsing: result.stdout)
    #expect(json["email"] == "demo@example.com")
    #expect(json["profile"] == "default")
    #expect(json["session_id"]?.stringValue?.hasPrefix("sess_") == true)
  }

  @Test("a real headless Chromium runs the fake provider page and the loopback page")
  func realChromium() async throws {
    try #require(
      FileManager.default.isExecutableFile(atPath: Self.chromium),
      "Chromium is missing: 'make test' installs it (Scripts/setup.sh chromium)")
    let sandbox = try await CLIFixture(
      .binary, emulatorArguments: ["--oauth-auto-approve", "demo@example.com"])
    let script = sandbox.home.file("chromium.sh")
    let dom = sandbox.home.file("dom.html")
    // The provider page approves from a script as it loads; --dump-dom can dump (and quit)
    // before that navigation commits when the machine is busy, so the page is loaded again
    // (up to three times) until the loopback page is what Chromium ended on.
    let body = """
      #!/bin/sh
      for attempt in 1 2 3; do
        \(Self.chromium) --headless=new --no-sandbox --disable-gpu --no-first-run \
          --user-data-dir='\(sandbox.home.path)/chromium' --virtual-time-budget=5000 \
          --dump-dom "$1" > '\(dom)' 2>/dev/null
        grep -q 'return to the terminal' '\(dom)' && exit 0
      done

      """
    try ExecutableFile.write(body, to: script)
    let login = try BrowserLoginProcess(
      sandbox, ["login", "--oauth", "google", "--callback-port", "0"],
      extra: ["BROWSER": script])
    let result = await login.finish(timeout: 90)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("Signed in as demo@example.com"))
    let (claims, _) = try convexClaims(sandbox)
    #expect(claims["aud"] == "convex")
    // Chromium may still be writing when clerkctl exits; the page is read when it is there.
    if let page = try? String(contentsOfFile: dom, encoding: .utf8), !page.isEmpty {
      #expect(page.contains("return to the terminal"))
    }
  }

  @Test("deny ends with Clerk's reason, exit 6, nothing stored")
  func deny() async throws {
    let sandbox = try await CLIFixture(.binary)
    let login = try BrowserLoginProcess(
      sandbox, ["login", "--oauth", "google", "--no-browser", "--callback-port", "0"])
    let (_, page) = try await ScriptedBrowser.follow(try login.signInURL() + "&deny=1")
    #expect(page?.bodyText.contains("oauth_access_denied") == true)
    let result = await login.finish()
    #expect(result.status == 6, "\(result.stderr)")
    #expect(result.stderr.contains("oauth_access_denied"))
    #expect(result.stderr.contains("did not grant access"))
    #expect(!FileManager.default.fileExists(atPath: sandbox.configDir + "/profiles/default.json"))
  }

  @Test("an unknown account is transferred to a sign-up, and refused with --no-sign-up")
  func transfer() async throws {
    let sandbox = try await CLIFixture(.binary)
    let refused = try BrowserLoginProcess(
      sandbox,
      ["login", "--oauth", "google", "--no-browser", "--callback-port", "0", "--no-sign-up"])
    _ = try await ScriptedBrowser.follow(try refused.signInURL() + "&auto=newbie@example.com")
    let refusal = await refused.finish()
    #expect(refusal.status == 6, "\(refusal.stderr)")
    #expect(refusal.stderr.contains("external_account_not_found"))
    #expect(refusal.stderr.contains("--no-sign-up"))

    let login = try BrowserLoginProcess(
      sandbox, ["login", "--oauth", "google", "--no-browser", "--callback-port", "0"])
    _ = try await ScriptedBrowser.follow(try login.signInURL() + "&auto=newbie@example.com")
    let result = await login.finish()
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("Signed in as newbie@example.com"))
    let (claims, credential) = try convexClaims(sandbox)
    #expect(claims["sub"]?.stringValue == credential.userID)
  }

  @Test("enterprise SSO for a TOTP user continues with the second factor from stdin")
  func ssoSecondFactor() async throws {
    let sandbox = try await CLIFixture(.binary)
    let login = try BrowserLoginProcess(
      sandbox, ["login", "--sso", "mfa@example.com", "--no-browser", "--callback-port", "0"])
    let url = try await login.signInURL()
    let (_, page) = try await ScriptedBrowser.follow(url + "&auto=mfa@example.com")
    #expect(page?.status == 200)
    // The code is made once the browser is back, just before clerkctl reads it (stdin is read
    // for the second factor only): made before the browser, it was sometimes more than its
    // 30 s step and the one after old by the time it arrived on a loaded machine.
    let secret = try #require(Base32.decode("JBSWY3DPEHPK3PXP"))
    login.send(TOTP.code(secret: secret, time: Int64(Date().timeIntervalSince1970)))
    let result = await login.finish()
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("Signed in as mfa@example.com"))
  }

  @Test("--redirect-url: the final URL is pasted on stdin (production instance, allowlisted)")
  func pasteBack() async throws {
    let sandbox = try await CLIFixture(
      .binary,
      emulatorArguments: ["--instance", "production", "--allow-redirect", "https://example.com/cb"])
    let login = try BrowserLoginProcess(
      sandbox,
      ["login", "--oauth", "google", "--no-browser", "--redirect-url", "https://example.com/cb"])
    let (final, page) = try await ScriptedBrowser.follow(
      try login.signInURL() + "&auto=demo@example.com", stopAt: "https://example.com/cb")
    #expect(page == nil)
    #expect(final.hasPrefix("https://example.com/cb?rotating_token_nonce="))
    login.send(final)
    let result = await login.finish()
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("Signed in as demo@example.com"))
  }

  @Test("a production instance refuses a redirect URL that is not allowlisted (exit 3)")
  func productionRefusal() async throws {
    let sandbox = try await CLIFixture(
      .binary,
      emulatorArguments: ["--instance", "production", "--allow-redirect", "https://example.com/cb"])
    let login = try BrowserLoginProcess(
      sandbox, ["login", "--oauth", "google", "--no-browser", "--callback-port", "0"])
    let result = await login.finish()
    #expect(result.status == 3, "\(result.stderr)")
    #expect(result.stderr.contains("resource_missmatch"))
    #expect(result.stderr.contains("allowlist"))
  }

  @Test("the wait is bounded by --sign-in-timeout (exit 8)")
  func timeout() async throws {
    // Three seconds, not one: the deadline counts from the start, and on a loaded machine the
    // start and the sign-in's first two requests alone took over a second (then it rightly
    // times out before the wait line).
    let sandbox = try await CLIFixture(.binary)
    let login = try BrowserLoginProcess(
      sandbox,
      [
        "login", "--profile", "work", "--oauth", "google", "--no-browser", "--callback-port",
        "0", "--sign-in-timeout", "3",
      ])
    let result = await login.finish()
    #expect(result.status == 8, "\(result.stderr)")
    #expect(result.stderr.contains("timed out after 3 s"))
    // The hint keeps the flags that matter.
    #expect(result.stderr.contains("run 'clerkctl login --profile work --oauth google' again"))
    // The wait line is checked where the run surely reaches it (the Ctrl-C test below): here a
    // loaded machine may spend the 3 s before the wait starts, and then it rightly times out first.
  }

  @Test("Ctrl-C while waiting exits 130")
  func interrupt() async throws {
    let sandbox = try await CLIFixture(.binary)
    let login = try BrowserLoginProcess(
      sandbox,
      [
        "login", "--oauth", "google", "--no-browser", "--callback-port", "0",
        "--sign-in-timeout", "90",
      ])
    _ = try await login.signInURL()
    // The wait line says when it gives up and how to cancel.
    let waiting = await login.stderr(containing: "Ctrl-C cancels")
    #expect(
      waiting.contains(
        #/Waiting for the browser to come back to 127\.0\.0\.1; it gives up at \d\d:\d\d:\d\d UTC \(in 90 s\), Ctrl-C cancels\.\.\./#
      ),
      "\(waiting)")
    login.interrupt()
    let result = await login.finish()
    #expect(result.status == 130, "\(result.stderr)")
    #expect(result.stderr.contains("cancelled"))
  }

  @Test("refused in CI and with --no-input; an unknown provider names the valid ones")
  func usage() async throws {
    let sandbox = try await CLIFixture(.binary)
    let ci = try await sandbox.run(["login", "--oauth", "google"])
    #expect(ci.status == 2)
    #expect(ci.stderr.contains("--user-id"))
    #expect(ci.stderr.contains("--ticket-stdin"))
    let noInput = try await sandbox.run(
      ["login", "--sso", "a@b.example", "--no-input"], extra: ["CI": ""])
    #expect(noInput.status == 2)
    let unknown = try await sandbox.run(["login", "--oauth", "myspace"], extra: ["CI": ""])
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("github, google"))
  }
}
