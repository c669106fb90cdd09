import ClerkTestSupport
import ClerkctlCore
import ClerkctlCrypto
import Foundation
import Testing

@testable import ClerkEmulator
@testable import ClerkctlHTTP

/// The sign-in flows over real loopback HTTP (libcurl client, `HTTPServer`).
@Suite("Sign-in flows over loopback HTTP")
struct LoopbackSignInTests {
  private let harness: EmulatorHarness

  init() throws { harness = try EmulatorHarness(overLoopback: true) }

  /// The user id of `email`, from BAPI.
  private func userID(_ email: String) throws -> String {
    let users = try EmulatorHarness.json(harness.bapi("GET", "/v1/users?email_address=\(email)"))
    return try #require(users.arrayValue?.first?["id"]?.stringValue)
  }

  @Test("password in one request: complete, client token in the Authorization header")
  func passwordOneRequest() async throws {
    let response = await harness.fapi(
      "POST", "/v1/client/sign_ins",
      form: [("identifier", "demo@example.com"), ("password", "demo-password")])
    #expect(response.status == 200)
    #expect(response.headers["Content-Type"] == "application/json")
    let body = try EmulatorHarness.json(response)
    #expect(body["response"]?["status"] == "complete")
    let session = try #require(body["response"]?["created_session_id"]?.stringValue)
    #expect(body["client"]?["last_active_session_id"]?.stringValue == session)
    let token = try #require(response.headers["Authorization"])
    #expect(!token.hasPrefix("Bearer"))
    #expect(try JWT(token).payload["id"] == body["client"]?["id"])
    let client = try await EmulatorHarness.json(harness.fapi("GET", "/v1/client", token: token))
    #expect(client["response"]?["sessions"]?.arrayValue?.first?["id"]?.stringValue == session)
  }

  @Test("identifier first, then password: the client token rotates and the old one is dead")
  func identifierFirstRotates() async throws {
    let created = await harness.fapi(
      "POST", "/v1/client/sign_ins", form: [("identifier", "demo@example.com")])
    let signIn = try #require(try EmulatorHarness.json(created)["response"])
    #expect(signIn["status"] == "needs_first_factor")
    let first = try #require(created.headers["Authorization"])
    let id = try #require(signIn["id"]?.stringValue)
    let attempted = await harness.fapi(
      "POST", "/v1/client/sign_ins/\(id)/attempt_first_factor",
      form: [("strategy", "password"), ("password", "demo-password")], token: first)
    #expect(try EmulatorHarness.json(attempted)["response"]?["status"] == "complete")
    let second = try #require(attempted.headers["Authorization"])
    #expect(second != first)
    let before = try JWT(first).payload
    let after = try JWT(second).payload
    #expect(before["id"] == after["id"])
    #expect(before["rotating_token"] != after["rotating_token"])
    // The replaced token no longer identifies the client; the new one does.
    await #expect(
      try EmulatorHarness.json(harness.fapi("GET", "/v1/client", token: first))["response"] == .null
    )
    await #expect(
      try EmulatorHarness.json(harness.fapi("GET", "/v1/client", token: second))["response"]?["id"]
        != nil)
  }

  @Test("email code for a +clerk_test address: 424242, nothing recorded")
  func testModeEmailCode() async throws {
    let created = await harness.fapi(
      "POST", "/v1/client/sign_ins",
      form: [("identifier", "demo+clerk_test@example.com"), ("strategy", "email_code")])
    let token = try #require(created.headers["Authorization"])
    let id = try #require(try EmulatorHarness.json(created)["response"]?["id"]?.stringValue)
    let done = await harness.fapi(
      "POST", "/v1/client/sign_ins/\(id)/attempt_first_factor",
      form: [("strategy", "email_code"), ("code", "424242")], token: token)
    #expect(done.status == 200)
    #expect(try EmulatorHarness.json(done)["response"]?["status"] == "complete")
    let emails = try await EmulatorHarness.json(harness.send("GET", "/__emulator/emails"))
    #expect(emails == [])
  }

  @Test("email code for demo@example.com: the recorded code from /__emulator/emails works")
  func recordedEmailCode() async throws {
    let created = await harness.fapi(
      "POST", "/v1/client/sign_ins",
      form: [("identifier", "demo@example.com"), ("strategy", "email_code")])
    let token = try #require(created.headers["Authorization"])
    let id = try #require(try EmulatorHarness.json(created)["response"]?["id"]?.stringValue)
    let emails = try await EmulatorHarness.json(
      harness.send("GET", "/__emulator/emails?to=demo@example.com"))
    let email = try #require(emails.arrayValue?.last)
    #expect(email["sign_in_id"]?.stringValue == id)
    #expect(email["factor"] == "first_factor")
    let code = try #require(email["code"]?.stringValue)
    #expect(code.count == 6)
    let wrongCode = code == "000000" ? "111111" : "000000"
    let wrong = await harness.fapi(
      "POST", "/v1/client/sign_ins/\(id)/attempt_first_factor",
      form: [("strategy", "email_code"), ("code", wrongCode)], token: token)
    #expect(wrong.status == 422)
    #expect(EmulatorHarness.errorCode(wrong) == "form_code_incorrect")
    #expect(
      try EmulatorHarness.json(wrong)["errors"]?.arrayValue?.first?["meta"]?["param_name"] == "code"
    )
    let done = await harness.fapi(
      "POST", "/v1/client/sign_ins/\(id)/attempt_first_factor",
      form: [("strategy", "email_code"), ("code", code)], token: token)
    #expect(try EmulatorHarness.json(done)["response"]?["status"] == "complete")
  }

  @Test("TOTP second factor for mfa@example.com")
  func totpSecondFactor() async throws {
    let created = await harness.fapi(
      "POST", "/v1/client/sign_ins",
      form: [("identifier", "mfa@example.com"), ("password", "demo-password")])
    let signIn = try #require(try EmulatorHarness.json(created)["response"])
    #expect(signIn["status"] == "needs_second_factor")
    #expect(signIn["supported_second_factors"]?.arrayValue?.first?["strategy"] == "totp")
    let token = try #require(created.headers["Authorization"])
    let id = try #require(signIn["id"]?.stringValue)
    let secret = try #require(Base32.decode("JBSWY3DPEHPK3PXP"))
    let code = TOTP.code(secret: secret, time: Int64(harness.time.now.timeIntervalSince1970))
    let wrongCode = code == "000000" ? "111111" : "000000"
    let wrong = await harness.fapi(
      "POST", "/v1/client/sign_ins/\(id)/attempt_second_factor",
      form: [("strategy", "totp"), ("code", wrongCode)], token: token)
    #expect(wrong.status == 422)
    #expect(EmulatorHarness.errorCode(wrong) == "form_code_incorrect")
    let done = await harness.fapi(
      "POST", "/v1/client/sign_ins/\(id)/attempt_second_factor",
      form: [("strategy", "totp"), ("code", code)], token: token)
    let body = try EmulatorHarness.json(done)
    #expect(body["response"]?["status"] == "complete")
    #expect(body["response"]?["created_session_id"]?.stringValue?.hasPrefix("sess_") == true)
    #expect(done.headers["Authorization"].map { $0 != token } == true)
  }

  @Test("ticket: BAPI sign_in_tokens, then FAPI strategy=ticket; a second use is refused")
  func ticket() async throws {
    let user = try userID("demo@example.com")
    let issued = try await EmulatorHarness.json(
      harness.bapi(
        "POST", "/v1/sign_in_tokens", json: ["user_id": .string(user), "expires_in_seconds": 600])
    )
    #expect(issued["object"] == "sign_in_token")
    #expect(issued["status"] == "pending")
    let ticket = try #require(issued["token"]?.stringValue)
    let redeemed = await harness.fapi(
      "POST", "/v1/client/sign_ins", form: [("strategy", "ticket"), ("ticket", ticket)])
    #expect(redeemed.status == 200)
    let body = try EmulatorHarness.json(redeemed)
    #expect(body["response"]?["status"] == "complete")
    #expect(body["client"]?["sessions"]?.arrayValue?.first?["user"]?["id"]?.stringValue == user)
    #expect(redeemed.headers["Authorization"]?.isEmpty == false)

    let again = await harness.fapi(
      "POST", "/v1/client/sign_ins", form: [("strategy", "ticket"), ("ticket", ticket)])
    #expect(again.status == 400)
    #expect(EmulatorHarness.errorCode(again) == "sign_in_token_already_used_code")
  }

  @Test("a revoked sign-in token is refused; only pending tokens can be revoked")
  func revokedTicket() async throws {
    let user = try userID("demo@example.com")
    let issued = try await EmulatorHarness.json(
      harness.bapi("POST", "/v1/sign_in_tokens", json: ["user_id": .string(user)]))
    let id = try #require(issued["id"]?.stringValue)
    let ticket = try #require(issued["token"]?.stringValue)
    let revoked = await harness.bapi("POST", "/v1/sign_in_tokens/\(id)/revoke")
    #expect(revoked.status == 200)
    #expect(try EmulatorHarness.json(revoked)["status"] == "revoked")
    #expect(try EmulatorHarness.json(revoked)["token"] == nil)
    let again = await harness.bapi("POST", "/v1/sign_in_tokens/\(id)/revoke")
    #expect(again.status == 400)
    #expect(EmulatorHarness.errorCode(again) == "sign_in_token_cannot_be_revoked_code")
    await #expect(harness.bapi("POST", "/v1/sign_in_tokens/sit_missing/revoke").status == 404)
    let redeemed = await harness.fapi(
      "POST", "/v1/client/sign_ins", form: [("strategy", "ticket"), ("ticket", ticket)])
    #expect(redeemed.status == 400)
    #expect(EmulatorHarness.errorCode(redeemed) == "sign_in_token_revoked_code")
  }

  @Test(
    "failures carry Clerk's codes and statuses",
    arguments: [
      (
        [("identifier", "demo@example.com"), ("password", "wrong-password")], 422,
        "form_password_incorrect", "password"
      ),
      (
        [("identifier", "nobody@example.com"), ("password", "demo-password")], 422,
        "form_identifier_not_found", "identifier"
      ),
      ([("strategy", "ticket"), ("ticket", "not-a-ticket")], 400, "ticket_invalid_code", "ticket"),
    ])
  func failures(form: [(String, String)], status: Int, code: String, param: String) async throws {
    let response = await harness.fapi("POST", "/v1/client/sign_ins", form: form)
    #expect(response.status == status)
    let body = try EmulatorHarness.json(response)
    #expect(body["errors"]?.arrayValue?.first?["code"]?.stringValue == code)
    #expect(body["errors"]?.arrayValue?.first?["meta"]?["param_name"]?.stringValue == param)
    #expect(body["errors"]?.arrayValue?.first?["long_message"]?.stringValue?.isEmpty == false)
    #expect(body["clerk_trace_id"]?.stringValue?.isEmpty == false)
    // A refused tokenless sign-in creates no client.
    #expect(response.headers["Authorization"] == nil)
  }

  @Test("signing in again on a client with an active session is 400 session_exists")
  func sessionExists() async throws {
    let (token, _) = try await harness.signIn()
    let again = await harness.fapi(
      "POST", "/v1/client/sign_ins",
      form: [("identifier", "demo@example.com"), ("password", "demo-password")], token: token)
    #expect(again.status == 400)
    #expect(EmulatorHarness.errorCode(again) == "session_exists")
    #expect(
      try EmulatorHarness.json(again)["errors"]?.arrayValue?.first?["long_message"]
        == "You're already signed in.")
  }

  @Test("without _is_native the Frontend API refuses: 401 dev_browser_unauthenticated")
  func nativeFlagRequired() async throws {
    let response = await harness.send(
      "POST", "/v1/client/sign_ins", headers: ["Content-Type": "application/x-www-form-urlencoded"],
      body: Array("identifier=demo%40example.com&password=demo-password".utf8))
    #expect(response.status == 401)
    #expect(EmulatorHarness.errorCode(response) == "dev_browser_unauthenticated")
  }
}
