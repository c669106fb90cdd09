import ClerkTestSupport
import ClerkctlCore
import ClerkctlHTTP
import Foundation
import Testing

@testable import ClerkEmulator

/// The emulator's side of the recorded flows: the same requests Clerk's Flutter SDK recorded
/// (and the tokens, the Backend API reads and a sign-up), against users shaped like the
/// recorded ones; each reply paired with the id of the recorded reply it stands for.
struct RecordedShapeFlows {
  /// A user like the recordings' `userfortests`: email, phone, username, password and names.
  static let email = "recorded+clerk_test@example.com"
  static let phone = "+15555550105"
  /// A user with a second factor, for the client-trust recording's email code.
  static let trusted = "trusted+clerk_test@example.com"
  static let password = "recorded-password"
  /// Clerk's test-mode code for `+clerk_test` addresses and 555-01XX numbers.
  static let code = "424242"

  static var configuration: EmulatorConfiguration {
    var configuration = EmulatorConfiguration.seed
    configuration.users = [
      .init(
        email: email, password: password, firstName: "Recorded", lastName: "User",
        username: "userfortests", phone: phone),
      .init(
        email: trusted, password: password, totpSecret: "JBSWY3DPEHPK3PXP", firstName: "Trusted",
        lastName: "User", username: "trusteduser"),
    ]
    configuration.organizations = [.init(name: "Acme Inc", slug: "acme")]
    configuration.memberships = [.init(organization: "acme", user: email, role: "org:admin")]
    return configuration
  }

  let harness: EmulatorHarness

  /// Every pair: the recorded fixture's id and the emulator's reply body (a token's decoded
  /// parts for `jwt-parts` fixtures).
  func run() throws -> [(fixture: String, reply: JSONValue)] {
    var pairs: [(String, JSONValue)] = []
    let environment = try json(harness.send("GET", "/v1/environment"))
    pairs += [("fapi-environment", environment), ("fapi-environment-client-trust", environment)]
    pairs += try identifierThenPassword()
    pairs += try emailCode()
    pairs += try phoneCode()
    pairs += try clientTrust()
    pairs += try signedIn()
    pairs += try signUpByTransfer()
    return pairs
  }

  private func json(_ response: HTTPResponse) throws -> JSONValue {
    #expect(response.status == 200, "\(response.bodyText)")
    return try EmulatorHarness.json(response)
  }

  /// `POST /v1/client/sign_ins` with the identifier alone: the body and the client token.
  private func startSignIn(_ identifier: String) throws -> (JSONValue, String, String) {
    let created = harness.fapi("POST", "/v1/client/sign_ins", form: [("identifier", identifier)])
    let body = try json(created)
    let token = try #require(created.headers["Authorization"])
    let id = try #require(body["response"]?["id"]?.stringValue)
    return (body, token, "/v1/client/sign_ins/\(id)")
  }

  /// The factor of `strategy` a sign-in offers.
  private func factor(_ body: JSONValue, _ strategy: String, second: Bool = false) -> JSONValue? {
    let key = second ? "supported_second_factors" : "supported_first_factors"
    return body["response"]?[key]?.arrayValue?.first { $0["strategy"]?.stringValue == strategy }
  }

  private func identifierThenPassword() throws -> [(String, JSONValue)] {
    let (created, token, base) = try startSignIn(Self.email)
    let attempt = try json(
      harness.fapi(
        "POST", base + "/attempt_first_factor",
        form: [("strategy", "password"), ("password", Self.password)], token: token))
    return [
      ("fapi-sign-in-identifier-2024", created), ("fapi-sign-in-identifier-email", created),
      ("fapi-sign-in-attempt-password-2024", attempt),
    ]
  }

  private func emailCode() throws -> [(String, JSONValue)] {
    let (created, token, base) = try startSignIn(Self.email)
    let id = try #require(factor(created, "email_code")?["email_address_id"]?.stringValue)
    let prepared = try json(
      harness.fapi(
        "POST", base + "/prepare_first_factor",
        form: [("email_address_id", id), ("strategy", "email_code")], token: token))
    let attempted = try json(
      harness.fapi(
        "POST", base + "/attempt_first_factor",
        form: [("code", Self.code), ("strategy", "email_code")], token: token))
    return [
      ("fapi-sign-in-prepare-email-code", prepared), ("fapi-sign-in-attempt-email-code", attempted),
    ]
  }

  private func phoneCode() throws -> [(String, JSONValue)] {
    let (created, token, base) = try startSignIn(Self.phone)
    let id = try #require(factor(created, "phone_code")?["phone_number_id"]?.stringValue)
    let prepared = try json(
      harness.fapi(
        "POST", base + "/prepare_first_factor",
        form: [("phone_number_id", id), ("strategy", "phone_code")], token: token))
    let attempted = try json(
      harness.fapi(
        "POST", base + "/attempt_first_factor",
        form: [("code", Self.code), ("strategy", "phone_code")], token: token))
    return [
      ("fapi-sign-in-identifier-phone", created), ("fapi-sign-in-prepare-phone-code", prepared),
      ("fapi-sign-in-attempt-phone-code", attempted),
    ]
  }

  /// The emulator has no client trust: a second factor stands for it (the same request and
  /// the same email code, `needs_second_factor` for `needs_client_trust`).
  private func clientTrust() throws -> [(String, JSONValue)] {
    let created = harness.fapi(
      "POST", "/v1/client/sign_ins",
      form: [("identifier", Self.trusted), ("password", Self.password)])
    let body = try json(created)
    let token = try #require(created.headers["Authorization"])
    let base = "/v1/client/sign_ins/" + (body["response"]?["id"]?.stringValue ?? "")
    let id = try #require(
      factor(body, "email_code", second: true)?["email_address_id"]?.stringValue)
    let prepared = try json(
      harness.fapi(
        "POST", base + "/prepare_second_factor",
        form: [("email_address_id", id), ("strategy", "email_code")], token: token))
    let attempted = try json(
      harness.fapi(
        "POST", base + "/attempt_second_factor",
        form: [("code", Self.code), ("strategy", "email_code")], token: token))
    return [
      ("fapi-sign-in-needs-client-trust", body), ("fapi-sign-in-prepare-second-factor", prepared),
      ("fapi-sign-in-attempt-second-factor", attempted),
    ]
  }

  /// Password in one request, then what a signed-in client reads: the client, the user, its
  /// memberships, tokens, the Backend API's user and session, the key sets; then the client
  /// after the session is removed.
  private func signedIn() throws -> [(String, JSONValue)] {
    let created = harness.fapi(
      "POST", "/v1/client/sign_ins",
      form: [("identifier", Self.email), ("password", Self.password)])
    let body = try json(created)
    let token = try #require(created.headers["Authorization"])
    let session = try #require(body["response"]?["created_session_id"]?.stringValue)
    let userID = try #require(
      body["client"]?["sessions"]?.arrayValue?.first?["user"]?["id"]?.stringValue)
    var pairs: [(String, JSONValue)] = [("fapi-sign-in-password-one-request", body)]
    pairs.append(
      ("fapi-client-get-signed-in", try json(harness.fapi("GET", "/v1/client", token: token))))
    pairs.append(
      (
        "fapi-me-get",
        try json(harness.fapi("GET", "/v1/me?_clerk_session_id=\(session)", token: token))
      ))
    let memberships = try json(
      harness.fapi("GET", "/v1/me/organization_memberships?paginated=true", token: token))
    pairs.append(
      ("fapi-organization-membership", memberships["response"]?["data"]?.arrayValue?.first ?? .null)
    )

    let sessionToken = try harness.mint(session, token: token)
    pairs.append(("jwt-session-v2", Self.parts(sessionToken)))
    pairs.append(("jwt-session-v1-2022", Self.parts(sessionToken)))
    pairs.append(
      (
        "jwt-template-default-claims",
        Self.parts(try harness.mint(session, token: token, template: "convex"))
      ))
    let acme = try #require(
      memberships["response"]?["data"]?.arrayValue?.first?["organization"]?["id"]?.stringValue)
    _ = try json(
      harness.fapi(
        "POST", "/v1/client/sessions/\(session)/touch",
        form: [("active_organization_id", acme)], token: token))
    pairs.append(("jwt-session-v2-org", Self.parts(try harness.mint(session, token: token))))

    pairs.append(("bapi-user", try json(harness.bapi("GET", "/v1/users/\(userID)"))))
    pairs.append(("bapi-session-2021", try json(harness.bapi("GET", "/v1/sessions/\(session)"))))
    pairs.append(("bapi-jwks-2021", try json(harness.bapi("GET", "/v1/jwks"))))
    pairs.append(
      ("jwks-clerk-backend-2022", try json(harness.send("GET", "/.well-known/jwks.json"))))

    _ = try json(harness.fapi("POST", "/v1/client/sessions/\(session)/remove", token: token))
    let empty = try json(harness.fapi("GET", "/v1/client", token: token))
    pairs += [("fapi-client-get-no-sessions", empty), ("fapi-client-create", empty)]
    return pairs
  }

  /// A browser sign-in for an identity with no account, then the sign-up that transfers it
  /// (the only sign-up the emulator serves).
  private func signUpByTransfer() throws -> [(String, JSONValue)] {
    let created = harness.fapi(
      "POST", "/v1/client/sign_ins",
      form: [("strategy", "oauth_github"), ("redirect_url", "http://127.0.0.1:45789/callback")])
    let body = try json(created)
    let token = try #require(created.headers["Authorization"])
    let url = try #require(
      body["response"]?["first_factor_verification"]?["external_verification_redirect_url"]?
        .stringValue)
    let approve = harness.send(
      "GET", String(url.dropFirst(harness.baseURL.count)) + "&auto=newcomer@example.com")
    let callback = try #require(approve.headers["Location"])
    _ = harness.send("GET", String(callback.dropFirst(harness.baseURL.count)))
    let signUp = try json(
      harness.fapi("POST", "/v1/client/sign_ups", form: [("transfer", "true")], token: token))
    return [("fapi-sign-up-complete", signUp)]
  }

  /// A token's decoded parts, as the `jwt-parts` fixtures hold them.
  private static func parts(_ jwt: JWT) -> JSONValue {
    ["header": jwt.header, "payload": jwt.payload]
  }
}
