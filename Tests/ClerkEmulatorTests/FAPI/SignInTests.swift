import ClerkTestSupport
import ClerkctlCore
import ClerkctlCrypto
import Foundation
import Testing

@testable import ClerkEmulator
@testable import ClerkctlHTTP

@Suite("FAPI sign-in flows")
struct SignInTests {
  @Test("password in one request completes, issues a client token and an active session")
  func passwordOneRequest() throws {
    let harness = try EmulatorHarness()
    let response = harness.fapi(
      "POST", "/v1/client/sign_ins",
      form: [("identifier", "demo@example.com"), ("password", "demo-password")])
    #expect(response.status == 200)
    let body = try EmulatorHarness.json(response)
    #expect(body["response"]?["object"] == "sign_in_attempt")
    #expect(body["response"]?["status"] == "complete")
    let sessionID = try #require(body["response"]?["created_session_id"]?.stringValue)
    #expect(sessionID.hasPrefix("sess_"))
    #expect(body["client"]?["last_active_session_id"]?.stringValue == sessionID)
    #expect(body["client"]?["sessions"]?.arrayValue?.first?["status"] == "active")
    #expect(body["client"]?["sign_in"] == .null)
    let token = try #require(response.headers["Authorization"])
    let claims = try JWT(token).payload
    #expect(claims["id"]?.stringValue == body["client"]?["id"]?.stringValue)
    #expect(claims["rotating_token"]?.stringValue?.isEmpty == false)
    #expect(claims["iat"]?.intValue == 1_760_000_000)
    // The token identifies the client on later requests, with or without "Bearer ".
    for header in [token, "Bearer " + token] {
      let client = try EmulatorHarness.json(harness.fapi("GET", "/v1/client", token: header))
      #expect(client["response"]?["id"] == body["client"]?["id"])
    }
  }

  @Test("identifier first lists factors, then attempt_first_factor password completes")
  func identifierFirst() throws {
    let harness = try EmulatorHarness()
    let created = harness.fapi(
      "POST", "/v1/client/sign_ins", form: [("identifier", "demo@example.com")])
    let body = try EmulatorHarness.json(created)
    let signIn = try #require(body["response"])
    #expect(signIn["status"] == "needs_first_factor")
    let factors = try #require(signIn["supported_first_factors"]?.arrayValue)
    #expect(factors.map { $0["strategy"] } == ["password", "email_code"])
    #expect(factors[1]["safe_identifier"] == "demo@example.com")
    #expect(factors[1]["email_address_id"]?.stringValue?.hasPrefix("idn_") == true)
    let token = try #require(created.headers["Authorization"])
    let id = try #require(signIn["id"]?.stringValue)
    #expect(id.hasPrefix("sia_"))

    let got = harness.fapi("GET", "/v1/client/sign_ins/\(id)", token: token)
    #expect(try EmulatorHarness.json(got)["response"]?["id"]?.stringValue == id)

    let wrong = harness.fapi(
      "POST", "/v1/client/sign_ins/\(id)/attempt_first_factor",
      form: [("strategy", "password"), ("password", "nope")], token: token)
    #expect(wrong.status == 422)
    #expect(EmulatorHarness.errorCode(wrong) == "form_password_incorrect")

    let done = harness.fapi(
      "POST", "/v1/client/sign_ins/\(id)/attempt_first_factor",
      form: [("strategy", "password"), ("password", "demo-password")], token: token)
    #expect(done.status == 200)
    #expect(try EmulatorHarness.json(done)["response"]?["status"] == "complete")
    let rotated = try #require(done.headers["Authorization"])
    #expect(rotated != token)
    // The old token no longer identifies the client: rotation defeats fixation.
    let stale = try EmulatorHarness.json(harness.fapi("GET", "/v1/client", token: token))
    #expect(stale["response"] == .null)
  }

  @Test("wrong password and unknown identifier give Clerk's codes")
  func failures() throws {
    let harness = try EmulatorHarness()
    let wrong = harness.fapi(
      "POST", "/v1/client/sign_ins",
      form: [("identifier", "demo@example.com"), ("password", "bad")])
    #expect(wrong.status == 422)
    let body = try EmulatorHarness.json(wrong)
    let error = try #require(body["errors"]?.arrayValue?.first)
    #expect(error["code"] == "form_password_incorrect")
    #expect(error["meta"]?["param_name"] == "password")
    #expect(error["long_message"]?.stringValue?.isEmpty == false)
    #expect(body["clerk_trace_id"]?.stringValue?.isEmpty == false)
    #expect(wrong.headers["Authorization"] == nil)

    let unknown = harness.fapi(
      "POST", "/v1/client/sign_ins", form: [("identifier", "nobody@example.com")])
    #expect(unknown.status == 422)
    #expect(EmulatorHarness.errorCode(unknown) == "form_identifier_not_found")
  }

  @Test("email code for a +clerk_test address is 424242 and nothing is sent")
  func emailCodeTestMode() throws {
    let harness = try EmulatorHarness()
    let created = harness.fapi(
      "POST", "/v1/client/sign_ins",
      form: [("identifier", "demo+clerk_test@example.com"), ("strategy", "email_code")])
    let body = try EmulatorHarness.json(created)
    #expect(body["response"]?["first_factor_verification"]?["strategy"] == "email_code")
    #expect(body["response"]?["supported_first_factors"]?.arrayValue?.count == 1)
    let id = try #require(body["response"]?["id"]?.stringValue)
    let token = try #require(created.headers["Authorization"])
    let wrong = harness.fapi(
      "POST", "/v1/client/sign_ins/\(id)/attempt_first_factor",
      form: [("strategy", "email_code"), ("code", "111111")], token: token)
    #expect(wrong.status == 422)
    #expect(EmulatorHarness.errorCode(wrong) == "form_code_incorrect")
    let done = harness.fapi(
      "POST", "/v1/client/sign_ins/\(id)/attempt_first_factor",
      form: [("strategy", "email_code"), ("code", "424242")], token: token)
    #expect(try EmulatorHarness.json(done)["response"]?["status"] == "complete")
    #expect(harness.emulator.state.emails.isEmpty)
  }

  @Test("email code for another address is random and readable on the test surface")
  func emailCodeRecorded() throws {
    let harness = try EmulatorHarness()
    let created = harness.fapi(
      "POST", "/v1/client/sign_ins", form: [("identifier", "demo@example.com")])
    let body = try EmulatorHarness.json(created)
    let id = try #require(body["response"]?["id"]?.stringValue)
    let emailID = try #require(
      body["response"]?["supported_first_factors"]?.arrayValue?[1]["email_address_id"]?
        .stringValue)
    let token = try #require(created.headers["Authorization"])
    let prepared = harness.fapi(
      "POST", "/v1/client/sign_ins/\(id)/prepare_first_factor",
      form: [("strategy", "email_code"), ("email_address_id", emailID)], token: token)
    #expect(prepared.status == 200)
    let emails = try EmulatorHarness.json(
      harness.send("GET", "/__emulator/emails?to=demo%40example.com"))
    let code = try #require(emails.arrayValue?.last?["code"]?.stringValue)
    #expect(code.count == 6)
    #expect(emails.arrayValue?.last?["sign_in_id"]?.stringValue == id)
    let done = harness.fapi(
      "POST", "/v1/client/sign_ins/\(id)/attempt_first_factor",
      form: [("strategy", "email_code"), ("code", code)], token: token)
    #expect(try EmulatorHarness.json(done)["response"]?["status"] == "complete")
  }

  @Test("a code past 10 minutes is expired; five wrong codes fail the verification")
  func codeLimits() throws {
    let harness = try EmulatorHarness()
    func start() throws -> (String, String) {
      let created = harness.fapi(
        "POST", "/v1/client/sign_ins",
        form: [("identifier", "demo+clerk_test@example.com"), ("strategy", "email_code")])
      let id = try #require(try EmulatorHarness.json(created)["response"]?["id"]?.stringValue)
      return (id, try #require(created.headers["Authorization"]))
    }
    let (id, token) = try start()
    for _ in 0..<4 {
      let wrong = harness.fapi(
        "POST", "/v1/client/sign_ins/\(id)/attempt_first_factor",
        form: [("strategy", "email_code"), ("code", "000000")], token: token)
      #expect(EmulatorHarness.errorCode(wrong) == "form_code_incorrect")
    }
    let fifth = harness.fapi(
      "POST", "/v1/client/sign_ins/\(id)/attempt_first_factor",
      form: [("strategy", "email_code"), ("code", "000000")], token: token)
    #expect(fifth.status == 400)
    #expect(EmulatorHarness.errorCode(fifth) == "verification_failed")

    let (other, otherToken) = try start()
    harness.time.advance(601)
    let late = harness.fapi(
      "POST", "/v1/client/sign_ins/\(other)/attempt_first_factor",
      form: [("strategy", "email_code"), ("code", "424242")], token: otherToken)
    #expect(EmulatorHarness.errorCode(late) == "verification_expired")
  }

  @Test("MFA user: password gives needs_second_factor; TOTP ±1 step completes")
  func totp() throws {
    let harness = try EmulatorHarness()
    let secret = try #require(Base32.decode("JBSWY3DPEHPK3PXP"))
    let now = Int64(harness.time.now.timeIntervalSince1970)
    for (offset, accepted) in [(-30, true), (0, true), (30, true), (-90, false), (90, false)] {
      let created = harness.fapi(
        "POST", "/v1/client/sign_ins",
        form: [("identifier", "mfa@example.com"), ("password", "demo-password")])
      let body = try EmulatorHarness.json(created)
      #expect(body["response"]?["status"] == "needs_second_factor")
      let second = body["response"]?["supported_second_factors"]?.arrayValue ?? []
      #expect(second.first?["strategy"] == "totp")
      let id = try #require(body["response"]?["id"]?.stringValue)
      let token = try #require(created.headers["Authorization"])
      let code = TOTP.code(secret: secret, time: now + Int64(offset))
      let attempt = harness.fapi(
        "POST", "/v1/client/sign_ins/\(id)/attempt_second_factor",
        form: [("strategy", "totp"), ("code", code)], token: token)
      if accepted {
        #expect(try EmulatorHarness.json(attempt)["response"]?["status"] == "complete")
        let rotated = try #require(attempt.headers["Authorization"])
        let session = try #require(
          try EmulatorHarness.json(attempt)["response"]?["created_session_id"]?.stringValue)
        let jwt = try harness.mint(session, token: rotated)
        #expect(jwt.payload["fva"] == [0, 0])
        _ = harness.fapi("DELETE", "/v1/client", token: rotated)
      } else {
        #expect(attempt.status == 422)
        #expect(EmulatorHarness.errorCode(attempt) == "form_code_incorrect")
      }
    }
  }

  @Test("MFA user: email code as second factor")
  func secondFactorEmail() throws {
    let harness = try EmulatorHarness()
    let created = harness.fapi(
      "POST", "/v1/client/sign_ins",
      form: [("identifier", "mfa@example.com"), ("password", "demo-password")])
    let id = try #require(try EmulatorHarness.json(created)["response"]?["id"]?.stringValue)
    let token = try #require(created.headers["Authorization"])
    let prepared = harness.fapi(
      "POST", "/v1/client/sign_ins/\(id)/prepare_second_factor",
      form: [("strategy", "email_code")], token: token)
    #expect(prepared.status == 200)
    let code = try #require(harness.emulator.state.emails.last)
    #expect(code.factor == "second_factor")
    let done = harness.fapi(
      "POST", "/v1/client/sign_ins/\(id)/attempt_second_factor",
      form: [("strategy", "email_code"), ("code", code.code)], token: token)
    #expect(try EmulatorHarness.json(done)["response"]?["status"] == "complete")
  }

  @Test("ticket from BAPI signs in at once; reuse and garbage are refused with 400")
  func ticket() throws {
    let harness = try EmulatorHarness()
    let users = try EmulatorHarness.json(
      harness.bapi("GET", "/v1/users?email_address=demo%40example.com"))
    let userID = try #require(users.arrayValue?.first?["id"]?.stringValue)
    let created = try EmulatorHarness.json(
      harness.bapi("POST", "/v1/sign_in_tokens", json: ["user_id": .string(userID)]))
    #expect(created["object"] == "sign_in_token")
    #expect(created["status"] == "pending")
    #expect(created["id"]?.stringValue?.hasPrefix("sit_") == true)
    let ticket = try #require(created["token"]?.stringValue)
    let signIn = harness.fapi(
      "POST", "/v1/client/sign_ins", form: [("strategy", "ticket"), ("ticket", ticket)])
    #expect(try EmulatorHarness.json(signIn)["response"]?["status"] == "complete")
    #expect(signIn.headers["Authorization"] != nil)
    let again = harness.fapi(
      "POST", "/v1/client/sign_ins", form: [("strategy", "ticket"), ("ticket", ticket)])
    #expect(again.status == 400)
    #expect(EmulatorHarness.errorCode(again) == "sign_in_token_already_used_code")
    let garbage = harness.fapi(
      "POST", "/v1/client/sign_ins", form: [("strategy", "ticket"), ("ticket", "garbage")])
    #expect(garbage.status == 400)
    #expect(EmulatorHarness.errorCode(garbage) == "ticket_invalid_code")
  }

  @Test("single-session mode: a second sign-in on the same client is session_exists")
  func sessionExists() throws {
    let harness = try EmulatorHarness()
    let (token, _) = try harness.signIn()
    let second = harness.fapi(
      "POST", "/v1/client/sign_ins",
      form: [("identifier", "demo@example.com"), ("password", "demo-password")], token: token)
    #expect(second.status == 400)
    let error = try #require(try EmulatorHarness.json(second)["errors"]?.arrayValue?.first)
    #expect(error["code"] == "session_exists")
    #expect(error["long_message"] == "You're already signed in.")
    // A new client (no token) may sign in.
    #expect(try harness.signIn().sessionID.hasPrefix("sess_"))
  }

  @Test("requests without _is_native are refused; form bodies decode + and %XX")
  func nativeFlagAndForm() throws {
    let harness = try EmulatorHarness()
    let browser = harness.send("GET", "/v1/client")
    #expect(browser.status == 401)
    #expect(EmulatorHarness.errorCode(browser) == "dev_browser_unauthenticated")
    let expo = harness.send(
      "POST", "/v1/client/sign_ins?_is_native=1",
      headers: ["Content-Type": "application/x-www-form-urlencoded"],
      body: Array("identifier=demo%40example.com&password=demo-password".utf8))
    #expect(try EmulatorHarness.json(expo)["response"]?["status"] == "complete")
    #expect(
      FormData(encoded: "a=b+c%2Fd&a=2&e").pairs.map { "\($0.name)=\($0.value)" } == [
        "a=b c/d", "a=2", "e=",
      ])
  }

  @Test("environment has single-session auth_config, display_config and user_settings")
  func environment() throws {
    let harness = try EmulatorHarness()
    let env = try EmulatorHarness.json(harness.send("GET", "/v1/environment?_is_native=true"))
    #expect(env["auth_config"]?["single_session_mode"] == true)
    #expect(env["auth_config"]?["object"] == "auth_config")
    #expect(env["display_config"]?["instance_environment_type"] == "development")
    #expect(env["user_settings"]?["attributes"]?["email_address"]?["enabled"] == true)
  }
}
