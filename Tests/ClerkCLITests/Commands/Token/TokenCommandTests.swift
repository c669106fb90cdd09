import ClerkTestSupport
import ClerkctlCore
import Foundation
import Testing

/// `clerkctl token` run in process against the emulator in memory, on one test clock.
@Suite("clerkctl token, in process")
struct TokenCommandTests {
  /// Also through the built binary over loopback: the wire and the real process agree.
  @Test(
    "a miss costs exactly one request; a hit costs none",
    arguments: [CLIFixture.Mode.inProcess, .binary])
  func cache(mode: CLIFixture.Mode) async throws {
    let fixture = try await CLIFixture(mode)
    // An hour, not the template's 60 s: `.binary` runs on the real clock, and on a loaded
    // machine more than 50 s (the lifetime less the default --min-ttl) once passed between the
    // first run and the second, which then rightly minted again.
    try await fixture.admin.setTokenLifetime(template: "convex", seconds: 3600)
    try await fixture.signIn()
    let session = try #require(fixture.credential()["session_id"]?.stringValue)
    let first = try await fixture.run(["token", "--template", "convex"])
    #expect(first.status == 0)
    #expect(first.stderr.isEmpty)
    let afterMiss = try await fixture.admin.requests(containing: session)
    #expect(afterMiss.count == 1)
    #expect(afterMiss.first?.path.hasSuffix("/tokens/convex") == true)
    let second = try await fixture.run(["token", "--template", "convex"])
    #expect(second.stdout == first.stdout)
    await #expect(try fixture.admin.requests(containing: session).count == 1)
    let forced = try await fixture.run(["token", "--template", "convex", "--force-refresh"])
    #expect(forced.status == 0)
    #expect(forced.stdout != first.stdout)
    await #expect(try fixture.admin.requests(containing: session).count == 2)
  }

  @Test(
    "a cached token with less than --min-ttl left is minted again; above the lifetime is a usage error"
  )
  func minTTL() async throws {
    let fixture = try await CLIFixture()
    try await fixture.signIn()
    let session = try #require(fixture.credential()["session_id"]?.stringValue)
    let first = try await fixture.run(["token", "--template", "convex"])
    // Age the cached token: 8 s left of its 60, less than the default --min-ttl of 10.
    try #require(fixture.time).advance(52)
    let withFiveSeconds = try await fixture.run(["token", "--template", "convex", "--min-ttl", "5"])
    #expect(withFiveSeconds.stdout == first.stdout)
    await #expect(try fixture.admin.requests(containing: session).count == 1)
    let fresh = try await fixture.run(["token", "--template", "convex"])
    #expect(fresh.status == 0)
    #expect(fresh.stdout != first.stdout)
    await #expect(try fixture.admin.requests(containing: session).count == 2)
    let impossible = try await fixture.run(["token", "--template", "convex", "--min-ttl", "600"])
    #expect(impossible.status == 2)
    #expect(impossible.stdout.isEmpty)
    #expect(impossible.stderr.contains("--min-ttl"))
  }

  @Test("the template token carries the template's claims; the session token has sid")
  func claimsOfTokens() async throws {
    let fixture = try await CLIFixture()
    try await fixture.signIn()
    let user = try #require(fixture.credential()["user_id"]?.stringValue)
    let convex = try await claims(of: try fixture.run(["token", "--template", "convex"]).stdout)
    #expect(convex["aud"]?.stringValue == "convex")
    #expect(convex["sub"]?.stringValue == user)
    #expect(convex["iss"]?.stringValue == fixture.fapiURL)
    #expect(convex["sid"] == nil)
    let session = try await claims(of: try fixture.run(["token"]).stdout)
    let stored = try fixture.credential()["session_id"]?.stringValue
    #expect(session["sid"]?.stringValue == stored)
  }

  @Test("--format raw, header and json")
  func formats() async throws {
    let fixture = try await CLIFixture()
    try await fixture.signIn()
    let raw = try await fixture.run(["token", "--template", "convex"]).stdout
    #expect(raw.hasSuffix("\n"))
    #expect(raw.split(separator: ".").count == 3)
    let header = try await fixture.run(["token", "--template", "convex", "--format", "header"])
      .stdout
    #expect(header == "Authorization: Bearer \(raw)")
    let json = try await JSONValue(
      parsing: try fixture.run(["token", "--template", "convex", "--json"]).stdout)
    #expect(json["jwt"]?.stringValue == raw.trimmingCharacters(in: .newlines))
    #expect(json["template"]?.stringValue == "convex")
    #expect(json["user_id"]?.stringValue?.hasPrefix("user_") == true)
    #expect(json["session_id"]?.stringValue?.hasPrefix("sess_") == true)
    let issued = try #require(json["issued_at"]?.intValue)
    let expires = try #require(json["expires_at"]?.intValue)
    #expect(expires - issued == 60)
    #expect(json["expires_in"]?.intValue == 60, "no time passes on the test clock")
    #expect(json["schema_version"] == 1)
    #expect(json["profile"]?.stringValue == "default")
    #expect(json["cached"] == true)
    let fresh = try await JSONValue(
      parsing: try fixture.run(["token", "--template", "convex", "--json", "--force-refresh"])
        .stdout)
    #expect(fresh["cached"] == false)
    for format in ["raw", "header"] {
      let clash = try await fixture.run(["token", "--json", "--format", format])
      #expect(clash.status == 2)
      #expect(clash.stdout.isEmpty)
      #expect(clash.stderr.contains("'--json' and '--format \(format)' disagree"))
    }
    await #expect(try fixture.run(["token", "--json", "--format", "json"]).status == 0)
  }

  @Test("an unknown template is exit 7 naming it; stdout stays empty")
  func unknownTemplate() async throws {
    let fixture = try await CLIFixture()
    try await fixture.signIn()
    let result = try await fixture.run(["token", "--template", "nope"])
    #expect(result.status == 7)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("'nope'"))
  }

  @Test("not signed in, logged out, or revoked at Clerk: exit 4")
  func notSignedIn() async throws {
    let fixture = try await CLIFixture()
    let never = try await fixture.run(["token"])
    #expect(never.status == 4)
    #expect(never.stdout.isEmpty)
    #expect(never.stderr.contains("clerkctl login"))

    try await fixture.signIn()
    let session = try #require(fixture.credential()["session_id"]?.stringValue)
    try await fixture.admin.revoke(sessionID: session)
    let revoked = try await fixture.run(["token", "--template", "convex"])
    #expect(revoked.status == 4, "\(revoked.stderr)")
    #expect(revoked.stdout.isEmpty)

    try await fixture.signIn()
    await #expect(try fixture.run(["logout"]).status == 0)
    let loggedOut = try await fixture.run(["token", "--template", "convex"])
    #expect(loggedOut.status == 4)
    #expect(loggedOut.stdout.isEmpty)
  }

  @Test("two profiles used at once never mix")
  func profiles() async throws {
    let fixture = try await CLIFixture()
    try await fixture.signIn(profile: "alice")
    let code = try fixture.totpCode()
    let bob = try await fixture.run(
      [
        "login", "--profile", "bob", "--identifier", "mfa@example.com", "--password-stdin",
        "--code-stdin",
      ], stdin: "demo-password\n\(code)\n")
    #expect(bob.status == 0, "\(bob.stderr)")
    let results = [("alice", "demo@example.com"), ("bob", "mfa@example.com")].map {
      profile, email in
      (
        email,
        try? fixture.run(["token", "--template", "convex"], extra: ["CLERKCTL_PROFILE": profile])
      )
    }
    let aliceUser = try fixture.credential(profile: "alice")["user_id"]?.stringValue
    let bobUser = try fixture.credential(profile: "bob")["user_id"]?.stringValue
    #expect(aliceUser != bobUser)
    for (email, result) in results {
      let result = try #require(result)
      let sub = try claims(of: result.stdout)["sub"]?.stringValue
      #expect(sub == (email == "demo@example.com" ? aliceUser : bobUser))
    }
    let whoami = try await fixture.run(["whoami", "--profile", "bob", "--json"])
    #expect(try JSONValue(parsing: whoami.stdout)["email"]?.stringValue == "mfa@example.com")
    await #expect(try fixture.run(["token"]).status == 4)
  }

  @Test("concurrent runs sharing one config dir on a cold cache make one mint under the lock")
  func singleMintUnderTheLock() async throws {
    // Lock waiters poll with real sleeps; the test clock still stands still.
    let fixture = try await CLIFixture(sleeping: .sleepsForReal)
    try await fixture.signIn()
    try await fixture.admin.clearRequests()
    let results = Lock<[ProcessResult]>([])
    let runs = DispatchGroup()
    for _ in 0..<8 {
      runs.enter()
      DetachedThread.start {
        let result = try? fixture.run(["token", "--template", "convex"])
        results.withLock { $0.append(result ?? ProcessResult(status: -1)) }
        runs.leave()
      }
    }
    runs.wait()
    let all = results.withLock { $0 }
    #expect(all.count == 8)
    for result in all { #expect(result.status == 0, "\(result.stderr)") }
    #expect(Set(all.map(\.stdout)).count == 1)
    await #expect(try fixture.mintCount() == 1)
  }
}
