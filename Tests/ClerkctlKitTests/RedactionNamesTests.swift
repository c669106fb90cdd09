import ClerkTestSupport
import Testing

@testable import ClerkctlCore

/// More query names whose values are secrets: `bearer`, `pin`, `hash`, `passphrase`, `sid`.
@Suite("Redaction of more secret-looking query names", .tags(.security))
struct RedactionNamesTests {
  @Test(
    "bearer, pin, hash, passphrase and sid values are redacted",
    arguments: [
      "bearer", "pin", "hash", "passphrase", "sid", "Bearer_Token", "user_pin", "pw_hash",
    ])
  func redacted(name: String) {
    let shown = Redaction.url("https://x.example/p?\(name)=supersecretvalue1234&page=2")
    #expect(!shown.contains("supersecretvalue"), "\(shown)")
    #expect(shown.contains("page=2"), "\(shown)")
  }
}
