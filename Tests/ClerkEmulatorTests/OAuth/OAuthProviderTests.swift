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
