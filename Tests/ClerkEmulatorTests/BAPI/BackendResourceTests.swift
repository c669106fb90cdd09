import ClerkTestSupport
import ClerkctlHTTP
import Foundation
import Testing

@testable import ClerkEmulator
@testable import ClerkctlCore

/// Email addresses, moderation at sign-in and `last_active_token`, in process.
@Suite("Backend API: email addresses, moderated sign-ins, last_active_token")
struct BackendResourceTests {
  private func user(_ harness: EmulatorHarness, _ email: String) throws -> String {
    let created = try EmulatorHarness.json(
      harness.bapi(
        "POST", "/v1/users",
        json: ["email_address": .array([.string(email)]), "password": "pass-word-1"]))
    return try #require(created["id"]?.stringValue)
  }

  private func signIn(_ harness: EmulatorHarness, _ email: String) -> HTTPResponse {
    harness.fapi(
      "POST", "/v1/client/sign_ins", form: [("identifier", email), ("password", "pass-word-1")])
  }

  @Test(
    "a second address is listed, made primary (the old one stays) and signs in; the primary cannot be deleted"
  )
  func emailAddresses() throws {
    let harness = try EmulatorHarness()
    let id = try user(harness, "first@example.com")
    let added = try EmulatorHarness.json(
      harness.bapi(
        "POST", "/v1/email_addresses",
        json: ["user_id": .string(id), "email_address": "Second@example.com", "verified": true]))
    let second = try #require(added["id"]?.stringValue)
    #expect(added["verification"]?["status"] == "verified")
    var listed = try EmulatorHarness.json(harness.bapi("GET", "/v1/users/\(id)"))
    #expect(listed["email_addresses"]?.arrayValue?.count == 2)
    #expect(listed["primary_email_address_id"]?.stringValue != second)
    let taken = harness.bapi(
      "POST", "/v1/email_addresses",
      json: ["user_id": .string(id), "email_address": "second@EXAMPLE.com"])
    #expect(taken.status == 422)
    #expect(
      harness.bapi("PATCH", "/v1/email_addresses/\(second)", json: ["primary": true]).status == 200)
    listed = try EmulatorHarness.json(harness.bapi("GET", "/v1/users/\(id)"))
    #expect(listed["primary_email_address_id"]?.stringValue == second)
    #expect(listed["email_addresses"]?.arrayValue?.first?["id"]?.stringValue == second)
    #expect(signIn(harness, "Second@example.com").status == 200)
    let refused = harness.bapi("DELETE", "/v1/email_addresses/\(second)")
    #expect(refused.status == 400)
    #expect(
      try EmulatorHarness.json(refused)["errors"]?.arrayValue?.first?["code"]
        == "identification_deletion_failed")
    let old = try #require(listed["email_addresses"]?.arrayValue?.last?["id"]?.stringValue)
    let deleted = try EmulatorHarness.json(harness.bapi("DELETE", "/v1/email_addresses/\(old)"))
    #expect(deleted == ["deleted": true, "id": .string(old), "object": "email_address"])
    #expect(harness.bapi("GET", "/v1/email_addresses/\(old)").status == 404)
  }

  @Test(
    "a locked user gets 403 user_locked with the seconds left until Clerk's hour is over, then signs in"
  )
  func lockedSignIn() throws {
    let harness = try EmulatorHarness()
    let id = try user(harness, "locked@example.com")
    let locked = try EmulatorHarness.json(harness.bapi("POST", "/v1/users/\(id)/lock"))
    #expect(locked["locked"] == true)
    #expect(locked["lockout_expires_in_seconds"] == 3600)
    harness.time.advance(600)
    let refused = signIn(harness, "locked@example.com")
    #expect(refused.status == 403)
    let error = try EmulatorHarness.json(refused)["errors"]?.arrayValue?.first
    #expect(error?["code"] == "user_locked")
    #expect(error?["meta"]?["lockout_expires_in_seconds"] == 3000)
    #expect(error?["long_message"]?.stringValue?.contains("50 minutes") == true)
    #expect(
      try EmulatorHarness.json(harness.bapi("GET", "/v1/users/\(id)"))["lockout_expires_in_seconds"]
        == 3000)
    harness.time.advance(3000)
    #expect(try EmulatorHarness.json(harness.bapi("GET", "/v1/users/\(id)"))["locked"] == false)
    #expect(signIn(harness, "locked@example.com").status == 200)
  }

  @Test("banning ends the user's sessions and refuses sign-ins, also one begun before the ban")
  func bannedSignIn() throws {
    let harness = try EmulatorHarness()
    let id = try user(harness, "banned@example.com")
    let (token, session) = try harness.signIn("banned@example.com", password: "pass-word-1")
    let started = harness.fapi(
      "POST", "/v1/client/sign_ins", form: [("identifier", "banned@example.com")])
    let pending = try #require(try EmulatorHarness.json(started)["response"]?["id"]?.stringValue)
    let pendingToken = try #require(started.headers["Authorization"])
    #expect(harness.bapi("POST", "/v1/users/\(id)/ban").status == 200)
    let state = try EmulatorHarness.json(harness.bapi("GET", "/v1/sessions/\(session)"))
    #expect(state["status"] == "revoked")
    let token403 = harness.fapi("POST", "/v1/client/sessions/\(session)/tokens", token: token)
    #expect(token403.status == 403)
    #expect(
      try EmulatorHarness.json(token403)["errors"]?.arrayValue?.first?["code"] == "user_banned")
    let refused = signIn(harness, "banned@example.com")
    #expect(refused.status == 403)
    #expect(
      try EmulatorHarness.json(refused)["errors"]?.arrayValue?.first?["code"] == "user_banned")
    let attempt = harness.fapi(
      "POST", "/v1/client/sign_ins/\(pending)/attempt_first_factor",
      form: [("strategy", "password"), ("password", "pass-word-1")], token: pendingToken)
    #expect(attempt.status == 403)
    #expect(harness.bapi("POST", "/v1/sessions", json: ["user_id": .string(id)]).status == 403)
  }

  @Test(
    "a completed sign-in's session carries a session token as last_active_token; a minted one replaces it"
  )
  func lastActiveToken() throws {
    let harness = try EmulatorHarness()
    let response = harness.fapi(
      "POST", "/v1/client/sign_ins",
      form: [("identifier", "demo@example.com"), ("password", "demo-password")])
    let body = try EmulatorHarness.json(response)
    let session = try #require(body["client"]?["sessions"]?.arrayValue?.first)
    let first = try #require(session["last_active_token"]?["jwt"]?.stringValue)
    #expect(session["last_active_token"]?["object"] == "token")
    let jwt = try JWT(first)
    #expect(jwt.payload["sid"] == session["id"])
    #expect(jwt.header["cat"] == "cl_B7d4PD111AAA")
    let token = try #require(response.headers["Authorization"])
    let id = try #require(session["id"]?.stringValue)
    harness.time.advance(30)
    let minted = try EmulatorHarness.json(
      harness.fapi("POST", "/v1/client/sessions/\(id)/tokens", token: token))
    let client = try EmulatorHarness.json(harness.fapi("GET", "/v1/client", token: token))
    #expect(
      client["response"]?["sessions"]?.arrayValue?.first?["last_active_token"]?["jwt"]
        == minted["jwt"])
    #expect(minted["jwt"]?.stringValue != first)
  }
}

extension BackendResourceTests {
  @Test("a token minted by a request with an Origin carries it as azp; a native one has none")
  func authorizedParty() throws {
    let harness = try EmulatorHarness()
    let (token, session) = try harness.signIn()
    let path = "/v1/client/sessions/\(session)/tokens?_is_native=true"
    for (template, origin) in [("", "https://app.example.com"), ("/convex", "https://b.example")] {
      let target = path.replacingOccurrences(of: "/tokens?", with: "/tokens\(template)?")
      let minted = try EmulatorHarness.json(
        harness.send("POST", target, headers: ["Authorization": token, "Origin": .init(origin)]))
      let jwt = try JWT(try #require(minted["jwt"]?.stringValue))
      #expect(jwt.payload["azp"]?.stringValue == origin)
    }
    let native = try harness.mint(session, token: token)
    #expect(native.payload["azp"] == nil)
  }
}

extension BackendResourceTests {
  @Test("a banned user's browser sign-in fails at the callback with __clerk_error_code=user_banned")
  func bannedBrowserSignIn() throws {
    let harness = try EmulatorHarness()
    let id = try user(harness, "oauth-banned@example.com")
    #expect(harness.bapi("POST", "/v1/users/\(id)/ban").status == 200)
    let created = harness.fapi(
      "POST", "/v1/client/sign_ins",
      form: [("strategy", "oauth_google"), ("redirect_url", "http://127.0.0.1:45789/callback")])
    let url = try #require(
      try EmulatorHarness.json(created)["response"]?["first_factor_verification"]?[
        "external_verification_redirect_url"]?.stringValue)
    let page = String(url.dropFirst(harness.baseURL.count))
    let approve = harness.send("GET", page + "&auto=oauth-banned@example.com")
    let callback = try #require(approve.headers["Location"])
    let final = harness.send("GET", String(callback.dropFirst(harness.baseURL.count)))
    let location = try #require(final.headers["Location"])
    #expect(location.contains("__clerk_status=failed"), "\(location)")
    #expect(location.contains("__clerk_error_code=user_banned"), "\(location)")
  }
}
