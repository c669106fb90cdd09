import Testing

@testable import ClerkctlKit
@testable import ClerkctlWire

@Suite("Instance resolver")
struct InstanceResolverTests {
  /// The command line's settings: the caller names its own sources.
  static func resolve(
    fapiURLFlag: String?, publishableKeyFlag: String?, environment: [String: String],
    stored: String?
  ) throws(InstanceError) -> InstanceResolver.Resolution {
    try InstanceResolver.resolveWithSource(
      settings: InstanceResolver.settings(
        frontendAPIURL: fapiURLFlag.map {
          InstanceSetting(.frontendAPIURL, value: $0, source: "--fapi-url")
        },
        publishableKey: publishableKeyFlag.map {
          InstanceSetting(.publishableKey, value: $0, source: "--publishable-key")
        },
        environment: environment),
      stored: stored)
  }

  static let keyA = "pk_test_Y2xlYW4tbWF5Zmx5LTYyLmNsZXJrLmFjY291bnRzLmRldiQ"
  static let keyB = "pk_live_Y2xlcmsuZXhhbXBsZS5jb20k"

  struct Case: Sendable, CustomTestStringConvertible {
    var fapiFlag: String?
    var keyFlag: String?
    var environment: [String: String]
    var stored: String?
    var url: String
    var source: String
    var testDescription: String { source + " wins" }
  }

  @Test(
    "takes --fapi-url > CLERK_FAPI_URL > --publishable-key > CLERK_PUBLISHABLE_KEY > profile",
    arguments: [
      Case(
        fapiFlag: "http://127.0.0.1:8787/", keyFlag: keyA,
        environment: ["CLERK_FAPI_URL": "https://env.example", "CLERK_PUBLISHABLE_KEY": keyB],
        stored: "https://stored.example", url: "http://127.0.0.1:8787", source: "--fapi-url"),
      Case(
        fapiFlag: nil, keyFlag: keyA,
        environment: ["CLERK_FAPI_URL": "https://env.example", "CLERK_PUBLISHABLE_KEY": keyB],
        stored: "https://stored.example", url: "https://env.example", source: "CLERK_FAPI_URL"),
      Case(
        fapiFlag: nil, keyFlag: keyA,
        environment: ["CLERK_FAPI_URL": "", "CLERK_PUBLISHABLE_KEY": keyB],
        stored: "https://stored.example", url: "https://clean-mayfly-62.clerk.accounts.dev",
        source: "--publishable-key"),
      Case(
        fapiFlag: nil, keyFlag: nil, environment: ["CLERK_PUBLISHABLE_KEY": keyB],
        stored: "https://stored.example", url: "https://clerk.example.com",
        source: "CLERK_PUBLISHABLE_KEY"),
      Case(
        fapiFlag: nil, keyFlag: nil, environment: ["CLERK_PUBLISHABLE_KEY": ""],
        stored: "https://stored.example/", url: "https://stored.example", source: "profile"),
    ])
  func precedence(_ row: Case) throws {
    let resolution = try Self.resolve(
      fapiURLFlag: row.fapiFlag, publishableKeyFlag: row.keyFlag, environment: row.environment,
      stored: row.stored)
    #expect(resolution == InstanceResolver.Resolution(url: row.url, source: row.source))
  }

  @Test("fails with the way to configure an instance when nothing names one")
  func notConfigured() {
    #expect(throws: InstanceError.notConfigured) {
      try Self.resolve(
        fapiURLFlag: nil, publishableKeyFlag: nil, environment: ["CLERK_FAPI_URL": ""],
        stored: nil)
    }
    #expect(
      InstanceError.notConfigured.description
        == "no Clerk instance configured: give the publishable key (from the Clerk Dashboard, "
        + "API keys) or set CLERK_PUBLISHABLE_KEY (or CLERK_FAPI_URL)")
  }

  @Test("names the source of a bad key and does not fall back past it")
  func badKeyDoesNotFallBack() {
    #expect(throws: InstanceError.invalidPublishableKey(.wrongPrefix, source: "--publishable-key"))
    {
      try Self.resolve(
        fapiURLFlag: nil, publishableKeyFlag: "sk_test_x", environment: [:],
        stored: "https://stored.example")
    }
    #expect(throws: InstanceError.insecureURL(source: "CLERK_FAPI_URL", value: "http://x.dev")) {
      try Self.resolve(
        fapiURLFlag: nil, publishableKeyFlag: Self.keyA,
        environment: ["CLERK_FAPI_URL": "http://x.dev"], stored: nil)
    }
  }

  @Test(
    "accepts https anywhere and http only on loopback",
    arguments: [
      ("https://clerk.example.com", "https://clerk.example.com"),
      ("https://clerk.example.com///", "https://clerk.example.com"),
      ("https://example.com/__clerk/", "https://example.com/__clerk"),
      ("HTTPS://Clerk.Example.com", "HTTPS://Clerk.Example.com"),
      ("http://127.0.0.1:8787", "http://127.0.0.1:8787"),
      ("http://127.1.2.3", "http://127.1.2.3"),
      ("http://localhost:3000/", "http://localhost:3000"),
      ("http://LOCALHOST", "http://LOCALHOST"),
      ("http://[::1]:8787", "http://[::1]:8787"),
    ])
  func accepts(url: String, normalized: String) throws {
    #expect(try InstanceResolver.validateURL(url, source: "--fapi-url") == normalized)
  }

  @Test(
    "refuses plain http to anything but loopback",
    arguments: [
      "http://clerk.example.com", "http://128.0.0.1", "http://10.0.0.1", "http://[::2]",
      "http://localhost.evil.com", "http://127.0.0.1.evil.com", "http://0.0.0.0",
      "http://[::ffff:8.8.8.8]",
    ])
  func refusesInsecure(url: String) {
    #expect(throws: InstanceError.insecureURL(source: "--fapi-url", value: url)) {
      try InstanceResolver.validateURL(url, source: "--fapi-url")
    }
  }

  @Test(
    "refuses URLs that are not absolute http(s) base URLs",
    arguments: [
      "", "clerk.example.com", "/relative", "ftp://clerk.example.com", "https://",
      "https://x.dev?a=1", "https://x.dev#top", "https://user:pw@x.dev", "file:///etc/passwd",
      "https://exa mple.com",
    ])
  func refusesInvalid(url: String) {
    do {
      _ = try InstanceResolver.validateURL(url, source: "CLERK_FAPI_URL")
      Issue.record("accepted \(url)")
    } catch {
      guard case .invalidURL(let source, let value, _) = error else {
        Issue.record("expected invalidURL, got \(error)")
        return
      }
      #expect(source == "CLERK_FAPI_URL")
      #expect(value == url)
    }
  }

  @Test("recognizes loopback hosts")
  func loopback() {
    for host in ["localhost", "127.0.0.1", "127.255.255.254", "::1", "[::1]"] {
      #expect(InstanceResolver.isLoopbackHost(host), "\(host)")
    }
    for host in ["127.0.0.256", "127.0.0", "1.127.0.0.1", "example.com", "::", "0:0:0:0:0:0:0:2"] {
      #expect(!InstanceResolver.isLoopbackHost(host), "\(host)")
    }
  }

  @Test("Backend API: --api-url > CLERK_API_URL > https://api.clerk.com")
  func apiURL() throws {
    let environment = ["CLERK_API_URL": "http://localhost:9000/"]
    #expect(
      try InstanceResolver.resolveAPIURL(
        "https://bapi.example", source: "--api-url", environment: environment)
        == "https://bapi.example")
    #expect(
      try InstanceResolver.resolveAPIURL(nil, source: "--api-url", environment: environment)
        == "http://localhost:9000")
    #expect(
      try InstanceResolver.resolveAPIURL(nil, source: "--api-url", environment: [:])
        == "https://api.clerk.com")
    #expect(
      try InstanceResolver.resolveAPIURL(
        nil, source: "--api-url", environment: ["CLERK_API_URL": ""])
        == "https://api.clerk.com")
    #expect(throws: InstanceError.insecureURL(source: "--api-url", value: "http://api.clerk.com")) {
      try InstanceResolver.resolveAPIURL(
        "http://api.clerk.com", source: "--api-url", environment: [:])
    }
  }
}
