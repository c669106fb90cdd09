import ClerkTestSupport
import ClerkctlCore
import ClerkctlHTTP
import Foundation
import Testing

@testable import ClerkEmulator

@Suite("FAPI sign-in by phone code and username, backup codes as a second factor")
struct PhoneAndBackupCodeTests {
  private func json(_ response: HTTPResponse) throws -> JSONValue {
    try EmulatorHarness.json(response)
  }

  @Test("a test phone number in one request: needs_first_factor, code 424242, nothing sent")
  func phoneCodeOneRequest() throws {
    let harness = try EmulatorHarness()
    // Typed with spaces and dashes, the number still finds the user.
    let created = harness.fapi(
      "POST", "/v1/client/sign_ins",
      form: [("identifier", "+1 555-555-0100"), ("strategy", "phone_code")])
    #expect(created.status == 200)
    let signIn = try #require(try json(created)["response"])
    #expect(signIn["status"] == "needs_first_factor")
    #expect(signIn["first_factor_verification"]?["object"] == "verification_otp")
    #expect(signIn["first_factor_verification"]?["strategy"] == "phone_code")
    let factors = try #require(signIn["supported_first_factors"]?.arrayValue)
    #expect(factors.map { $0["strategy"] } == ["phone_code"])
    #expect(factors.first?["safe_identifier"] == "+15555550100")
    #expect(factors.first?["phone_number_id"]?.stringValue?.hasPrefix("idn_") == true)
    #expect(harness.emulator.state.emails.isEmpty)
    let token = try #require(created.headers["Authorization"])
    let id = try #require(signIn["id"]?.stringValue)
    let done = harness.fapi(
      "POST", "/v1/client/sign_ins/\(id)/attempt_first_factor",
      form: [("strategy", "phone_code"), ("code", "424242")], token: token)
    #expect(done.status == 200)
    let body = try json(done)
    #expect(body["response"]?["status"] == "complete")
    #expect(body["client"]?["last_authentication_strategy"] == "phone_code")
    let user = try #require(body["client"]?["sessions"]?.arrayValue?.first?["user"])
    #expect(user["username"] == "phoneuser")
    #expect(user["email_addresses"] == [])
    #expect(user["primary_email_address_id"] == .null)
    let phone = try #require(user["phone_numbers"]?.arrayValue?.first)
    #expect(phone["object"] == "phone_number")
    #expect(phone["phone_number"] == "+15555550100")
    #expect(phone["id"] == user["primary_phone_number_id"])
    #expect(phone["id"] == factors.first?["phone_number_id"])
    #expect(user["password_enabled"] == false)
  }

  @Test("the username signs in identifier first: prepare phone_code with phone_number_id")
  func usernameIdentifierFirst() throws {
    let harness = try EmulatorHarness()
    let created = harness.fapi("POST", "/v1/client/sign_ins", form: [("identifier", "PhoneUser")])
    let signIn = try #require(try json(created)["response"])
    #expect(signIn["status"] == "needs_first_factor")
    #expect(signIn["identifier"] == "PhoneUser")
    let factor = try #require(signIn["supported_first_factors"]?.arrayValue?.first)
    #expect(factor["strategy"] == "phone_code")
    #expect(factor["default"] == true)
    let phoneID = try #require(factor["phone_number_id"]?.stringValue)
    let token = try #require(created.headers["Authorization"])
    let base = "/v1/client/sign_ins/\(try #require(signIn["id"]?.stringValue))"

    let foreign = harness.fapi(
      "POST", base + "/prepare_first_factor",
      form: [("strategy", "phone_code"), ("phone_number_id", "idn_other")], token: token)
    #expect(foreign.status == 422)
    let password = harness.fapi(
      "POST", base + "/attempt_first_factor",
      form: [("strategy", "password"), ("password", "anything")], token: token)
    #expect(EmulatorHarness.errorCode(password) == "strategy_for_user_invalid")
    #expect(
      harness.fapi(
        "POST", base + "/prepare_first_factor",
        form: [("strategy", "phone_code"), ("phone_number_id", phoneID)], token: token
      ).status == 200)
    let wrong = harness.fapi(
      "POST", base + "/attempt_first_factor",
      form: [("strategy", "phone_code"), ("code", "111111")], token: token)
    #expect(wrong.status == 422)
    #expect(EmulatorHarness.errorCode(wrong) == "form_code_incorrect")
    let done = harness.fapi(
      "POST", base + "/attempt_first_factor",
      form: [("strategy", "phone_code"), ("code", "424242")], token: token)
    #expect(try json(done)["response"]?["status"] == "complete")
  }

  @Test("an unknown username or phone number is form_identifier_not_found")
  func unknownIdentifiers() throws {
    let harness = try EmulatorHarness()
    for identifier in ["nobody", "+15555550199"] {
      let response = harness.fapi(
        "POST", "/v1/client/sign_ins", form: [("identifier", identifier)])
      #expect(response.status == 422)
      #expect(EmulatorHarness.errorCode(response) == "form_identifier_not_found")
    }
    // A user without a phone cannot be sent a phone code.
    let noPhone = harness.fapi(
      "POST", "/v1/client/sign_ins",
      form: [("identifier", "demo@example.com"), ("strategy", "phone_code")])
    #expect(EmulatorHarness.errorCode(noPhone) == "strategy_for_user_invalid")
  }

  @Test("a phone number outside Clerk's test range gets a random code on the test surface")
  func nonTestPhone() throws {
    var configuration = EmulatorConfiguration(users: [], templates: [])
    configuration.users = [.init(phone: "+14155551234")]
    let harness = try EmulatorHarness(configuration: configuration)
    let created = harness.fapi(
      "POST", "/v1/client/sign_ins",
      form: [("identifier", "+14155551234"), ("strategy", "phone_code")])
    let id = try #require(try json(created)["response"]?["id"]?.stringValue)
    let sent = try #require(harness.emulator.state.emails.last)
    #expect(sent.to == "+14155551234")
    #expect(sent.signInID == id)
    #expect(sent.code.count == 6)
    let token = try #require(created.headers["Authorization"])
    let done = harness.fapi(
      "POST", "/v1/client/sign_ins/\(id)/attempt_first_factor",
      form: [("strategy", "phone_code"), ("code", sent.code)], token: token)
    #expect(try json(done)["response"]?["status"] == "complete")
  }

  @Test("MFA user: backup_code offered and enabled; each code works once")
  func backupCodesWorkOnce() throws {
    let harness = try EmulatorHarness()
    func secondFactor(_ code: String) throws -> (HTTPResponse, JSONValue) {
      let created = harness.fapi(
        "POST", "/v1/client/sign_ins",
        form: [("identifier", "mfa@example.com"), ("password", "demo-password")])
      let signIn = try json(created)["response"]
      let token = try #require(created.headers["Authorization"])
      let id = try #require(signIn?["id"]?.stringValue)
      let response = harness.fapi(
        "POST", "/v1/client/sign_ins/\(id)/attempt_second_factor",
        form: [("strategy", "backup_code"), ("code", code)], token: token)
      return (response, signIn ?? .null)
    }
    let (first, signIn) = try secondFactor("backup-0003")
    #expect(signIn["status"] == "needs_second_factor")
    let offered = signIn["supported_second_factors"]?.arrayValue?.map { $0["strategy"] }
    #expect(offered == ["totp", "email_code", "backup_code"])
    #expect(first.status == 200)
    let body = try json(first)
    #expect(body["response"]?["status"] == "complete")
    #expect(
      body["response"]?["second_factor_verification"]?["object"] == "verification_backup_code")
    let user = body["client"]?["sessions"]?.arrayValue?.first?["user"]
    #expect(user?["backup_code_enabled"] == true)
    #expect(user?["two_factor_enabled"] == true)

    let (again, _) = try secondFactor("backup-0003")
    #expect(again.status == 422)
    #expect(EmulatorHarness.errorCode(again) == "form_code_incorrect")
    let (never, _) = try secondFactor("backup-9999")
    #expect(EmulatorHarness.errorCode(never) == "form_code_incorrect")
    let (other, _) = try secondFactor("backup-0010")
    #expect(other.status == 200)
  }

  @Test("a user without backup codes is not offered them and cannot use one")
  func noBackupCodes() throws {
    var configuration = EmulatorConfiguration(users: [], templates: [])
    configuration.users = [
      .init(email: "totp@example.com", password: "demo-password", totpSecret: "JBSWY3DPEHPK3PXP")
    ]
    let harness = try EmulatorHarness(configuration: configuration)
    let created = harness.fapi(
      "POST", "/v1/client/sign_ins",
      form: [("identifier", "totp@example.com"), ("password", "demo-password")])
    let signIn = try json(created)["response"]
    let offered = signIn?["supported_second_factors"]?.arrayValue?.map { $0["strategy"] }
    #expect(offered == ["totp", "email_code"])
    let token = try #require(created.headers["Authorization"])
    let response = harness.fapi(
      "POST",
      "/v1/client/sign_ins/\(try #require(signIn?["id"]?.stringValue))/attempt_second_factor",
      form: [("strategy", "backup_code"), ("code", "backup-0001")], token: token)
    #expect(EmulatorHarness.errorCode(response) == "strategy_for_user_invalid")
  }

  @Test("the environment turns on phone numbers, usernames and backup codes")
  func environment() throws {
    let harness = try EmulatorHarness()
    let body = try json(harness.send("GET", "/v1/environment"))
    let attributes = body["user_settings"]?["attributes"]
    #expect(attributes?["phone_number"]?["enabled"] == true)
    #expect(attributes?["phone_number"]?["first_factors"] == ["phone_code"])
    #expect(attributes?["username"]?["enabled"] == true)
    #expect(attributes?["backup_code"]?["enabled"] == true)
    #expect(attributes?["backup_code"]?["second_factors"] == ["backup_code"])
    #expect(
      body["auth_config"]?["identification_strategies"]
        == ["email_address", "phone_number", "username"])
  }
}
