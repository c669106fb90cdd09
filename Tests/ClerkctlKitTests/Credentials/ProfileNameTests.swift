import Testing

@testable import ClerkctlKit

@Suite("Profile names")
struct ProfileNameTests {
  @Test(
    "accepts safe names",
    arguments: [
      "default", "a", "Z", "0", "work.prod", "ci_bot-2", String(repeating: "x", count: 64),
    ])
  func accepts(name: String) throws {
    #expect(ProfileName.isValid(name))
    try ProfileName.validate(name)
  }

  @Test(
    "refuses names that are not safe file names",
    arguments: [
      "", ".", "..", ".hidden", "-x", "_x", "a/b", "a b", "a\u{0}", "é", "a:b", "a*",
      String(repeating: "x", count: 65),
    ])
  func refuses(name: String) {
    #expect(!ProfileName.isValid(name))
    #expect(throws: CredentialStoreError.invalidProfileName(name)) {
      try ProfileName.validate(name)
    }
  }
}
