import Testing

@testable import ClerkEmulator

@Suite("Configuration file: unknown keys")
struct ConfigurationKeysTests {
  @Test("an unknown key is an error naming it and the nearest valid one")
  func unknownTopLevel() {
    let text = #"{"user":[{"email":"a@b.co","password":"pw-123456"}]}"#
    #expect(throws: EmulatorConfigurationError.self) {
      try EmulatorConfiguration(json: Array(text.utf8))
    }
    do {
      _ = try EmulatorConfiguration(json: Array(text.utf8))
    } catch {
      #expect(
        error.description.hasPrefix(
          #"invalid config file: unknown key "user"; did you mean "users"?"#),
        "\(error.description)")
    }
  }

  @Test("an unknown key in a user is named with its place; $schema and _comment pass")
  func unknownUserKey() throws {
    let text = #"{"$schema":"x","_comment":"y","users":[{"email":"a@b.co","pasword":"pw"}]}"#
    do {
      _ = try EmulatorConfiguration(json: Array(text.utf8))
      Issue.record("the misspelled key was accepted")
    } catch {
      #expect(
        error.description.contains(#"unknown key "users[0].pasword"; did you mean "password"?"#),
        "\(error.description)")
    }
    let fine = #"{"$schema":"x","users":[{"email":"a@b.co","password":"pw-123456"}]}"#
    #expect(try EmulatorConfiguration(json: Array(fine.utf8)).users.count == 1)
  }
}
