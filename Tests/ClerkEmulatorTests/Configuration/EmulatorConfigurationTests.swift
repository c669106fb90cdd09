import Foundation
import Testing

@testable import ClerkEmulator
@testable import ClerkctlCore
@testable import ClerkctlHTTP

@Suite("Configuration file")
struct EmulatorConfigurationTests {
  @Test("a config file replaces the seed")
  func parses() throws {
    let text = """
      {"users":[{"email":"a@b.co","password":"pw-123456","totp_secret":"JBSWY3DPEHPK3PXP",
        "first_name":"A","last_name":"B","public_metadata":{"plan":"pro"}}],
       "templates":[{"name":"t","claims":{"aud":"x","plan":"{{user.public_metadata.plan}}"},
        "lifetime":120,"allowed_clock_skew":0}],
       "session_token_lifetime":30}
      """
    let configuration = try EmulatorConfiguration(json: Array(text.utf8))
    #expect(configuration.users.map(\.email) == ["a@b.co"])
    #expect(configuration.users.first?.totpSecret == "JBSWY3DPEHPK3PXP")
    #expect(configuration.templates.first?.lifetime == 120)
    #expect(configuration.sessionTokenLifetime == 30)

    let harness = try EmulatorHarness(configuration: configuration)
    let created = harness.fapi(
      "POST", "/v1/client/sign_ins", form: [("identifier", "a@b.co"), ("password", "pw-123456")])
    #expect(try EmulatorHarness.json(created)["response"]?["status"] == "needs_second_factor")
    #expect(
      harness.fapi("POST", "/v1/client/sign_ins", form: [("identifier", "demo@example.com")])
        .status == 422)
  }

  @Test("users with a phone, a username and backup codes, and no email")
  func phoneUsernameBackupCodes() throws {
    let text = """
      {"users":[{"phone":"+15555550142","username":"ann","password":"pw-123456",
        "totp_secret":"JBSWY3DPEHPK3PXP","backup_codes":["one","two"]}]}
      """
    let configuration = try EmulatorConfiguration(json: Array(text.utf8))
    let user = try #require(configuration.users.first)
    #expect(user.email == nil)
    #expect(user.phone == "+15555550142")
    #expect(user.backupCodes == ["one", "two"])

    let harness = try EmulatorHarness(configuration: configuration)
    let created = harness.fapi(
      "POST", "/v1/client/sign_ins", form: [("identifier", "ann"), ("password", "pw-123456")])
    let signIn = try EmulatorHarness.json(created)["response"]
    #expect(signIn?["status"] == "needs_second_factor")
    let token = try #require(created.headers["Authorization"])
    let done = harness.fapi(
      "POST",
      "/v1/client/sign_ins/\(try #require(signIn?["id"]?.stringValue))/attempt_second_factor",
      form: [("strategy", "backup_code"), ("code", "two")], token: token)
    #expect(try EmulatorHarness.json(done)["response"]?["status"] == "complete")
  }

  @Test("the seed: mfa's ten backup codes and the phone user")
  func seed() {
    let users = EmulatorConfiguration.seed.users
    let mfa = users.first { $0.email == "mfa@example.com" }
    #expect(mfa?.backupCodes.first == "backup-0001")
    #expect(mfa?.backupCodes.last == "backup-0010")
    #expect(mfa?.backupCodes.count == 10)
    let phone = users.first { $0.username == "phoneuser" }
    #expect(phone?.phone == "+15555550100")
    #expect(phone?.email == nil && phone?.password == nil)
  }

  @Test("session_token_lifetime and template claims take effect")
  func effect() throws {
    let configuration = try EmulatorConfiguration(
      json: Array(
        """
        {"users":[{"email":"c@d.co","password":"pw","first_name":"C",
          "public_metadata":{"plan":"pro"}}],
         "templates":[{"name":"t","claims":{"plan":"{{user.public_metadata.plan}}"}}],
         "session_token_lifetime":30}
        """.utf8))
    let harness = try EmulatorHarness(configuration: configuration)
    let (token, session) = try harness.signIn("c@d.co", password: "pw")
    let jwt = try harness.mint(session, token: token)
    #expect(jwt.payload["exp"]?.intValue == (jwt.payload["iat"]?.intValue ?? 0) + 30)
    #expect(try harness.mint(session, token: token, template: "t").payload["plan"] == "pro")
  }

  @Test(
    "bad files are refused with a message naming the field",
    arguments: [
      ("[]", "the top level must be an object"),
      ("{\"users\":[{\"password\":\"x\"}]}", "users[0] needs an email, a phone or a username"),
      ("{\"users\":[{\"email\":\"nope\"}]}", "users[0].email"),
      ("{\"users\":[{\"phone\":\"555 0100\"}]}", "users[0].phone"),
      (
        "{\"users\":[{\"username\":\"u\",\"backup_codes\":[\"a\"]}]}",
        "users[0].backup_codes need a totp_secret"
      ),
      (
        "{\"users\":[{\"username\":\"u\",\"totp_secret\":\"JBSWY3DPEHPK3PXP\",\"backup_codes\":[1]}]}",
        "users[0].backup_codes must be an array"
      ),
      ("{\"users\":[{\"email\":\"a@b\",\"totp_secret\":\"!!\"}]}", "users[0].totp_secret"),
      ("{\"templates\":[{\"name\":\"t\"}]}", "templates[0].claims"),
      ("{\"session_token_lifetime\":0}", "session_token_lifetime"),
      ("{", "not valid JSON"),
    ])
  func refuses(text: String, fragment: String) {
    do {
      _ = try EmulatorConfiguration(json: Array(text.utf8))
      Issue.record("accepted \(text)")
    } catch {
      #expect(error.description.contains(fragment))
    }
  }

  @Test("an unreadable path is reported")
  func unreadable() {
    #expect(throws: EmulatorConfigurationError.unreadable("/nonexistent/x.json")) {
      try EmulatorConfiguration.load(path: "/nonexistent/x.json")
    }
  }
}
