import ClerkTestSupport
import ClerkctlBrowserSignIn
import ClerkctlCore
import ClerkctlCrypto
import ClerkctlHTTP
import ClerkctlJOSE
import ClerkctlKit
import ClerkctlWire
import Foundation
import Testing

/// Every reply recorded from live Clerk (Tests/ClerkTestSupport/Resources/clerk-recorded)
/// decodes through the client's own operations and models, to the values the reply holds.
@Suite("Recorded Clerk replies decode through the client's models")
struct RecordedReplyDecodingTests {
  /// A client whose every request gets `body`.
  private static func api(answering body: JSONValue) -> FrontendAPIClient {
    let fapi = RecordedFAPI([:]) { _ in
      HTTPResponse(
        status: 200, headers: ["Authorization": RecordedFAPI.clientToken], body: body.encodedBytes)
    }
    return FrontendAPIClient(
      baseURL: "https://clerk.recorded.test", clientToken: nil, http: fapi.http, retry: .none)
  }

  @Test("the copies are the manifest's files, byte for byte (sha256)")
  func copiesAreVerbatim() throws {
    let directory = try RecordedReplies.directory()
    let manifest = try JSONValue(
      parsing: Array(try Data(contentsOf: directory.appendingPathComponent("manifest.json"))))
    let entries = try #require(manifest["fixtures"]?.arrayValue)
    #expect(entries.count == 45)
    for entry in entries {
      let file = try #require(entry["file"]?.stringValue)
      let bytes = Array(try Data(contentsOf: directory.appendingPathComponent(file)))
      #expect(Hex.string(SHA256.hash(bytes)) == entry["sha256"]?.stringValue, "\(file)")
    }
  }

  @Test("every status a recorded reply holds is one the wire vocabulary knows")
  func everyStatusIsKnown() throws {
    var seen: [String: Set<String>] = [:]
    for fixture in try RecordedReplies.all() {
      Self.collectStatuses(fixture.body, into: &seen)
    }
    func expectKnown<Value: WireValue>(_ object: String, _: Value.Type) {
      for raw in seen[object, default: []] {
        #expect(Value.documented.contains(Value(rawValue: raw)), "\(object): \(raw)")
      }
    }
    expectKnown("sign_in_attempt", SignInStatus.self)
    expectKnown("sign_up_attempt", SignUpStatus.self)
    expectKnown("session", SessionStatus.self)
    expectKnown("verification", VerificationStatus.self)
    expectKnown("invitation", InvitationStatus.self)
    expectKnown("organization_invitation", InvitationStatus.self)
    expectKnown("sign_in_token", SignInTokenStatus.self)
    // The recordings hold each of these, so the walk above checked something.
    for object in ["sign_in_attempt", "sign_up_attempt", "session", "verification"] {
      #expect(!seen[object, default: []].isEmpty, "no \(object) status recorded")
    }
    #expect(seen["verification", default: []].isSuperset(of: ["verified", "unverified"]))
    let known: Set<String> = [
      "sign_in_attempt", "sign_up_attempt", "session", "verification", "invitation",
      "organization_invitation", "sign_in_token",
    ]
    #expect(Set(seen.keys).subtracting(known).isEmpty, "statuses of \(seen.keys.sorted())")
  }

  /// Every `status` string in `value`, by what holds it: the object's `object` tag, with every
  /// `verification_…` tag and the untagged objects under a `…verification` key as
  /// `verification`.
  private static func collectStatuses(
    _ value: JSONValue, under key: String? = nil, into seen: inout [String: Set<String>]
  ) {
    if let object = value.objectValue {
      if let status = object["status"]?.stringValue {
        let tag = object["object"]?.stringValue ?? ""
        let kind =
          tag.hasPrefix("verification_") || (tag.isEmpty && key?.hasSuffix("verification") == true)
          ? "verification" : tag
        // An untagged object elsewhere is an error catalogue's entry (an HTTP status).
        if !kind.isEmpty { seen[kind, default: []].insert(status) }
      }
      for (childKey, child) in object { collectStatuses(child, under: childKey, into: &seen) }
    } else if let array = value.arrayValue {
      for child in array { collectStatuses(child, under: key, into: &seen) }
    }
  }

  @Test("every recorded reply has a decoder here, and decodes to what it holds")
  func everyReplyDecodes() throws {
    for fixture in try RecordedReplies.all() {
      try decode(fixture)
    }
  }

  private func decode(_ fixture: RecordedFixture) throws {
    let body = fixture.body
    let name = fixture.id
    switch (fixture.objectKind, fixture.format) {
    case ("environment", _):
      let environment = try Self.api(answering: body).environment()
      #expect(environment["auth_config"]?["object"] == "auth_config", "\(name)")
      // The social providers a browser sign-in offers come from it.
      #expect(BrowserSignIn.providers(environment: environment).contains("google"), "\(name)")
    case ("sign_in_attempt", _):
      try decodeSignIn(fixture)
    case ("sign_up_attempt", _):
      let api = Self.api(answering: body)
      let signUp = try api.createSignUp([("transfer", "true")])
      #expect(signUp.response.id == body["response"]?["id"]?.stringValue, "\(name)")
      #expect(
        signUp.response.status.rawValue == body["response"]?["status"]?.stringValue, "\(name)")
      #expect(SignUpStatus.documented.contains(signUp.response.status), "\(name)")
      #expect(
        signUp.response.createdSessionID
          == body["response"]?["created_session_id"]?.stringValue, "\(name)")
      #expect(
        signUp.response.missingFields.count
          == body["response"]?["missing_fields"]?.arrayValue?.count, "\(name)")
      try expectClient(signUp.client, body["client"], name)
    case ("client", _):
      let api = Self.api(answering: body)
      // `POST /v1/client` has the same envelope as `GET /v1/client`.
      let client = try api.client()
      try expectClient(client, body["response"], name)
    case ("user", _) where fixture.api == "fapi":
      let user = try ClerkUser(json: try #require(body["response"]))
      try expectUser(user, body["response"], name)
      try expectClient(try ClerkClient(json: body["client"]), body["client"], name)
    case ("user", _):
      try expectUser(try ClerkUser(json: body), body, name)
    case ("session", _):
      let session = try ClerkSession(json: body)
      #expect(session.id == body["id"]?.stringValue, "\(name)")
      #expect(session.status == SessionStatus(rawValue: body["status"]?.stringValue ?? ""))
      #expect(SessionStatus.documented.contains(session.status), "\(name)")
    case ("organization_membership", _):
      let api = Self.api(answering: ["response": ["data": [body], "total_count": 1]])
      let memberships = try api.organizationMemberships(sessionID: "sess_1")
      #expect(memberships.count == 1, "\(name)")
      #expect(memberships.first?.role == body["role"]?.stringValue, "\(name)")
      #expect(memberships.first?.slug == body["organization"]?["slug"]?.stringValue, "\(name)")
      #expect(memberships.first?.name == body["organization"]?["name"]?.stringValue, "\(name)")
    case ("jwks", _):
      let jwks = try JWKS(json: body)
      #expect(jwks.keys.count == body["keys"]?.arrayValue?.count, "\(name)")
      #expect(jwks.keys.allSatisfy { !$0.kid.isEmpty && $0.kty == "RSA" }, "\(name)")
    case (_, "jwt-parts"):
      // A token with the recorded parts, as the client reads a JWT Clerk just minted.
      let header: JSONValue = body["header"] ?? ["alg": "RS256", "typ": "JWT"]
      let jwt =
        [header, try #require(body["payload"])].map { Base64URL.encode($0.encodedBytes) }
        .joined(separator: ".") + ".c2lnbmF0dXJl"
      let claims = try ClerkAccount.claims(of: jwt)
      #expect(claims["exp"]?.intValue == body["payload"]?["exp"]?.intValue, "\(name)")
      #expect(claims["sub"]?.stringValue?.hasPrefix("user_") == true, "\(name)")
    case ("error", "catalogue-entry"):
      let entry = try #require(try RecordedReplies.catalogue().first { $0.id == fixture.id })
      let error = try #require(ClerkAPIError(status: entry.status, json: entry.body), "\(name)")
      #expect(error.code == entry.code, "\(name)")
      #expect(!error.description.isEmpty, "\(name)")
    case ("error", _):
      let error = try #require(ClerkAPIError(status: 400, json: body), "\(name)")
      #expect(error.code == body["errors"]?.arrayValue?.first?["code"]?.stringValue, "\(name)")
      #expect(error.traceID == body["clerk_trace_id"]?.stringValue, "\(name)")
    case (_, "code-status-index"):
      #expect(try RecordedReplies.codeStatuses().count == 515, "\(name)")
    default:
      Issue.record("no decoder for \(name) (\(fixture.objectKind), \(fixture.format))")
    }
  }

  /// A sign-in reply through the operation that gets it.
  private func decodeSignIn(_ fixture: RecordedFixture) throws {
    let body = fixture.body
    let api = Self.api(answering: body)
    let envelope: FrontendAPIClient.Envelope<SignInAttempt>
    if fixture.template == "/v1/client/sign_ins" {
      envelope = try api.createSignIn([("identifier", "recorded+clerk_test@example.com")])
    } else {
      let last = fixture.template.split(separator: "/").last.map(String.init) ?? ""
      let step = try #require(FrontendAPIClient.SignInStep(rawValue: last), "\(fixture.id)")
      envelope = try api.signInStep(id: "SIGN_IN_ID", step, [])
    }
    let expected = try #require(body["response"])
    let attempt = envelope.response
    #expect(attempt.id == expected["id"]?.stringValue, "\(fixture.id)")
    #expect(attempt.status.rawValue == expected["status"]?.stringValue, "\(fixture.id)")
    #expect(SignInStatus.documented.contains(attempt.status), "\(fixture.id)")
    #expect(
      attempt.firstFactors.count == (expected["supported_first_factors"]?.arrayValue?.count ?? 0))
    #expect(
      attempt.secondFactors.count == (expected["supported_second_factors"]?.arrayValue?.count ?? 0)
    )
    #expect(attempt.createdSessionID == expected["created_session_id"]?.stringValue)
    #expect(
      attempt.firstFactorVerification?.status.rawValue
        == expected["first_factor_verification"]?["status"]?.stringValue)
    let recorded = ["supported_first_factors", "supported_second_factors"].flatMap {
      (expected[$0]?.arrayValue ?? []).compactMap { $0["strategy"]?.stringValue }
    }
    let factors = attempt.firstFactors + attempt.secondFactors
    #expect(factors.map(\.strategy.rawValue) == recorded, "\(fixture.id)")
    for factor in factors {
      if case .unknown = factor.strategy { Issue.record("\(fixture.id): \(factor.strategy)") }
    }
    #expect(
      attempt.firstFactorVerification?.strategy?.rawValue
        == expected["first_factor_verification"]?["strategy"]?.stringValue)
    for factor in factors where factor.strategy != .password {
      #expect(
        factor.emailAddressID != nil || factor.phoneNumberID != nil,
        "\(fixture.id): \(factor.strategy) names no address")
    }
    try expectClient(envelope.client, body["client"], fixture.id)
    #expect(api.clientToken == RecordedFAPI.clientToken)
  }

  /// `client` is what `json` (a `Client` object or null) holds.
  private func expectClient(_ client: ClerkClient?, _ json: JSONValue?, _ name: String) throws {
    guard let json, !json.isNull else {
      #expect(client == nil, "\(name)")
      return
    }
    let decoded = try #require(client, "\(name)")
    #expect(decoded.id == json["id"]?.stringValue, "\(name)")
    #expect(decoded.lastActiveSessionID == json["last_active_session_id"]?.stringValue)
    let sessions = json["sessions"]?.arrayValue ?? []
    #expect(decoded.sessions.count == sessions.count, "\(name)")
    for (session, sessionJSON) in zip(decoded.sessions, sessions) {
      #expect(session.id == sessionJSON["id"]?.stringValue, "\(name)")
      #expect(session.status.rawValue == sessionJSON["status"]?.stringValue, "\(name)")
      #expect(session.isActive == (sessionJSON["status"] == "active"), "\(name)")
      #expect(session.activeOrganization == .personal, "\(name)")
      try expectUser(try #require(session.user, "\(name)"), sessionJSON["user"], name)
    }
  }

  /// `user` is what `json` (a `User` object) holds: its primary email and phone among them.
  private func expectUser(_ user: ClerkUser, _ json: JSONValue?, _ name: String) throws {
    let json = try #require(json)
    #expect(user.id == json["id"]?.stringValue, "\(name)")
    let primaryEmail = json["email_addresses"]?.arrayValue?.first {
      $0["id"] == json["primary_email_address_id"]
    }
    #expect(user.email == primaryEmail?["email_address"]?.stringValue, "\(name)")
    #expect(user.email != nil || user.phoneNumber != nil || user.username != nil, "\(name)")
    // The primary address and number's verification statuses are ones the client knows.
    let phoneID = json["primary_phone_number_id"]
    let phones = json["phone_numbers"]?.arrayValue ?? []
    let primaryPhone = phones.first { $0["id"] == phoneID } ?? phones.first
    let emails = json["email_addresses"]?.arrayValue ?? []
    for (status, identification) in [
      (user.emailVerification, primaryEmail ?? emails.first),
      (user.phoneVerification, primaryPhone),
    ] {
      #expect(status?.rawValue == identification?["verification"]?["status"]?.stringValue)
      if let status { #expect(VerificationStatus.documented.contains(status), "\(name)") }
    }
    #expect(user.firstName == json["first_name"]?.stringValue, "\(name)")
    #expect(user.username == json["username"]?.stringValue, "\(name)")
    let memberships = json["organization_memberships"]?.arrayValue ?? []
    #expect(user.organizationMemberships.count == memberships.count, "\(name)")
  }
}
