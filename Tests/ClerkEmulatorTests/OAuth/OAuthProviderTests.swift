import ClerkTestSupport
import ClerkctlCore
import ClerkctlHTTP
import Foundation
import Testing

@testable import ClerkEmulator

/// Clerk as an OAuth 2.1 / OIDC provider, in process: the authorization code flow through the
/// sign-in and consent pages, PKCE, redirect URI rules, the token endpoint's grants.
@Suite("OAuth provider")
struct OAuthProviderTests {
  @Test("discovery: issuer is the FAPI origin, S256 only, registration advertised while open")
  func discovery() throws {
    let harness = try EmulatorHarness()
    let metadata = try EmulatorHarness.json(
      harness.send("GET", "/.well-known/oauth-authorization-server"))
    #expect(metadata["issuer"]?.stringValue == EmulatorHarness.base)
    #expect(
      metadata["authorization_endpoint"]?.stringValue == EmulatorHarness.base + "/oauth/authorize")
    #expect(metadata["token_endpoint"]?.stringValue == EmulatorHarness.base + "/oauth/token")
    #expect(
      metadata["registration_endpoint"]?.stringValue == EmulatorHarness.base + "/oauth/register")
    #expect(metadata["code_challenge_methods_supported"] == ["S256"])
    let openid = try EmulatorHarness.json(harness.send("GET", "/.well-known/openid-configuration"))
    #expect(openid["userinfo_endpoint"]?.stringValue == EmulatorHarness.base + "/oauth/userinfo")
    #expect(
      openid["introspection_endpoint"]?.stringValue == EmulatorHarness.base + "/oauth/token_info")
    #expect(openid["scopes_supported"]?.arrayValue?.contains("offline_access") == true)

    var configuration = EmulatorConfiguration.seed
    configuration.oauthDynamicClientRegistration = false
    let closed = try EmulatorHarness(configuration: configuration)
    let closedMetadata = try EmulatorHarness.json(
      closed.send("GET", "/.well-known/oauth-authorization-server"))
    #expect(closedMetadata["registration_endpoint"] == nil)
    let refused = closed.send(
      "POST", "/oauth/register", headers: ["Content-Type": "application/json"],
      body: Array(#"{"redirect_uris":["http://127.0.0.1/callback"]}"#.utf8))
    #expect(refused.status == 422)
  }

  @Test(
    "the pages: sign in, consent, code; the token reply, an at+jwt access token and an ID token")
  func codeFlow() throws {
    let harness = try EmulatorHarness()
    let code = try harness.authorizationCode(extra: [("nonce", "nonce-1")])
    let reply = try harness.exchange(code)
    #expect(reply["token_type"] == "Bearer")
    #expect(reply["expires_in"] == 86_400)
    #expect(reply["scope"] == "openid profile email offline_access")
    let access = try #require(reply["access_token"]?.stringValue)
    let parts = try JWTParts(access)
    #expect(try parts.header()["typ"] == "at+jwt")
    #expect(try parts.header()["cat"] == nil)
    let claims = try parts.payload()
    let userID = try harness.emulator.state.withStore { store in
      try #require(store.user(identifier: "demo@example.com")?.id)
    }
    #expect(claims["sub"]?.stringValue == userID)
    #expect(claims["client_id"] == "demo_public_client")
    #expect(claims["iss"]?.stringValue == EmulatorHarness.base)
    #expect(claims["jti"]?.stringValue?.hasPrefix("oat_") == true)
    #expect(claims["scope"] == "openid profile email offline_access")
    let idToken = try JWTParts(try #require(reply["id_token"]?.stringValue)).payload()
    #expect(idToken["aud"] == "demo_public_client")
    #expect(idToken["nonce"] == "nonce-1")
    #expect(idToken["email"] == "demo@example.com")
    #expect(idToken["given_name"] == "Demo")
    #expect(reply["refresh_token"]?.stringValue?.isEmpty == false)

    let info = harness.send(
      "GET", "/oauth/userinfo", headers: ["Authorization": "Bearer \(access)"])
    #expect(info.status == 200)
    let user = try EmulatorHarness.json(info)
    #expect(user["sub"]?.stringValue == userID)
    #expect(user["email"] == "demo@example.com")
    #expect(user["email_verified"] == true)
    #expect(harness.send("GET", "/oauth/userinfo").status == 401)
  }

  @Test("the state comes back; Deny sends access_denied with it")
  func deny() throws {
    let harness = try EmulatorHarness()
    let denied = try harness.consent(EmulatorHarness.authorizeTarget(), approve: false)
    #expect(denied.status == 303)
    let query = EmulatorHarness.redirectQuery(denied)
    #expect(query["error"] == "access_denied")
    #expect(query["state"] == "state-12345678")
    #expect(query["code"] == nil)
    #expect(denied.headers["Location"]?.hasPrefix(EmulatorHarness.loopbackRedirect + "?") == true)
  }

  @Test("a wrong password stays on the sign-in page; an expired form token is refused")
  func signInErrors() throws {
    let harness = try EmulatorHarness()
    let page = harness.send("GET", EmulatorHarness.authorizeTarget())
    let token = try #require(EmulatorHarness.hidden("form_token", in: page))
    let wrong = harness.postAuthorize([
      ("form_token", token), ("step", "sign_in"), ("identifier", "demo@example.com"),
      ("password", "nope"),
    ])
    #expect(wrong.status == 401)
    #expect(wrong.bodyText.contains("Password is incorrect"))
    #expect(EmulatorHarness.hidden("form_token", in: wrong) == token)
    let forged = harness.postAuthorize([
      ("form_token", "forged"), ("step", "consent"), ("decision", "allow"),
    ])
    #expect(forged.status == 400)
    #expect(forged.headers["Location"] == nil)
    harness.time.advance(601)
    let late = harness.postAuthorize([
      ("form_token", token), ("step", "sign_in"), ("identifier", "demo@example.com"),
      ("password", "demo-password"),
    ])
    #expect(late.status == 400)
  }

  @Test("a TOTP user answers the second-factor page")
  func secondFactor() throws {
    let harness = try EmulatorHarness()
    let page = harness.send("GET", EmulatorHarness.authorizeTarget())
    let token = try #require(EmulatorHarness.hidden("form_token", in: page))
    let second = harness.postAuthorize([
      ("form_token", token), ("step", "sign_in"), ("identifier", "mfa@example.com"),
      ("password", "demo-password"),
    ])
    #expect(EmulatorHarness.hidden("step", in: second) == "second_factor")
    let consent = harness.postAuthorize([
      ("form_token", token), ("step", "second_factor"), ("code", "backup-0001"),
    ])
    #expect(EmulatorHarness.hidden("step", in: consent) == "consent")
  }

  @Test("PKCE: a wrong verifier, no verifier, and no challenge for a public client all fail")
  func pkce() throws {
    let harness = try EmulatorHarness()
    let code = try harness.authorizationCode()
    let wrong = harness.tokenRequest([
      ("grant_type", "authorization_code"), ("code", code),
      ("redirect_uri", EmulatorHarness.loopbackRedirect), ("client_id", "demo_public_client"),
      ("code_verifier", EmulatorHarness.PKCE(verifier: String(repeating: "a", count: 43)).verifier),
    ])
    #expect(wrong.status == 400)
    #expect(try EmulatorHarness.json(wrong)["error"] == "invalid_grant")
    let missing = harness.tokenRequest([
      ("grant_type", "authorization_code"), ("code", code),
      ("redirect_uri", EmulatorHarness.loopbackRedirect), ("client_id", "demo_public_client"),
    ])
    #expect(try EmulatorHarness.json(missing)["error"] == "invalid_grant")
    // The code survives failed attempts: the right verifier still works once.
    _ = try harness.exchange(code)

    let noChallenge = harness.send("GET", EmulatorHarness.authorizeTarget(pkce: nil))
    #expect(noChallenge.status == 302)
    let query = EmulatorHarness.redirectQuery(noChallenge)
    #expect(query["error"] == "invalid_request")
    #expect(query["state"] == "state-12345678")
    let plain = harness.send(
      "GET",
      EmulatorHarness.authorizeTarget(pkce: nil)
        + "&code_challenge=abc&code_challenge_method=plain")
    #expect(EmulatorHarness.redirectQuery(plain)["error"] == "invalid_request")
  }

  @Test("a code works once: a replay is invalid_grant and revokes what the code gave")
  func replayedCode() throws {
    let harness = try EmulatorHarness()
    let code = try harness.authorizationCode()
    let first = try harness.exchange(code)
    let access = try #require(first["access_token"]?.stringValue)
    let refresh = try #require(first["refresh_token"]?.stringValue)
    #expect(try harness.isActive(access))
    let replay = harness.tokenRequest([
      ("grant_type", "authorization_code"), ("code", code),
      ("redirect_uri", EmulatorHarness.loopbackRedirect), ("client_id", "demo_public_client"),
      ("code_verifier", EmulatorHarness.PKCE().verifier),
    ])
    #expect(replay.status == 400)
    #expect(try EmulatorHarness.json(replay)["error"] == "invalid_grant")
    #expect(try !harness.isActive(access))
    #expect(try !harness.isActive(refresh))
    let refreshed = harness.tokenRequest([
      ("grant_type", "refresh_token"), ("refresh_token", refresh),
      ("client_id", "demo_public_client"),
    ])
    #expect(try EmulatorHarness.json(refreshed)["error"] == "invalid_grant")
  }

  @Test("redirect URIs: exact match, a loopback one on any port, nothing sent to a foreign one")
  func redirectURIs() throws {
    let harness = try EmulatorHarness()
    for port in ["1", "8080", "65535"] {
      let page = harness.send(
        "GET", EmulatorHarness.authorizeTarget(redirect: "http://127.0.0.1:\(port)/callback"))
      #expect(page.status == 200, "port \(port)")
    }
    for foreign in [
      "https://evil.example/callback", "http://127.0.0.1:8080/other",
      "http://127.0.0.2:8080/callback", "https://127.0.0.1:8080/callback",
      "http://127.0.0.1:8080/callback?x=1",
    ] {
      let refused = harness.send("GET", EmulatorHarness.authorizeTarget(redirect: foreign))
      #expect(refused.status == 400, "\(foreign)")
      #expect(refused.headers["Location"] == nil)
      #expect(refused.bodyText.contains("redirect_uri_mismatch"))
    }
    let unknown = harness.send("GET", EmulatorHarness.authorizeTarget(client: "nobody"))
    #expect(unknown.status == 401)
    #expect(unknown.headers["Location"] == nil)
    // The token request must name the same redirect URI, port included.
    let code = try harness.authorizationCode(redirect: "http://127.0.0.1:4000/callback")
    let other = harness.tokenRequest([
      ("grant_type", "authorization_code"), ("code", code),
      ("redirect_uri", "http://127.0.0.1:4001/callback"), ("client_id", "demo_public_client"),
      ("code_verifier", EmulatorHarness.PKCE().verifier),
    ])
    #expect(try EmulatorHarness.json(other)["error"] == "invalid_grant")
    _ = try harness.exchange(code, redirect: "http://127.0.0.1:4000/callback")
  }

  @Test("refresh tokens rotate; reusing a replaced one is invalid_grant and revokes the grant")
  func refreshRotation() throws {
    let harness = try EmulatorHarness()
    let first = try harness.exchange(try harness.authorizationCode())
    let old = try #require(first["refresh_token"]?.stringValue)
    let refresh = { (token: String) in
      harness.tokenRequest([
        ("grant_type", "refresh_token"), ("refresh_token", token),
        ("client_id", "demo_public_client"),
      ])
    }
    let second = refresh(old)
    #expect(second.status == 200)
    let body = try EmulatorHarness.json(second)
    let new = try #require(body["refresh_token"]?.stringValue)
    #expect(new != old)
    #expect(body["id_token"] != nil)
    let newAccess = try #require(body["access_token"]?.stringValue)
    #expect(try harness.isActive(newAccess))
    let reuse = refresh(old)
    #expect(reuse.status == 400)
    #expect(try EmulatorHarness.json(reuse)["error"] == "invalid_grant")
    // Reuse detection: the whole grant is gone, the new tokens too.
    #expect(refresh(new).status == 400)
    #expect(try !harness.isActive(newAccess))
  }

  @Test("a narrower scope on refresh is granted; a wider one is refused")
  func refreshScope() throws {
    let harness = try EmulatorHarness()
    let first = try harness.exchange(
      try harness.authorizationCode(scope: "openid email offline_access"))
    let token = try #require(first["refresh_token"]?.stringValue)
    let wider = harness.tokenRequest([
      ("grant_type", "refresh_token"), ("refresh_token", token),
      ("client_id", "demo_public_client"),
      ("scope", "openid email profile"),
    ])
    #expect(wider.status == 400)
    let narrower = harness.tokenRequest([
      ("grant_type", "refresh_token"), ("refresh_token", token),
      ("client_id", "demo_public_client"),
      ("scope", "email"),
    ])
    #expect(try EmulatorHarness.json(narrower)["scope"] == "email")
  }

  @Test(
    "revoking the refresh token makes it and its access tokens inactive; a JWT cannot be revoked")
  func revoke() throws {
    let harness = try EmulatorHarness()
    let reply = try harness.exchange(try harness.authorizationCode())
    let access = try #require(reply["access_token"]?.stringValue)
    let refresh = try #require(reply["refresh_token"]?.stringValue)
    let jwtRevoke = harness.oauthForm(
      "/oauth/token/revoke", [("token", access), ("client_id", "demo_public_client")])
    #expect(jwtRevoke.status == 400)
    #expect(try EmulatorHarness.json(jwtRevoke)["error"] == "unsupported_token_type")
    let foreign = harness.oauthForm(
      "/oauth/token/revoke", [("token", refresh)],
      basic: ("demo_confidential_client", "demo_confidential_secret"))
    #expect(foreign.status == 400)
    #expect(try harness.isActive(refresh))
    let revoked = harness.oauthForm(
      "/oauth/token/revoke",
      [
        ("token", refresh), ("token_type_hint", "refresh_token"),
        ("client_id", "demo_public_client"),
      ])
    #expect(revoked.status == 200)
    #expect(try !harness.isActive(refresh))
    #expect(try !harness.isActive(access))
    let info = harness.send(
      "GET", "/oauth/userinfo", headers: ["Authorization": "Bearer \(access)"])
    #expect(info.status == 401)
    // An unknown token is not an error (RFC 7009).
    let unknown = harness.oauthForm(
      "/oauth/token/revoke", [("token", "nope"), ("client_id", "demo_public_client")])
    #expect(unknown.status == 200)
  }

  @Test("access tokens expire on the emulator's clock, with the application's lifetime")
  func expiry() throws {
    var configuration = EmulatorConfiguration.seed
    configuration.oauthApplications[0].accessTokenLifetime = 5
    let harness = try EmulatorHarness(configuration: configuration)
    let reply = try harness.exchange(try harness.authorizationCode())
    #expect(reply["expires_in"] == 5)
    let access = try #require(reply["access_token"]?.stringValue)
    #expect(try harness.isActive(access))
    harness.time.advance(6)
    #expect(try !harness.isActive(access))
    let refreshed = harness.tokenRequest([
      ("grant_type", "refresh_token"),
      ("refresh_token", try #require(reply["refresh_token"]?.stringValue)),
      ("client_id", "demo_public_client"),
    ])
    #expect(refreshed.status == 200)
  }
}

/// The Backend API side, opaque tokens, confidential clients, registration and the test hooks.
@Suite("OAuth provider: applications and clients")
struct OAuthApplicationTests {
  @Test("opaque oat_ tokens: userinfo and BAPI verify know them; an expired JWT verifies inactive")
  func opaqueTokens() throws {
    var configuration = EmulatorConfiguration.seed
    configuration.oauthApplications[0].accessTokenFormat = "opaque"
    let harness = try EmulatorHarness(configuration: configuration)
    let reply = try harness.exchange(try harness.authorizationCode())
    let access = try #require(reply["access_token"]?.stringValue)
    #expect(access.hasPrefix("oat_"))
    #expect(access.split(separator: ".").count == 1)
    let info = harness.send(
      "GET", "/oauth/userinfo", headers: ["Authorization": "Bearer \(access)"])
    #expect(info.status == 200)
    let verified = try EmulatorHarness.json(
      harness.bapi(
        "POST", "/oauth_applications/access_tokens/verify", json: ["access_token": .string(access)])
    )
    #expect(verified["object"] == "clerk_idp_oauth_access_token")
    #expect(verified["client_id"] == "demo_public_client")
    #expect(verified["revoked"] == false)
    #expect(verified["expired"] == false)
    #expect(verified["scopes"] == ["openid", "profile", "email", "offline_access"])
    let id = try #require(verified["id"]?.stringValue)
    #expect(id.hasPrefix("oat_") && id.count == 36 && id != access)
    // Revoking an opaque access token revokes its grant.
    let revoke = harness.oauthForm(
      "/oauth/token/revoke", [("token", access), ("client_id", "demo_public_client")])
    #expect(revoke.status == 200)
    let after = try EmulatorHarness.json(
      harness.bapi(
        "POST", "/oauth_applications/access_tokens/verify", json: ["access_token": .string(access)])
    )
    #expect(after["revoked"] == true)
    #expect(try !harness.isActive(try #require(reply["refresh_token"]?.stringValue)))

    let jwtHarness = try EmulatorHarness()
    let jwt = try #require(
      try jwtHarness.exchange(try jwtHarness.authorizationCode())["access_token"]?.stringValue)
    let live = try EmulatorHarness.json(
      jwtHarness.bapi(
        "POST", "/oauth_applications/access_tokens/verify", json: ["access_token": .string(jwt)]))
    #expect(live["object"] == "clerk_idp_oauth_access_token")
    jwtHarness.time.advance(86_401)
    let expired = try EmulatorHarness.json(
      jwtHarness.bapi(
        "POST", "/oauth_applications/access_tokens/verify", json: ["access_token": .string(jwt)]))
    #expect(expired == ["active": false])
  }

  @Test("a confidential client authenticates with Basic or client_secret_post, and only so")
  func confidentialClient() throws {
    let harness = try EmulatorHarness()
    let client = EmulatorHarness.confidentialClient
    let secret = EmulatorHarness.confidentialSecret
    let code = { () throws -> String in
      try harness.authorizationCode(client: client)
    }
    let exchange = { (code: String, fields: [(String, String)], basic: (String, String)?) in
      harness.tokenRequest(
        [
          ("grant_type", "authorization_code"), ("code", code),
          ("redirect_uri", EmulatorHarness.loopbackRedirect),
          ("code_verifier", EmulatorHarness.PKCE().verifier),
        ] + fields, basic: basic)
    }
    let basic = exchange(try code(), [], (client, secret))
    #expect(basic.status == 200, "\(basic.bodyText)")
    let post = exchange(try code(), [("client_id", client), ("client_secret", secret)], nil)
    #expect(post.status == 200, "\(post.bodyText)")
    let pending = try code()
    let wrong = exchange(pending, [], (client, "wrong"))
    #expect(wrong.status == 401)
    #expect(try EmulatorHarness.json(wrong)["error"] == "invalid_client")
    #expect(wrong.headers["WWW-Authenticate"]?.hasPrefix("Basic") == true)
    let none = exchange(pending, [("client_id", client)], nil)
    #expect(try EmulatorHarness.json(none)["error"] == "invalid_client")
    let both = exchange(pending, [("client_secret", secret)], (client, secret))
    #expect(try EmulatorHarness.json(both)["error"] == "invalid_request")
    // A confidential client may skip PKCE, with a state of 8 characters or more.
    let page = harness.send(
      "GET", EmulatorHarness.authorizeTarget(client: client, pkce: nil))
    #expect(page.status == 200)
    let short = harness.send(
      "GET", EmulatorHarness.authorizeTarget(client: client, state: "short", pkce: nil))
    #expect(EmulatorHarness.redirectQuery(short)["error"] == "invalid_request")
    // Introspection with the client's credentials sees its own tokens only.
    let access = try #require(try EmulatorHarness.json(basic)["access_token"]?.stringValue)
    let own = harness.oauthForm("/oauth/token_info", [("token", access)], basic: (client, secret))
    #expect(try EmulatorHarness.json(own)["active"] == true)
    #expect(try EmulatorHarness.json(own)["client_id"]?.stringValue == client)
    let other = harness.oauthForm(
      "/oauth/token_info", [("token", access)], basic: (EmulatorHarness.publicClient, ""))
    #expect(try EmulatorHarness.json(other)["active"] == false)
  }

  @Test("dynamic registration makes a public PKCE client that can sign in at once")
  func registration() throws {
    let harness = try EmulatorHarness()
    let response = harness.send(
      "POST", "/oauth/register", headers: ["Content-Type": "application/json"],
      body: Array(
        #"{"client_name":"MCP client","redirect_uris":["http://127.0.0.1/callback"],"token_endpoint_auth_method":"none","scope":"openid email"}"#
          .utf8))
    #expect(response.status == 201)
    let client = try EmulatorHarness.json(response)
    #expect(client["client_secret"] == nil)
    #expect(client["token_endpoint_auth_method"] == "none")
    #expect(client["scope"] == "openid email offline_access")
    let id = try #require(client["client_id"]?.stringValue)
    let reply = try harness.exchange(
      try harness.authorizationCode(scope: "openid email", client: id), client: id)
    #expect(reply["id_token"] != nil)
    let listed = try EmulatorHarness.json(
      harness.bapi("GET", "/v1/oauth_applications?name_query=\(id)"))
    #expect(listed["total_count"] == 1)
    #expect(listed["data"]?.arrayValue?.first?["dynamically_registered"] == true)
  }

  @Test("Backend API CRUD: create returns the secret once, update, rotate, delete revokes")
  func backendCRUD() throws {
    let harness = try EmulatorHarness()
    let created = try EmulatorHarness.json(
      harness.bapi(
        "POST", "/v1/oauth_applications",
        json: ["name": "Server app", "redirect_uris": ["https://app.example/callback"]]))
    let id = try #require(created["id"]?.stringValue)
    let secret = try #require(created["client_secret"]?.stringValue)
    #expect(!secret.isEmpty)
    #expect(created["public"] == false)
    #expect(created["scopes"] == "profile email")
    let fetched = try EmulatorHarness.json(harness.bapi("GET", "/v1/oauth_applications/\(id)"))
    #expect(fetched["client_secret"] == nil)
    #expect(fetched["authorize_url"]?.stringValue == EmulatorHarness.base + "/oauth/authorize")
    let updated = try EmulatorHarness.json(
      harness.bapi(
        "PATCH", "/v1/oauth_applications/\(id)", json: ["scopes": "openid email", "name": "New"]))
    #expect(updated["scopes"] == "openid email")
    let rotated = try EmulatorHarness.json(
      harness.bapi("POST", "/v1/oauth_applications/\(id)/rotate_secret"))
    #expect(rotated["client_secret"]?.stringValue != secret)
    let list = try EmulatorHarness.json(harness.bapi("GET", "/v1/oauth_applications"))
    #expect(list["total_count"] == 3)
    #expect(list["data"]?.arrayValue?.first?["id"]?.stringValue == id)
    #expect(
      harness.bapi("GET", "/v1/oauth_applications", authorization: "Bearer sk_test_wrong").status
        == 401)

    // Deleting the seeded public client makes its tokens inactive.
    let reply = try harness.exchange(try harness.authorizationCode())
    let access = try #require(reply["access_token"]?.stringValue)
    let seeded = try #require(
      try EmulatorHarness.json(
        harness.bapi("GET", "/v1/oauth_applications?name_query=demo_public_client"))["data"]?
        .arrayValue?.first?["id"]?.stringValue)
    #expect(harness.bapi("DELETE", "/v1/oauth_applications/\(seeded)").status == 200)
    #expect(try !harness.isActive(access))
  }

  @Test("the test surface arms the next authorize: a code, or access_denied, without pages")
  func armedConsent() throws {
    let harness = try EmulatorHarness()
    let arm = { (approve: Bool) in
      harness.send(
        "POST", "/__emulator/oauth/consent", headers: ["Content-Type": "application/json"],
        body: Array(#"{"user":"demo@example.com","approve":\#(approve)}"#.utf8))
    }
    #expect(arm(true).status == 200)
    let approved = harness.send("GET", EmulatorHarness.authorizeTarget())
    #expect(approved.status == 302)
    let code = try #require(EmulatorHarness.redirectQuery(approved)["code"])
    _ = try harness.exchange(code)
    #expect(arm(false).status == 200)
    let denied = harness.send("GET", EmulatorHarness.authorizeTarget())
    #expect(EmulatorHarness.redirectQuery(denied)["error"] == "access_denied")
    // Used once: the next request shows the sign-in page again.
    #expect(harness.send("GET", EmulatorHarness.authorizeTarget()).status == 200)
  }

  @Test("the page's cookie skips the sign-in next time; prompt=login and prompt=none")
  func browserSession() throws {
    let harness = try EmulatorHarness()
    let page = harness.send("GET", EmulatorHarness.authorizeTarget())
    let token = try #require(EmulatorHarness.hidden("form_token", in: page))
    let signedIn = harness.postAuthorize([
      ("form_token", token), ("step", "sign_in"), ("identifier", "demo@example.com"),
      ("password", "demo-password"),
    ])
    let cookie = try #require(signedIn.headers["Set-Cookie"]?.split(separator: ";").first)
    let again = harness.send(
      "GET", EmulatorHarness.authorizeTarget(), headers: ["Cookie": String(cookie)])
    #expect(EmulatorHarness.hidden("step", in: again) == "consent")
    let login = harness.send(
      "GET", EmulatorHarness.authorizeTarget(extra: [("prompt", "login")]),
      headers: ["Cookie": String(cookie)])
    #expect(EmulatorHarness.hidden("step", in: login) == "sign_in")
    let none = harness.send("GET", EmulatorHarness.authorizeTarget(extra: [("prompt", "none")]))
    #expect(EmulatorHarness.redirectQuery(none)["error"] == "login_required")
    let formPost = harness.send(
      "GET", EmulatorHarness.authorizeTarget(extra: [("response_mode", "form_post")]),
      headers: ["Cookie": String(cookie)])
    let consentToken = try #require(EmulatorHarness.hidden("form_token", in: formPost))
    let posted = harness.postAuthorize([
      ("form_token", consentToken), ("step", "consent"), ("decision", "allow"),
    ])
    #expect(posted.status == 200)
    #expect(posted.bodyText.contains("action=\"\(EmulatorHarness.loopbackRedirect)\""))
    #expect(EmulatorHarness.hidden("code", in: posted) != nil)
  }

  @Test("the protected resource: 401 with resource_metadata, 200 with a token, RFC 9728 metadata")
  func protectedResource() throws {
    let harness = try EmulatorHarness()
    let anonymous = harness.send("GET", "/mcp")
    #expect(anonymous.status == 401)
    #expect(
      anonymous.headers["WWW-Authenticate"]
        == "Bearer resource_metadata=\"\(EmulatorHarness.base)/.well-known/oauth-protected-resource\""
    )
    let metadata = try EmulatorHarness.json(
      harness.send("GET", "/.well-known/oauth-protected-resource"))
    #expect(metadata["resource"]?.stringValue == EmulatorHarness.base + "/mcp")
    #expect(metadata["authorization_servers"] == [.string(EmulatorHarness.base)])
    #expect(metadata["bearer_methods_supported"] == ["header"])
    let reply = try harness.exchange(
      try harness.authorizationCode(extra: [("resource", EmulatorHarness.base + "/mcp")]))
    let access = try #require(reply["access_token"]?.stringValue)
    #expect(try JWTParts(access).payload()["aud"]?.stringValue == EmulatorHarness.base + "/mcp")
    let allowed = harness.send("GET", "/mcp", headers: ["Authorization": "Bearer \(access)"])
    #expect(allowed.status == 200)
    #expect(try EmulatorHarness.json(allowed)["client_id"] == "demo_public_client")
    let rpc = harness.send(
      "POST", "/mcp",
      headers: ["Authorization": "Bearer \(access)", "Content-Type": "application/json"],
      body: Array(#"{"jsonrpc":"2.0","id":7,"method":"ping"}"#.utf8))
    #expect(try EmulatorHarness.json(rpc)["id"] == 7)
    // A session token is not an OAuth access token.
    let (token, session) = try harness.signIn()
    let minted = try EmulatorHarness.json(
      harness.fapi("POST", "/v1/client/sessions/\(session)/tokens", token: token))
    let jwt = try #require(minted["jwt"]?.stringValue)
    let refused = harness.send("GET", "/mcp", headers: ["Authorization": "Bearer \(jwt)"])
    #expect(refused.status == 401)
    #expect(refused.headers["WWW-Authenticate"]?.contains("invalid_token") == true)
    // Expired (past the 5 s leeway a resource server allows).
    harness.time.advance(86_406)
    #expect(
      harness.send("GET", "/mcp", headers: ["Authorization": "Bearer \(access)"]).status == 401)
  }

  @Test(
    "config: oauth_applications and oauth_application_settings are read; an unknown key is named")
  func configuration() throws {
    let json = """
      {"users":[{"email":"a@example.com","password":"pw"}],
       "oauth_applications":[{"name":"CLI","client_id":"cli","redirect_uris":["http://127.0.0.1/callback"],
         "scopes":"openid email offline_access","access_token_format":"opaque","access_token_lifetime":30},
         {"name":"Web","client_id":"web","client_secret":"s3cret-s3cret","redirect_uris":["https://app.example/cb"],
         "consent_screen_enabled":false}],
       "oauth_application_settings":{"dynamic_oauth_client_registration":false}}
      """
    let configuration = try EmulatorConfiguration(json: Array(json.utf8))
    #expect(configuration.oauthApplications.count == 2)
    #expect(configuration.oauthApplications[0].isPublic)
    #expect(configuration.oauthApplications[0].scopes == ["openid", "email", "offline_access"])
    #expect(configuration.oauthApplications[0].accessTokenLifetime == 30)
    #expect(!configuration.oauthApplications[1].isPublic)
    #expect(!configuration.oauthApplications[1].consentScreenEnabled)
    #expect(!configuration.oauthDynamicClientRegistration)
    #expect(
      EmulatorConfiguration.seed.oauthApplications.map(\.clientID) == [
        "demo_public_client", "demo_confidential_client",
      ])
    #expect(throws: EmulatorConfigurationError.self) {
      try EmulatorConfiguration(
        json: Array(#"{"oauth_applications":[{"name":"x","redirect_uri":"y"}]}"#.utf8))
    }
    do {
      _ = try EmulatorConfiguration(
        json: Array(#"{"oauth_applications":[{"name":"x","redirect_uri":"y"}]}"#.utf8))
    } catch {
      #expect(error.description.contains("redirect_uri"))
    }
    #expect(throws: EmulatorConfigurationError.self) {
      try EmulatorConfiguration(
        json: Array(
          #"{"oauth_applications":[{"name":"x","public":true,"client_secret":"abc"}]}"#.utf8))
    }
    // Without the consent screen the code comes right after the sign-in.
    let harness = try EmulatorHarness(configuration: configuration)
    let page = harness.send(
      "GET",
      EmulatorHarness.authorizeTarget(
        client: "web", redirect: "https://app.example/cb", scope: "email"))
    let token = try #require(EmulatorHarness.hidden("form_token", in: page))
    let signedIn = harness.postAuthorize([
      ("form_token", token), ("step", "sign_in"), ("identifier", "a@example.com"),
      ("password", "pw"),
    ])
    #expect(signedIn.status == 303)
    #expect(signedIn.headers["Location"]?.hasPrefix("https://app.example/cb?code=") == true)
  }
}

/// Which backends take an OAuth access token: not Convex (its OIDC check refuses `typ: at+jwt`
/// even with `aud: convex`), while the OIDC ID token has `aud` = the client id.
@Suite("OAuth tokens and the Convex-style API")
struct OAuthConvexTests {
  @Test("an at+jwt access token, even with aud convex, is Unauthenticated at the Convex API")
  func accessTokenRefused() throws {
    let harness = try EmulatorHarness()
    let reply = try harness.exchange(
      try harness.authorizationCode(extra: [("resource", "convex")]))
    let access = try #require(reply["access_token"]?.stringValue)
    #expect(try JWTParts(access).payload()["aud"] == "convex")
    let response = harness.send(
      "POST", "/api/query",
      headers: ["Authorization": "Bearer \(access)", "Content-Type": "application/json"],
      body: Array(#"{"path":"users:whoami","args":{},"format":"json"}"#.utf8))
    #expect(response.status == 401)
    #expect(response.bodyText.contains("Unauthenticated"))
  }
}

/// The ClerkTestSupport helpers OAuth client tests use, on an in-memory emulator.
@Suite("OAuth provider: test helpers")
struct OAuthTestHelperTests {
  @Test("OAuthTestBrowser signs in and consents; EmulatorAdmin shortens tokens and arms consent")
  func helpers() throws {
    let emulator = try InMemoryEmulator()
    let admin = EmulatorAdmin(emulator)
    try admin.setOAuthAccessTokens(lifetime: 2, format: "opaque")
    let pkce = EmulatorHarness.PKCE()
    let url = emulator.fapiURL + EmulatorHarness.authorizeTarget(pkce: pkce)
    let outcome = try OAuthTestBrowser(http: emulator.http).authorize(url)
    let location = try #require(outcome.location, "\(outcome.page)")
    #expect(location.hasPrefix(EmulatorHarness.loopbackRedirect + "?code="))
    let query = FormData(encoded: String(location.split(separator: "?").last ?? ""))
    #expect(query["state"] == "state-12345678")
    let response = try emulator.http.send(
      HTTPRequest(
        method: "POST", url: emulator.fapiURL + "/oauth/token",
        headers: ["Content-Type": "application/x-www-form-urlencoded"],
        body: Array(
          FormEncoding.encode([
            ("grant_type", "authorization_code"), ("code", try #require(query["code"])),
            ("redirect_uri", EmulatorHarness.loopbackRedirect),
            ("client_id", "demo_public_client"), ("code_verifier", pkce.verifier),
          ]).utf8)))
    let reply = try JSONValue(parsing: response.body)
    #expect(reply["expires_in"] == 2)
    let access = try #require(reply["access_token"]?.stringValue)
    #expect(access.hasPrefix("oat_"))
    #expect(try admin.verifyOAuthAccessToken(access)["expired"] == false)
    try admin.advanceClock(seconds: 3)
    #expect(try admin.verifyOAuthAccessToken(access)["expired"] == true)

    let wrong = try OAuthTestBrowser(http: emulator.http).authorize(url, password: "nope")
    #expect(wrong.location == nil)
    #expect(wrong.status == 401)
    try admin.armOAuthConsent(approve: false)
    let denied = try OAuthTestBrowser(http: emulator.http).authorize(url)
    #expect(denied.location?.contains("error=access_denied") == true)
    let app = try admin.createOAuthApplication(name: "Helper app")
    #expect(app.clientSecret == nil)
    #expect(app.id.hasPrefix("oa_"))
  }
}
