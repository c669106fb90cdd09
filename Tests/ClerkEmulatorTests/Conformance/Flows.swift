import ClerkTestSupport
import ClerkctlBrowserSignIn
import ClerkctlCore
import ClerkctlCrypto
import ClerkctlHTTP
import Foundation
import Testing

@testable import ClerkEmulator

/// Every emulator flow, successes and refusals, for the conformance recording: sign-in by each
/// strategy, second factors, tokens, session endpoints, sign-out, browser sign-in (approve,
/// deny, transfer, enterprise SSO), the Backend API (machines and M2M tokens too), JWKS and
/// discovery.
struct Flows {
  let harness: EmulatorHarness

  func runAll() throws {
    try wellKnown()
    try passwordAndSessions()
    try identifierFirst()
    try emailCode()
    try secondFactors()
    try phoneAndUsername()
    try backupCodes()
    try ticket()
    try browser()
    try backend()
    try organizations()
    try machines()
    try users()
    try resources()
    try credentials()
    try errors()
  }

  private func json(_ response: HTTPResponse) throws -> JSONValue {
    try EmulatorHarness.json(response)
  }

  private func wellKnown() throws {
    #expect(harness.send("GET", "/v1/environment").status == 200)
    #expect(harness.send("GET", "/.well-known/jwks.json").status == 200)
    #expect(harness.send("GET", "/.well-known/openid-configuration").status == 200)
    #expect(harness.fapi("GET", "/v1/client").status == 200)
  }

  private func passwordAndSessions() throws {
    let (token, session) = try harness.signIn()
    #expect(harness.fapi("GET", "/v1/client", token: token).status == 200)
    #expect(harness.fapi("GET", "/v1/client/sessions/\(session)", token: token).status == 200)
    #expect(harness.fapi("GET", "/v1/me", token: token).status == 200)
    #expect(
      harness.fapi("POST", "/v1/client/sessions/\(session)/touch", token: token).status == 200)
    _ = try harness.mint(session, token: token)
    _ = try harness.mint(session, token: token, template: "convex")
    #expect(
      harness.fapi("POST", "/v1/client/sessions/\(session)/tokens/nope", token: token).status
        == 404)
    #expect(harness.fapi("POST", "/v1/client/sessions/\(session)/end", token: token).status == 200)
    #expect(
      harness.fapi("POST", "/v1/client/sessions/\(session)/remove", token: token).status == 200)
    #expect(harness.fapi("DELETE", "/v1/client/sessions", token: token).status == 200)
    // A second client: sign out of everything by deleting the client.
    let (other, _) = try harness.signIn()
    #expect(harness.fapi("DELETE", "/v1/client/sessions", token: other).status == 200)
    let (third, _) = try harness.signIn()
    #expect(harness.fapi("DELETE", "/v1/client", token: third).status == 200)
    #expect(harness.fapi("GET", "/v1/me", token: third).status == 401)
  }

  private func identifierFirst() throws {
    let created = harness.fapi(
      "POST", "/v1/client/sign_ins", form: [("identifier", "demo@example.com")])
    let token = try #require(created.headers["Authorization"])
    let id = try #require(try json(created)["response"]?["id"]?.stringValue)
    #expect(harness.fapi("GET", "/v1/client/sign_ins/\(id)", token: token).status == 200)
    let base = "/v1/client/sign_ins/\(id)"
    #expect(
      harness.fapi(
        "POST", base + "/prepare_first_factor", form: [("strategy", "password")], token: token
      ).status == 200)
    #expect(
      harness.fapi(
        "POST", base + "/attempt_first_factor",
        form: [("strategy", "password"), ("password", "wrong")], token: token
      ).status == 422)
    #expect(
      harness.fapi(
        "POST", base + "/attempt_first_factor",
        form: [("strategy", "password"), ("password", "demo-password")], token: token
      ).status == 200)
    // A sign-in with neither identifier nor strategy waits for an identifier.
    #expect(harness.fapi("POST", "/v1/client/sign_ins").status == 200)
  }

  private func emailCode() throws {
    for (email, code) in [("demo+clerk_test@example.com", "424242"), ("demo@example.com", nil)] {
      let created = harness.fapi(
        "POST", "/v1/client/sign_ins", form: [("identifier", email), ("strategy", "email_code")])
      let token = try #require(created.headers["Authorization"])
      let id = try #require(try json(created)["response"]?["id"]?.stringValue)
      let base = "/v1/client/sign_ins/\(id)"
      #expect(
        harness.fapi(
          "POST", base + "/prepare_first_factor", form: [("strategy", "email_code")], token: token
        ).status == 200)
      #expect(
        harness.fapi(
          "POST", base + "/attempt_first_factor",
          form: [("strategy", "email_code"), ("code", "000000")], token: token
        ).status == 422)
      let sent = harness.emulator.state.emails.last { $0.signInID == id }?.code
      let right = try #require(code ?? sent)
      #expect(
        harness.fapi(
          "POST", base + "/attempt_first_factor",
          form: [("strategy", "email_code"), ("code", right)], token: token
        ).status == 200)
    }
  }

  private func secondFactors() throws {
    let secret = try #require(Base32.decode("JBSWY3DPEHPK3PXP"))
    for strategy in ["totp", "email_code"] {
      let created = harness.fapi(
        "POST", "/v1/client/sign_ins",
        form: [("identifier", "mfa@example.com"), ("password", "demo-password")])
      let token = try #require(created.headers["Authorization"])
      let id = try #require(try json(created)["response"]?["id"]?.stringValue)
      let base = "/v1/client/sign_ins/\(id)"
      var code = TOTP.code(secret: secret, time: Int64(harness.time.now.timeIntervalSince1970))
      if strategy == "email_code" {
        #expect(
          harness.fapi(
            "POST", base + "/prepare_second_factor", form: [("strategy", "email_code")],
            token: token
          ).status == 200)
        code = try #require(harness.emulator.state.emails.last { $0.signInID == id }?.code)
      }
      #expect(
        harness.fapi(
          "POST", base + "/attempt_second_factor",
          form: [("strategy", strategy), ("code", "000000")], token: token
        ).status == 422)
      let done = harness.fapi(
        "POST", base + "/attempt_second_factor", form: [("strategy", strategy), ("code", code)],
        token: token)
      #expect(done.status == 200)
    }
  }

  /// Phone codes: one request with the phone number, and identifier first with the username
  /// (prepare with `phone_number_id`); a wrong code, an unknown username; the user's JSON.
  private func phoneAndUsername() throws {
    let created = harness.fapi(
      "POST", "/v1/client/sign_ins",
      form: [("identifier", "+15555550100"), ("strategy", "phone_code")])
    #expect(created.status == 200)
    let token = try #require(created.headers["Authorization"])
    let id = try #require(try json(created)["response"]?["id"]?.stringValue)
    let base = "/v1/client/sign_ins/\(id)"
    #expect(
      harness.fapi(
        "POST", base + "/attempt_first_factor",
        form: [("strategy", "phone_code"), ("code", "000000")], token: token
      ).status == 422)
    let done = harness.fapi(
      "POST", base + "/attempt_first_factor",
      form: [("strategy", "phone_code"), ("code", "424242")], token: token)
    #expect(done.status == 200)
    let signedIn = try #require(done.headers["Authorization"])
    #expect(harness.fapi("GET", "/v1/me", token: signedIn).status == 200)

    let byName = harness.fapi("POST", "/v1/client/sign_ins", form: [("identifier", "phoneuser")])
    let nameToken = try #require(byName.headers["Authorization"])
    let attempt = try json(byName)["response"]
    let nameID = try #require(attempt?["id"]?.stringValue)
    let phoneID = try #require(
      attempt?["supported_first_factors"]?.arrayValue?.first?["phone_number_id"]?.stringValue)
    let nameBase = "/v1/client/sign_ins/\(nameID)"
    #expect(
      harness.fapi(
        "POST", nameBase + "/prepare_first_factor",
        form: [("strategy", "phone_code"), ("phone_number_id", phoneID)], token: nameToken
      ).status == 200)
    #expect(
      harness.fapi(
        "POST", nameBase + "/attempt_first_factor",
        form: [("strategy", "phone_code"), ("code", "424242")], token: nameToken
      ).status == 200)
    #expect(
      harness.fapi("POST", "/v1/client/sign_ins", form: [("identifier", "nobody")]).status == 422)
    #expect(harness.bapi("GET", "/v1/users?limit=10&offset=0").status == 200)
  }

  /// Backup codes as the second factor: a wrong one, a right one, the same one again.
  private func backupCodes() throws {
    var statuses: [Int] = []
    for code in ["backup-9999", "backup-0007", "backup-0007"] {
      let created = harness.fapi(
        "POST", "/v1/client/sign_ins",
        form: [("identifier", "mfa@example.com"), ("password", "demo-password")])
      let token = try #require(created.headers["Authorization"])
      let id = try #require(try json(created)["response"]?["id"]?.stringValue)
      statuses.append(
        harness.fapi(
          "POST", "/v1/client/sign_ins/\(id)/attempt_second_factor",
          form: [("strategy", "backup_code"), ("code", code)], token: token
        ).status)
    }
    #expect(statuses == [422, 200, 422])
  }

  private func ticket() throws {
    let users = try json(harness.bapi("GET", "/v1/users?limit=1&offset=0"))
    let userID = try #require(users.arrayValue?.first?["id"]?.stringValue)
    let created = try json(
      harness.bapi("POST", "/v1/sign_in_tokens", json: ["user_id": .string(userID)]))
    let ticket = try #require(created["token"]?.stringValue)
    let signIn = harness.fapi(
      "POST", "/v1/client/sign_ins", form: [("strategy", "ticket"), ("ticket", ticket)])
    #expect(signIn.status == 200)
    let reuse = harness.fapi(
      "POST", "/v1/client/sign_ins", form: [("strategy", "ticket"), ("ticket", ticket)])
    #expect(reuse.status == 400)
    let revocable = try json(
      harness.bapi("POST", "/v1/sign_in_tokens", json: ["user_id": .string(userID)]))
    let tokenID = try #require(revocable["id"]?.stringValue)
    #expect(harness.bapi("POST", "/v1/sign_in_tokens/\(tokenID)/revoke").status == 200)
    #expect(harness.bapi("POST", "/v1/sign_in_tokens/\(tokenID)/revoke").status == 400)
  }

  /// Starts a browser sign-in; returns its id, client token and the provider page path.
  private func startBrowser(
    _ form: [(String, String)]
  ) throws -> (id: String, token: String, page: String) {
    let created = harness.fapi("POST", "/v1/client/sign_ins", form: form)
    #expect(created.status == 200)
    let body = try json(created)
    let id = try #require(body["response"]?["id"]?.stringValue)
    let token = try #require(created.headers["Authorization"])
    let url = try #require(
      body["response"]?["first_factor_verification"]?["external_verification_redirect_url"]?
        .stringValue)
    return (id, token, String(url.dropFirst(harness.baseURL.count)))
  }

  /// Follows the provider page with `suffix` to the callback; returns the final Location.
  private func callback(_ page: String, _ suffix: String) throws -> String {
    let approve = harness.send("GET", page + suffix)
    let callback = try #require(approve.headers["Location"])
    let final = harness.send("GET", String(callback.dropFirst(harness.baseURL.count)))
    return try #require(final.headers["Location"])
  }

  private func browser() throws {
    // Approve: nonce, redeemed with the pre-rotation token.
    let google = [("strategy", "oauth_google"), ("redirect_url", Self.redirect)]
    let (id, token, page) = try startBrowser(google)
    #expect(
      harness.fapi(
        "POST", "/v1/client/sign_ins/\(id)/prepare_first_factor", form: google, token: token
      ).status == 200)
    let final = try callback(page, "&auto=demo@example.com")
    guard case .nonce(let nonce) = BrowserCallback.parse(final) else {
      Issue.record("no nonce in \(final)")
      return
    }
    let redeem = "/v1/client/sign_ins/\(id)?rotating_token_nonce=\(nonce)"
    #expect(harness.fapi("GET", redeem, token: token).status == 200)
    #expect(harness.fapi("GET", redeem, token: token).status == 400)
    // Deny.
    let denied = try startBrowser(google)
    _ = try callback(denied.page, "&deny=1")
    #expect(
      harness.fapi("GET", "/v1/client/sign_ins/\(denied.id)", token: denied.token).status == 200)
    // An unknown account: transferable, then a sign-up by transfer.
    let github = [("strategy", "oauth_github"), ("redirect_url", Self.redirect)]
    let fresh = try startBrowser(github)
    _ = try callback(fresh.page, "&auto=someone-new@example.com")
    #expect(
      harness.fapi("GET", "/v1/client/sign_ins/\(fresh.id)", token: fresh.token).status == 200)
    let signUp = harness.fapi(
      "POST", "/v1/client/sign_ups", form: [("transfer", "true")], token: fresh.token)
    #expect(signUp.status == 200)
    #expect(harness.fapi("POST", "/v1/client/sign_ups", form: [("transfer", "true")]).status == 400)
    // Enterprise SSO.
    let sso = try startBrowser([
      ("strategy", "enterprise_sso"), ("identifier", "demo@example.com"),
      ("redirect_url", Self.redirect),
    ])
    #expect(harness.fapi("GET", "/v1/client/sign_ins/\(sso.id)", token: sso.token).status == 200)
  }

  static let redirect = "http://127.0.0.1:45789/callback"

  private func backend() throws {
    let created = harness.bapi(
      "POST", "/v1/users",
      json: ["email_address": ["new-user@example.com"], "password": "a-long-password"])
    #expect(created.status == 200)
    let userID = try #require(try json(created)["id"]?.stringValue)
    #expect(harness.bapi("GET", "/v1/users/\(userID)").status == 200)
    #expect(harness.bapi("GET", "/v1/users/user_nope").status == 404)
    #expect(harness.bapi("GET", "/v1/users?email_address=demo@example.com").status == 200)
    #expect(
      harness.bapi("POST", "/v1/users", json: ["email_address": ["demo@example.com"]]).status == 422
    )
    #expect(harness.bapi("GET", "/v1/jwks").status == 200)

    let (token, session) = try harness.signIn("new-user@example.com", password: "a-long-password")
    #expect(harness.bapi("GET", "/v1/sessions?user_id=\(userID)").status == 200)
    #expect(
      harness.bapi("GET", "/v1/sessions?user_id=\(userID)&status=active&limit=1").status == 200)
    #expect(harness.bapi("GET", "/v1/sessions?status=bogus").status == 422)
    #expect(harness.bapi("GET", "/v1/sessions/\(session)").status == 200)
    #expect(harness.bapi("GET", "/v1/sessions/sess_nope").status == 404)
    #expect(harness.bapi("POST", "/v1/sessions/\(session)/tokens").status == 200)
    #expect(harness.bapi("POST", "/v1/sessions/\(session)/tokens/convex").status == 200)
    #expect(harness.bapi("POST", "/v1/sessions/\(session)/revoke").status == 200)
    #expect(
      harness.fapi("POST", "/v1/client/sessions/\(session)/tokens", token: token).status == 404)

    #expect(harness.bapi("GET", "/v1/jwt_templates").status == 200)
    let template = harness.bapi(
      "POST", "/v1/jwt_templates", json: ["name": "ci", "claims": ["aud": "ci"], "lifetime": 120])
    #expect(template.status == 200)
    let templateID = try #require(try json(template)["id"]?.stringValue)
    #expect(harness.bapi("GET", "/v1/jwt_templates/\(templateID)").status == 200)
    #expect(harness.bapi("GET", "/v1/jwt_templates/jtmp_nope").status == 404)
    #expect(
      harness.bapi(
        "PATCH", "/v1/jwt_templates/\(templateID)",
        json: ["name": "ci", "claims": ["aud": "ci2"], "lifetime": 300]
      ).status == 200)
    #expect(
      harness.bapi(
        "PATCH", "/v1/jwt_templates/\(templateID)",
        json: ["name": "ci", "claims": ["aud": "ci2"], "lifetime": 29]
      ).status == 422)
    #expect(
      harness.bapi("PATCH", "/v1/jwt_templates/\(templateID)", json: ["name": "ci"]).status == 422)
    #expect(harness.bapi("POST", "/v1/jwt_templates", json: ["claims": [:]]).status == 422)
  }

  /// Memberships (bare and paginated), touch and tokens with an organization, and the Backend
  /// API's organizations and memberships, each with its refusals.
  private func organizations() throws {
    let (token, session) = try harness.signIn()
    let memberships = "/v1/me/organization_memberships"
    let bare = try json(harness.fapi("GET", memberships, token: token))
    #expect(bare["response"]?.arrayValue?.count == 2)
    #expect(
      harness.fapi("GET", memberships + "?paginated=true&limit=1", token: token).status == 200)
    #expect(harness.fapi("GET", memberships + "?limit=0", token: token).status == 422)
    #expect(harness.fapi("GET", memberships).status == 401)
    let acme = try #require(
      bare["response"]?.arrayValue?.first { $0["organization"]?["slug"] == "acme" }?[
        "organization"]?["id"]?.stringValue)
    let touch = "/v1/client/sessions/\(session)/touch"
    #expect(
      harness.fapi("POST", touch, form: [("active_organization_id", acme)], token: token).status
        == 200)
    #expect(
      harness.fapi("POST", touch, form: [("active_organization_id", "globex")], token: token)
        .status == 200)
    #expect(
      harness.fapi("POST", touch, form: [("active_organization_id", "org_nope")], token: token)
        .status == 404)
    #expect(harness.fapi("GET", "/v1/client/sessions/\(session)", token: token).status == 200)
    #expect(harness.fapi("GET", "/v1/me", token: token).status == 200)
    let tokens = "/v1/client/sessions/\(session)/tokens"
    #expect(
      harness.fapi("POST", tokens, form: [("organization_id", acme)], token: token).status == 200)
    #expect(
      harness.fapi("POST", tokens + "/convex-org", form: [("organization_id", "")], token: token)
        .status == 200)
    #expect(
      harness.fapi("POST", tokens, form: [("organization_id", "org_nope")], token: token).status
        == 404)
    #expect(
      harness.fapi("POST", tokens + "/convex", form: [("organization_id", "acme")], token: token)
        .status == 404)
    #expect(
      harness.fapi("POST", touch, form: [("active_organization_id", "")], token: token).status
        == 200)
    #expect(harness.bapi("GET", "/v1/sessions/\(session)").status == 200)

    let users = try json(harness.bapi("GET", "/v1/users?email_address=mfa@example.com"))
    let mfa = try #require(users.arrayValue?.first?["id"]?.stringValue)
    #expect(harness.bapi("GET", "/v1/organizations").status == 200)
    #expect(
      harness.bapi("GET", "/v1/organizations?include_members_count=true&query=acme&limit=1")
        .status == 200)
    #expect(harness.bapi("GET", "/v1/organizations?order_by=bogus").status == 422)
    let created = harness.bapi(
      "POST", "/v1/organizations",
      json: ["name": "Initech", "slug": "initech", "created_by": .string(mfa)])
    #expect(created.status == 200)
    let initech = try #require(try json(created)["id"]?.stringValue)
    #expect(harness.bapi("POST", "/v1/organizations", json: ["name": "Umbrella"]).status == 200)
    #expect(
      harness.bapi("POST", "/v1/organizations", json: ["name": "Acme", "slug": "acme"]).status
        == 422)
    #expect(harness.bapi("POST", "/v1/organizations", json: ["slug": "x"]).status == 422)
    #expect(
      harness.bapi("POST", "/v1/organizations", json: ["name": "X", "created_by": "user_nope"])
        .status == 400)
    let demo = try #require(
      try json(harness.bapi("GET", "/v1/users?email_address=demo@example.com")).arrayValue?
        .first?["id"]?.stringValue)
    let members = "/v1/organizations/\(initech)/memberships"
    #expect(
      harness.bapi("POST", members, json: ["user_id": .string(demo), "role": "org:member"]).status
        == 200)
    #expect(
      harness.bapi("POST", members, json: ["user_id": .string(demo), "role": "org:member"]).status
        == 400)
    #expect(
      harness.bapi("POST", members, json: ["user_id": "user_nope", "role": "org:member"]).status
        == 404)
    #expect(harness.bapi("POST", members, json: ["user_id": .string(demo)]).status == 422)
    #expect(
      harness.bapi(
        "POST", "/v1/organizations/org_nope/memberships",
        json: ["user_id": .string(demo), "role": "org:member"]
      ).status == 404)
  }

  private func errors() throws {
    #expect(harness.bapi("GET", "/v1/users", authorization: "Bearer sk_test_wrong").status == 401)
    #expect(harness.bapi("GET", "/v1/jwt_templates", authorization: "Basic x").status == 401)
    // Without _is_native: the FAPI's browser refusal.
    #expect(harness.send("GET", "/v1/client").status == 401)
    #expect(
      harness.fapi("POST", "/v1/client/sign_ins", form: [("identifier", "nobody@example.com")])
        .status == 422)
    let (token, _) = try harness.signIn()
    #expect(
      harness.fapi(
        "POST", "/v1/client/sign_ins",
        form: [("identifier", "demo@example.com"), ("password", "demo-password")], token: token
      ).status == 400)
    #expect(harness.fapi("GET", "/v1/client/sign_ins/sia_nope", token: token).status == 404)
    #expect(harness.fapi("GET", "/v1/client/sessions/sess_nope", token: token).status == 404)
  }
}
