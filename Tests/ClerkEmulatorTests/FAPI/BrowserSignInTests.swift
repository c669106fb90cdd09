import ClerkTestSupport
import ClerkctlBrowserSignIn
import Foundation
import Testing

@testable import ClerkEmulator
@testable import ClerkctlCore
@testable import ClerkctlHTTP

/// The emulator's browser sign-in, driven through `handle(_:)`.
@Suite("Emulator browser sign-in")
struct EmulatorBrowserSignInTests {
  static let redirect = "http://127.0.0.1:45789/callback"

  /// Creates and prepares an OAuth sign-in; returns its id, the client token and page URL.
  private func start(
    _ harness: EmulatorHarness, strategy: String = "oauth_google",
    redirect: String = redirect, extra: [(String, String)] = []
  ) throws -> (id: String, token: String, page: String) {
    let created = harness.fapi(
      "POST", "/v1/client/sign_ins",
      form: [("strategy", strategy), ("redirect_url", redirect)] + extra)
    #expect(created.status == 200, "\(created.bodyText)")
    let token = try #require(created.headers["Authorization"])
    let body = try EmulatorHarness.json(created)
    let id = try #require(body["response"]?["id"]?.stringValue)
    let verification = body["response"]?["first_factor_verification"]
    #expect(verification?["object"] == "verification_oauth")
    #expect(verification?["status"] == "unverified")
    let page = try #require(verification?["external_verification_redirect_url"]?.stringValue)
    return (id, token, page)
  }

  /// GETs `url` (an absolute emulator URL) and returns the 303's Location.
  private func location(_ harness: EmulatorHarness, _ url: String) throws -> String {
    let target = String(url.dropFirst(EmulatorHarness.base.count))
    let response = harness.send("GET", target)
    #expect(response.status == 303, "\(response.bodyText)")
    return try #require(response.headers["Location"])
  }

  private func nonce(in url: String) -> String? {
    guard case .nonce(let nonce) = BrowserCallback.parse(url) else { return nil }
    return nonce
  }

  @Test("the environment lists the social providers as enabled and authenticatable")
  func environment() throws {
    let harness = try EmulatorHarness()
    let json = try EmulatorHarness.json(harness.send("GET", "/v1/environment"))
    #expect(BrowserSignIn.providers(environment: json) == ["github", "google"])
    #expect(json["user_settings"]?["social"]?["oauth_google"]?["strategy"] == "oauth_google")
  }

  @Test("approve: nonce on the redirect, redeemed once with the pre-rotation token only")
  func nonceSingleUse() throws {
    let harness = try EmulatorHarness()
    let (id, token, page) = try start(harness)
    #expect(page.hasPrefix(EmulatorHarness.base + "/__emulator/oauth/authorize?state="))
    let form = harness.send("GET", String(page.dropFirst(EmulatorHarness.base.count)))
    #expect(form.status == 200)
    #expect(form.bodyText.contains("demo@example.com"))
    let callback = try location(harness, page + "&auto=demo@example.com")
    #expect(callback.contains("/v1/oauth_callback?code="))
    let final = try location(harness, callback)
    #expect(final.hasPrefix(Self.redirect + "?rotating_token_nonce="))
    let nonce = try #require(self.nonce(in: final))
    // The callback rotated the token: alone it no longer names the client.
    #expect(harness.fapi("GET", "/v1/client/sign_ins/\(id)", token: token).status == 404)
    let path = "/v1/client/sign_ins/\(id)?rotating_token_nonce=\(nonce)"
    #expect(harness.fapi("GET", path, token: "not-the-token").status == 400)
    let redeemed = harness.fapi("GET", path, token: token)
    #expect(redeemed.status == 200)
    let body = try EmulatorHarness.json(redeemed)
    #expect(body["response"]?["status"] == "complete")
    let rotated = try #require(redeemed.headers["Authorization"])
    #expect(rotated != token)
    let reused = harness.fapi("GET", path, token: token)
    #expect(reused.status == 400)
    #expect(EmulatorHarness.errorCode(reused) == "rotating_token_nonce_invalid")
    let session = try #require(body["response"]?["created_session_id"]?.stringValue)
    #expect(
      try harness.mint(session, token: rotated, template: "convex").payload["aud"] == "convex")
  }

  @Test("the provider page's codes live 10 minutes, as Clerk's, and are forgotten after")
  func providerCodesExpire() throws {
    let harness = try EmulatorHarness()
    let codes = { harness.emulator.state.withStore { $0.oauthCodes } }
    let first = try start(harness)
    let stale = try location(harness, first.page + "&auto=demo@example.com")
    #expect(codes().count == 1)
    harness.time.advance(600)
    let second = try start(harness)
    let callback = try location(harness, second.page + "&auto=demo@example.com")
    #expect(codes().count == 1, "the expired code was forgotten when the next one was made")
    #expect(codes().values.allSatisfy { $0.email == "demo@example.com" })
    let final = try location(harness, callback)
    #expect(nonce(in: final) != nil, "a code within its 10 minutes signs in: \(final)")
    // The first sign-in's callback comes too late: its code is gone, and so is its time.
    let late = harness.send("GET", String(stale.dropFirst(EmulatorHarness.base.count)))
    #expect(late.status == 303 || late.status == 400, "\(late.bodyText)")
    #expect(nonce(in: late.headers["Location"] ?? "") == nil)
  }

  @Test("deny: Clerk's failure parameters on the redirect and the reason on the sign-in")
  func deny() throws {
    let harness = try EmulatorHarness()
    let (id, token, page) = try start(harness, redirect: Self.redirect + "?x=1")
    let final = try location(harness, try location(harness, page + "&deny=1"))
    #expect(
      final == Self.redirect + "?x=1&__clerk_status=failed&__clerk_error_code=oauth_access_denied")
    let body = try EmulatorHarness.json(
      harness.fapi("GET", "/v1/client/sign_ins/\(id)", token: token))
    #expect(body["response"]?["first_factor_verification"]?["status"] == "failed")
    #expect(
      body["response"]?["first_factor_verification"]?["error"]?["code"] == "oauth_access_denied")
  }

  @Test("an unknown account is transferable and becomes a user by sign-up transfer")
  func transfer() throws {
    let harness = try EmulatorHarness()
    let (_, token, page) = try start(harness)
    #expect(
      harness.fapi("POST", "/v1/client/sign_ups", form: [("transfer", "true")], token: token)
        .status == 400)
    let final = try location(harness, try location(harness, page + "&auto=new@example.com"))
    #expect(final.hasSuffix("__clerk_status=failed&__clerk_error_code=external_account_not_found"))
    let signUp = harness.fapi(
      "POST", "/v1/client/sign_ups", form: [("transfer", "true")], token: token)
    #expect(signUp.status == 200, "\(signUp.bodyText)")
    let body = try EmulatorHarness.json(signUp)
    #expect(body["response"]?["status"] == "complete")
    #expect(body["response"]?["created_session_id"]?.stringValue?.hasPrefix("sess_") == true)
    #expect(signUp.headers["Authorization"] != nil)
    let users = try EmulatorHarness.json(harness.bapi("GET", "/v1/users"))
    #expect(
      users.arrayValue?.contains {
        $0["email_addresses"]?.arrayValue?.first?["email_address"] == "new@example.com"
      } == true)
  }

  @Test("production accepts only allowlisted redirect URLs")
  func production() throws {
    var configuration = EmulatorConfiguration.seed
    configuration.instance = .production
    configuration.redirectAllowlist = ["myapp://callback"]
    let harness = try EmulatorHarness(configuration: configuration)
    let refused = harness.fapi(
      "POST", "/v1/client/sign_ins",
      form: [("strategy", "oauth_google"), ("redirect_url", Self.redirect)])
    #expect(refused.status == 400)
    #expect(EmulatorHarness.errorCode(refused) == "resource_missmatch")
    _ = try start(harness, redirect: "myapp://callback")
    let environment = try EmulatorHarness.json(harness.send("GET", "/v1/environment"))
    #expect(environment["display_config"]?["instance_environment_type"] == "production")
  }

  @Test("enterprise SSO needs an email; a provider that is not enabled is refused")
  func strategies() throws {
    let harness = try EmulatorHarness()
    let missing = harness.fapi(
      "POST", "/v1/client/sign_ins",
      form: [("strategy", "enterprise_sso"), ("redirect_url", Self.redirect)])
    #expect(EmulatorHarness.errorCode(missing) == "form_param_missing")
    let disabled = harness.fapi(
      "POST", "/v1/client/sign_ins",
      form: [("strategy", "oauth_myspace"), ("redirect_url", Self.redirect)])
    #expect(EmulatorHarness.errorCode(disabled) == "form_param_value_invalid")
    let noRedirect = harness.fapi(
      "POST", "/v1/client/sign_ins", form: [("strategy", "oauth_google")])
    #expect(EmulatorHarness.errorCode(noRedirect) == "form_param_missing")
    let (_, _, page) = try start(
      harness, strategy: "enterprise_sso", extra: [("identifier", "demo@example.com")])
    let form = harness.send("GET", String(page.dropFirst(EmulatorHarness.base.count)))
    #expect(form.bodyText.contains("value=\"demo@example.com\" selected"))
  }

  @Test("the fake page is loopback only and rejects an unknown state")
  func pageGuards() throws {
    let harness = try EmulatorHarness()
    let (_, _, page) = try start(harness)
    let target = String(page.dropFirst(EmulatorHarness.base.count))
    #expect(harness.send("GET", target, remote: "10.0.0.5").status == 403)
    #expect(harness.send("GET", "/__emulator/oauth/authorize?state=nope").status == 400)
    #expect(harness.send("GET", "/v1/oauth_callback?state=nope&code=x").status == 400)
  }
}
