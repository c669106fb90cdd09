import Testing

@testable import ClerkctlKit
@testable import ClerkctlWire

@Suite("Publishable key")
struct PublishableKeyTests {
  @Test(
    "decodes Clerk's documented examples",
    arguments: [
      (
        "pk_test_Y2xlYW4tbWF5Zmx5LTYyLmNsZXJrLmFjY291bnRzLmRldiQ",
        "clean-mayfly-62.clerk.accounts.dev", false
      ),
      ("pk_live_Y2xlcmsuZXhhbXBsZS5jb20k", "clerk.example.com", true),
      // Padded, surrounded by whitespace (as read from a file or an env var).
      (" pk_test_Y2xlcmsuZXhhbXBsZS5jb20k\n", "clerk.example.com", false),
    ])
  func decodes(key: String, host: String, production: Bool) throws {
    let parsed = try PublishableKey(key)
    #expect(parsed.frontendAPIHost == host)
    #expect(parsed.frontendAPIURL == "https://" + host)
    #expect(parsed.isProduction == production)
  }

  @Test("builds keys as Clerk does, and they parse back")
  func builds() throws {
    #expect(
      PublishableKey.make(frontendAPIHost: "clean-mayfly-62.clerk.accounts.dev", production: false)
        == "pk_test_Y2xlYW4tbWF5Zmx5LTYyLmNsZXJrLmFjY291bnRzLmRldiQ")
    #expect(
      PublishableKey.make(frontendAPIHost: "clerk.example.com", production: true)
        == "pk_live_Y2xlcmsuZXhhbXBsZS5jb20k")
    for host in ["a.b", "clerk.my-app.io", "x1.y2.z3.example"] {
      let key = PublishableKey.make(frontendAPIHost: host, production: false)
      #expect(try PublishableKey(key).frontendAPIHost == host)
    }
  }

  @Test(
    "decodes standard and URL-safe base64, padded or not",
    arguments: [
      ("+/8=", [0xFB, 0xFF]), ("-_8", [0xFB, 0xFF]), ("-_8=", [0xFB, 0xFF]),
      ("YQ", [0x61]), ("YQ==", [0x61]), ("YWI", [0x61, 0x62]),
    ] as [(String, [UInt8])])
  func base64(text: String, bytes: [UInt8]) {
    #expect(PublishableKey.decodeBase64(text) == bytes)
  }

  @Test(
    "refuses what is not base64",
    arguments: ["", "Y", "YQ=x", "a b=", "Y$Q", "YQ=", "YWJj=", "YQ==="])
  func notBase64(text: String) {
    #expect(PublishableKey.decodeBase64(text) == nil)
  }

  @Test(
    "refuses malformed keys with a precise reason",
    arguments: [
      ("", PublishableKey.Problem.wrongPrefix),
      ("sk_test_Y2xlcmsuZXhhbXBsZS5jb20k", .wrongPrefix),
      ("pk_prod_Y2xlcmsuZXhhbXBsZS5jb20k", .wrongPrefix),
      ("PK_TEST_Y2xlcmsuZXhhbXBsZS5jb20k", .wrongPrefix),
      ("pk_test_Y2xlcmsuZXhh_bXBsZS5jb20k", .wrongShape),
      ("pk_test_", .notBase64),
      ("pk_test_!!!!", .notBase64),
      ("pk_test_Y", .notBase64),
      // "clerk.example.com" (no '$')
      ("pk_test_Y2xlcmsuZXhhbXBsZS5jb20", .notAHost("clerk.example.com")),
      // "clerk$example.com$"
      ("pk_test_Y2xlcmskZXhhbXBsZS5jb20k", .notAHost("clerk$example.com$")),
      // "localhost$" (no dot)
      ("pk_test_bG9jYWxob3N0JA", .notAHost("localhost$")),
      // "a b.com$"
      ("pk_test_YSBiLmNvbSQ", .notAHost("a b.com$")),
      // "evil.com/x$"
      ("pk_test_ZXZpbC5jb20veCQ", .notAHost("evil.com/x$")),
      // ".com$"
      ("pk_test_LmNvbSQ", .notAHost(".com$")),
      // bytes 0xff 0xfe: not UTF-8
      ("pk_test__-4", .wrongShape),
      ("pk_test_//4", .notAHost(nil)),
    ])
  func refuses(key: String, problem: PublishableKey.Problem) {
    #expect(throws: problem) {
      try PublishableKey(key)
    }
  }

  @Test(
    "a host with a port is the Frontend API host, over http only for a loopback host",
    arguments: [
      ("127.0.0.1:8787", "http://127.0.0.1:8787"),
      ("[::1]:9000", "http://[::1]:9000"),
      ("clerk.example.com:8443", "https://clerk.example.com:8443"),
      ("evil.com:443", "https://evil.com:443"),
      ("127.0.0.1", "http://127.0.0.1"),
    ])
  func hostWithPort(host: String, url: String) throws {
    let key = PublishableKey.make(frontendAPIHost: host, production: false)
    let parsed = try PublishableKey(key)
    #expect(parsed.frontendAPIHost == host)
    #expect(parsed.frontendAPIURL == url)
  }

  @Test(
    "refuses a port that is not 1…65535 and a bare IPv6 address",
    arguments: [
      "clerk.example.com:", "clerk.example.com:0", "clerk.example.com:65536",
      "clerk.example.com:80a", "clerk.example.com:-1", ":8787", "::1", "[::1", "[]:80",
      "[x::1]:80",
    ])
  func badPort(host: String) {
    let key = PublishableKey.make(frontendAPIHost: host, production: false)
    #expect(throws: PublishableKey.Problem.notAHost(host + "$")) {
      try PublishableKey(key)
    }
  }

  @Test("explains refusals in words the user can act on")
  func messages() {
    #expect(
      InstanceError.invalidPublishableKey(.wrongPrefix, source: nil).description.hasPrefix(
        "publishable key must start with pk_test_ or pk_live_"))
    let message = InstanceError.invalidPublishableKey(
      .notAHost("localhost$"), source: "CLERK_PUBLISHABLE_KEY"
    ).description
    #expect(message.contains("(from CLERK_PUBLISHABLE_KEY)"))
    #expect(message.contains("does not decode to a Frontend API host"))
  }
}
