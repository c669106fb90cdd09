import ClerkTestSupport
import Testing

@testable import ClerkctlKit

@Suite("In-memory credential store")
struct InMemoryCredentialStoreTests {
  @Test("saves, loads, locks and destroys through the protocol")
  func roundTrip() throws {
    let store: any CredentialStore = InMemoryCredentialStore()
    #expect(try store.load(profile: "default") == nil)
    try store.withLock(profile: "default", timeout: 1) {
      try store.withLock(profile: "default", timeout: 1) { try store.save(.sample()) }
    }
    #expect(try store.load(profile: "default") == .sample())
    #expect(try store.destroy(profile: "default"))
    #expect(try store.destroy(profile: "default") == false)
    #expect(throws: CredentialStoreError.invalidProfileName("a/b")) {
      try store.load(profile: "a/b")
    }
  }

  @Test("never prints secrets in descriptions")
  func redaction() {
    let text = String(describing: ProfileCredential.sample())
    #expect(!text.contains("client_token_secret"))
    #expect(!text.contains("eyJ"))
    let token = ProfileCredential.sample().tokens.values.map(String.init(describing:)).joined()
    #expect(!token.contains("eyJ"))
  }
}
