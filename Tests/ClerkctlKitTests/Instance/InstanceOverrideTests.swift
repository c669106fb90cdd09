import Synchronization
import Testing

@testable import ClerkctlCore
@testable import ClerkctlHTTP
@testable import ClerkctlKit
@testable import ClerkctlWire

@Suite("Instance override and binding")
struct InstanceOverrideTests {
  @Test(
    "origins compare scheme, host and port; not the path or the host's case",
    arguments: [
      ("https://a.example", "https://A.example/", true),
      ("https://a.example", "https://a.example:443/proxy", true),
      ("http://127.0.0.1:8787", "http://127.0.0.1:8787/v1", true),
      ("https://a.example", "http://a.example", false),
      ("https://a.example", "https://a.example:8443", false),
      ("https://a.example", "https://b.example", false),
      ("http://127.0.0.1:8787", "http://localhost:8787", false),
      ("http://127.0.0.1:8787", "http://127.0.0.1:8788", false),
      ("https://a.example", "https://a.example.evil.example", false),
      ("http://[::1]:80", "http://[::1]", true),
    ])
  func origins(_ first: String, _ second: String, _ same: Bool) throws {
    let a = try #require(InstanceOrigin(url: first))
    let b = try #require(InstanceOrigin(url: second))
    #expect((a == b) == same)
  }

  @Test("an origin is written without the default port")
  func originDescription() {
    #expect(InstanceOrigin(url: "https://A.example:443/x")?.description == "https://a.example")
    #expect(
      InstanceOrigin(url: "http://127.0.0.1:8787")?.description == "http://127.0.0.1:8787")
    #expect(InstanceOrigin(url: "ftp://a.example") == nil)
    #expect(InstanceOrigin(url: "https://user@a.example") == nil)
  }

  @Test("the first setting wins and is validated; none means no override")
  func firstSettingWins() throws {
    #expect(try InstanceResolver.override(from: []) == nil)
    let key = PublishableKey.make(frontendAPIHost: "clerk.example.com", production: true)
    let found = try InstanceResolver.override(from: [
      InstanceSetting(.publishableKey, value: key, source: "publishableKey"),
      InstanceSetting(.frontendAPIURL, value: "https://other.example", source: "CLERK_FAPI_URL"),
    ])
    #expect(found?.url == "https://clerk.example.com")
    #expect(found?.source == "publishableKey")
    #expect(throws: InstanceError.self) {
      try InstanceResolver.override(from: [
        InstanceSetting(.frontendAPIURL, value: "http://evil.example", source: "CLERK_FAPI_URL")
      ])
    }
    #expect(
      InstanceSetting.fromEnvironment(["CLERK_FAPI_URL": "", "CLERK_PUBLISHABLE_KEY": key])
        == [InstanceSetting(.publishableKey, value: key, source: "CLERK_PUBLISHABLE_KEY")])
  }

  @Test("a credential of another origin is refused with both origins and the source")
  func binding() throws {
    let override = try InstanceOverride(url: "https://evil.example", source: "CLERK_FAPI_URL")
    let credential = ProfileCredential(
      profile: "work", fapiURL: "https://clerk.example.com", clientToken: "t", signedInAt: 1)
    #expect(
      throws: InstanceError.boundElsewhere(
        profile: "work", bound: "https://clerk.example.com", requested: "https://evil.example",
        source: "CLERK_FAPI_URL")
    ) { try override.requireBinding(of: credential) }
    let same = try InstanceOverride(url: "https://CLERK.example.com/", source: "--fapi-url")
    try same.requireBinding(of: credential)
  }

  @Test("an account bound elsewhere sends nothing: token, session check, sign-out")
  func accountSendsNothing() throws {
    let sent = Lock(0)
    let http = HTTPClient { _ throws -> HTTPResponse in
      sent.withLock { $0 += 1 }
      throw HTTPError(.connect, url: "", message: "must not be called")
    }
    let store = InMemoryCredentialStore()
    var credential = ProfileCredential(
      profile: "default", fapiURL: "https://clerk.example.com", clientToken: "t",
      sessionID: "sess_1", signedInAt: 1)
    credential.cache(
      CachedToken(jwt: "cached.jwt.x", template: nil, issuedAt: 1, expiresAt: 4_000_000_000),
      sessionID: "sess_1")
    try store.save(credential)
    var account = ClerkAccount(profile: "default", store: store, http: http, clock: .system)
    account.instance = try InstanceOverride(url: "https://evil.example", source: "CLERK_FAPI_URL")
    #expect(throws: InstanceError.self) {
      try account.token(template: nil, minTTL: 0, forceRefresh: false)
    }
    #expect(throws: InstanceError.self) { try account.liveSession() }
    #expect(throws: InstanceError.self) { try account.signOut() }
    #expect(throws: InstanceError.self) { try account.checkInstanceBinding() }
    #expect(sent.withLock { $0 } == 0)
    #expect(try store.load(profile: "default") == credential, "nothing stored or deleted")
  }
}
