import ClerkTestSupport
import ClerkctlCore
import ClerkctlHTTP
import ClerkctlKit
import Foundation
import Testing

/// The account layer's organizations against a scripted Frontend API: what goes on the wire
/// (pagination, the session touch, the token request's `organization_id`) and what is kept.
@Suite("Organizations in the account layer")
struct OrganizationAccountTests {
  /// A fake FAPI: `count` memberships (the first two Acme and Globex), one session whose active
  /// organization a touch changes, and every request recorded.
  final class FakeFAPI: Sendable {
    struct Recorded: Sendable {
      var method: String
      var path: String
      var query: [String: String]
      var form: [String: String]
    }
    let requests = Lock<[Recorded]>([])
    /// Run while a touch is being answered.
    let onTouch = Lock<(@Sendable () -> Void)?>(nil)
    /// Run while `GET /v1/client` is being answered.
    let onClient = Lock<(@Sendable () -> Void)?>(nil)
    let active = Lock<String?>(nil)
    let count: Int
    let bareArray: Bool

    init(count: Int = 2, bareArray: Bool = false, active: String? = nil) {
      self.count = count
      self.bareArray = bareArray
      self.active.withLock { $0 = active }
    }

    var http: HTTPClient { HTTPClient { [self] request in try answer(request) } }

    func membership(_ index: Int) -> JSONValue {
      let (id, slug, name, role): (String, String, String, String) =
        switch index {
        case 0: ("org_acme", "acme", "Acme Inc", "org:admin")
        case 1: ("org_globex", "globex", "Globex", "org:member")
        default: ("org_\(index)", "org-\(index)", "Org \(index)", "org:member")
        }
      return [
        "object": "organization_membership", "id": .string("orgmem_\(index)"),
        "role": .string(role), "role_name": "Member", "permissions": [], "public_metadata": [:],
        "created_at": 1, "updated_at": 1,
        "organization": [
          "object": "organization", "id": .string(id), "slug": .string(slug),
          "name": .string(name),
        ],
      ]
    }

    func session() -> JSONValue {
      [
        "object": "session", "id": "sess_1", "status": "active",
        "last_active_organization_id": active.withLock { $0 }.map(JSONValue.string) ?? .null,
      ]
    }

    func answer(_ request: HTTPRequest) throws -> HTTPResponse {
      guard let url = URLComponents(string: request.url) else {
        return reply(
          ["errors": [["code": "bad_url", "message": .string(request.url)]]], status: 400)
      }
      let query = Dictionary(
        (url.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
      var form: [String: String] = [:]
      for pair in String(decoding: request.body, as: UTF8.self).split(separator: "&") {
        let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        form[String(parts[0])] = parts.count > 1 ? String(parts[1]).removingPercentEncoding : ""
      }
      requests.withLock {
        $0.append(Recorded(method: request.method, path: url.path, query: query, form: form))
      }
      switch (request.method, url.path) {
      case ("GET", "/v1/me/organization_memberships"):
        let offset = Int(query["offset"] ?? "0") ?? 0
        let limit = Int(query["limit"] ?? "10") ?? 10
        let page = (offset..<min(count, offset + limit)).map(membership)
        if bareArray { return reply(["response": .array((0..<count).map(membership))]) }
        return reply(["response": ["data": .array(page), "total_count": .int(Int64(count))]])
      case ("POST", "/v1/client/sessions/sess_1/touch"):
        onTouch.withLock { $0 }?()
        let wanted = form["active_organization_id"] ?? ""
        let known = (0..<count).map { membership($0)["organization"]?["id"]?.stringValue }
        if !wanted.isEmpty, !known.contains(wanted) {
          return reply(
            [
              "errors": [
                [
                  "code": "organization_not_found_or_unauthorized", "message": "Not found",
                  "long_message": "Organization not found or unauthorized",
                ]
              ]
            ], status: 404)
        }
        active.withLock { $0 = wanted.isEmpty ? nil : wanted }
        return reply(["response": session(), "client": .null])
      case ("GET", "/v1/client"):
        onClient.withLock { $0 }?()
        return reply(["response": ["id": "client_1", "sessions": [session()]], "client": .null])
      case ("POST", let path) where path.hasPrefix("/v1/client/sessions/sess_1/tokens"):
        let now = Int64(Date().timeIntervalSince1970)
        let payload: JSONValue = ["sub": "user_1", "iat": .int(now), "exp": .int(now + 60)]
        let jwt =
          "eyJhbGciOiJSUzI1NiJ9." + Base64URL.encode(Array(payload.encoded.utf8)) + ".c2ln"
        return reply(["object": "token", "jwt": .string(jwt)])
      default:
        return reply(["errors": [["code": "resource_not_found", "message": "no"]]], status: 404)
      }
    }

    func reply(_ json: JSONValue, status: Int = 200) -> HTTPResponse {
      HTTPResponse(
        status: status, headers: ["Content-Type": "application/json"],
        body: Array(json.encoded.utf8))
    }

    /// The requests to `path`.
    func sent(_ path: String) -> [Recorded] {
      requests.withLock { $0 }.filter { $0.path == path }
    }
  }

  static func account(
    _ fake: FakeFAPI, active: ActiveOrganization = .personal
  ) throws -> ClerkAccount {
    let store = InMemoryCredentialStore()
    try store.save(
      ProfileCredential(
        profile: "default", fapiURL: "https://clerk.example.test", clientToken: "client-token",
        sessionID: "sess_1", userID: "user_1", signedInAt: 0,
        tokens: [
          "sess_1|convex": CachedToken(
            jwt: "old", template: "convex", issuedAt: 0, expiresAt: Int64.max / 2,
            instance: "https://clerk.example.test")
        ], activeOrganization: active))
    return ClerkAccount(profile: "default", store: store, http: fake.http, clock: .system)
  }

  @Test("memberships are read page by page until total_count, or whole from a bare array")
  func pagination() throws {
    let fake = FakeFAPI(count: 150)
    let (_, memberships) = try Self.account(fake).organizations()
    #expect(memberships.count == 150)
    #expect(memberships.first?.slug == "acme" && memberships.first?.role == "org:admin")
    let pages = fake.sent("/v1/me/organization_memberships")
    #expect(pages.map { $0.query["offset"] } == ["0", "100"])
    #expect(pages.allSatisfy { $0.query["paginated"] == "true" })
    #expect(pages.allSatisfy { $0.query["_clerk_session_id"] == "sess_1" })

    let bare = FakeFAPI(count: 3, bareArray: true)
    #expect(try Self.account(bare).organizations().memberships.count == 3)
    #expect(bare.sent("/v1/me/organization_memberships").count == 1)
  }

  @Test("use by slug touches the session with the id, keeps what Clerk reports, drops tokens")
  func useBySlug() throws {
    let fake = FakeFAPI()
    let account = try Self.account(fake)
    let (credential, membership) = try account.setActiveOrganization("acme")
    #expect(membership?.organizationID == "org_acme")
    #expect(credential.activeOrganization == .organization("org_acme"))
    #expect(credential.tokens.isEmpty)
    let touch = try #require(fake.sent("/v1/client/sessions/sess_1/touch").last)
    #expect(touch.form["active_organization_id"] == "org_acme")
    #expect(touch.form["intent"] == "select_org")
    #expect(try account.requireCredential().activeOrganization == .organization("org_acme"))

    // By id, then back to none.
    #expect(try account.setActiveOrganization("org_globex").membership?.slug == "globex")
    let personal = try account.setActiveOrganization(nil)
    #expect(personal.credential.activeOrganization == .personal && personal.membership == nil)
    #expect(
      fake.sent("/v1/client/sessions/sess_1/touch").last?.form["active_organization_id"] == "")
  }

  @Test("the touch happens under the profile lock, so no mint can send the old organization")
  func touchUnderLock() throws {
    let directory = TemporaryDirectory(prefix: "org-lock")
    let store = ProfileStore(directory: ConfigDirectory(path: directory.path))
    try store.save(
      ProfileCredential(
        profile: "default", fapiURL: "https://clerk.example.test", clientToken: "t",
        sessionID: "sess_1", signedInAt: 0, activeOrganization: .personal))
    let fake = FakeFAPI()
    let lockedDuringTouch = Lock<Bool?>(nil)
    fake.onTouch.withLock {
      $0 = {
        // Another process's mint would wait here: the lock is taken.
        let other = ProfileStore(directory: ConfigDirectory(path: directory.path))
        let taken = (try? other.withLock(profile: "default", timeout: 0) {}) == nil
        lockedDuringTouch.withLock { $0 = taken }
      }
    }
    let account = ClerkAccount(profile: "default", store: store, http: fake.http, clock: .system)
    _ = try account.setActiveOrganization("acme")
    #expect(lockedDuringTouch.withLock { $0 } == true)
  }

  @Test("the session token names the active organization; unknown sends none; templates none")
  func tokenParameter() throws {
    let fake = FakeFAPI(active: "org_acme")
    let tokens = "/v1/client/sessions/sess_1/tokens"
    _ = try Self.account(fake, active: .organization("org_acme")).token(
      template: nil, minTTL: 0, forceRefresh: true)
    #expect(fake.sent(tokens).last?.form == ["organization_id": "org_acme"])
    _ = try Self.account(fake, active: .personal).token(
      template: nil, minTTL: 0, forceRefresh: true)
    #expect(fake.sent(tokens).last?.form == ["organization_id": ""])
    _ = try Self.account(fake, active: .unknown).token(
      template: nil, minTTL: 0, forceRefresh: true)
    #expect(fake.sent(tokens).last?.form == [:])
    _ = try Self.account(fake, active: .organization("org_acme")).token(
      template: "convex-org", minTTL: 0, forceRefresh: true)
    #expect(fake.sent(tokens + "/convex-org").last?.form == [:])
  }

  @Test("a session check records the organization Clerk reports and drops stale tokens")
  func liveSessionRecords() throws {
    let fake = FakeFAPI(active: "org_globex")
    let account = try Self.account(fake, active: .unknown)
    let (credential, _) = try account.liveSession()
    #expect(credential.activeOrganization == .organization("org_globex"))
    #expect(credential.tokens.isEmpty)
  }

  @Test("a session check never records what Clerk said before a switch made meanwhile")
  func liveSessionKeepsNewerSwitch() throws {
    let fake = FakeFAPI(active: "org_acme")
    let account = try Self.account(fake, active: .personal)
    fake.onClient.withLock {
      $0 = {
        // Another process switches to Globex while this reply (Acme) is on its way.
        guard var other = try? account.store.load(profile: "default") else { return }
        other.activeOrganization = .organization("org_globex")
        try? account.store.save(other)
      }
    }
    _ = try account.liveSession()
    // The hook holds the account, which holds the fake: a cycle LeakSanitizer reports.
    fake.onClient.withLock { $0 = nil }
    #expect(try account.requireCredential().activeOrganization == .organization("org_globex"))
  }

  @Test("a non-member is organizationNotFound with the memberships, and nothing changes")
  func nonMember() throws {
    let fake = FakeFAPI()
    let account = try Self.account(fake)
    for reference in ["initech", "org_initech"] {
      #expect(throws: ClerkError.self) { try account.setActiveOrganization(reference) }
      do {
        _ = try account.setActiveOrganization(reference)
      } catch ClerkError.organizationNotFound(let profile, let named, let memberships) {
        #expect(profile == "default" && named == reference)
        #expect(memberships.compactMap(\.slug) == ["acme", "globex"])
      }
    }
    let stored = try account.requireCredential()
    #expect(stored.activeOrganization == .personal && stored.tokens.count == 1)
  }

  @Test("the credential file keeps unknown, personal and an organization apart")
  func credentialRoundTrip() throws {
    for active in [ActiveOrganization.unknown, .personal, .organization("org_acme")] {
      let credential = ProfileCredential(
        profile: "p", fapiURL: "https://x.test", clientToken: "t", sessionID: "s",
        signedInAt: 1, activeOrganization: active)
      let bytes = Array(credential.jsonValue.encoded.utf8)
      let parsed = try ProfileCredential(parsing: bytes, path: "p.json")
      #expect(parsed == credential, "\(credential.jsonValue.encoded) → \(parsed)")
    }
    let wrong =
      #"{"version":1,"profile":"p","fapi_url":"u","client_token":"t","signed_in_at":1,"active_organization_id":5}"#
    #expect(throws: CredentialStoreError.self) {
      try ProfileCredential(parsing: Array(wrong.utf8), path: "p.json")
    }
  }

  @Test("a session's last_active_organization_id: absent is unknown, null personal")
  func sessionDecoding() throws {
    #expect(ActiveOrganization(sessionJSON: ["id": "s"]) == .unknown)
    #expect(ActiveOrganization(sessionJSON: ["last_active_organization_id": .null]) == .personal)
    #expect(
      ActiveOrganization(sessionJSON: ["last_active_organization_id": "org_1"])
        == .organization("org_1"))
    #expect(throws: ClerkError.self) {
      try OrganizationMembership(json: ["id": "orgmem_1", "role": "org:admin"])
    }
  }
}
