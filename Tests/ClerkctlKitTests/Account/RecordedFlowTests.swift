import ClerkTestSupport
import ClerkctlCore
import ClerkctlCurl
import ClerkctlKit
import Foundation
import Testing

/// The account flows against a loopback server replaying what live Clerk answered, in the
/// order it answered (Clerk's Flutter SDK recordings): each request the client sends is the
/// one the recorder saw (path, and every field it names, with the value where it kept one),
/// and the flow ends where the recording did.
@Suite("Account flows against recorded Clerk replies")
struct RecordedFlowTests {
  /// A replay of `steps` (fixture ids, in the recorded order) on loopback, and an account on it.
  private final class Replay: @unchecked Sendable {
    let fixtures: [RecordedFixture]
    let fapi: RecordedFAPI
    let responder: ScriptedHTTPResponder
    let store = InMemoryCredentialStore()

    init(_ steps: [String], extra: [String: [RecordedFAPI.Reply]] = [:]) throws {
      fixtures = try steps.map(RecordedReplies.fixture)
      var replies = extra
      for fixture in fixtures {
        replies[fixture.endpoint ?? "", default: []].append(.ok(fixture.body))
      }
      fapi = RecordedFAPI(replies)
      responder = try fapi.responder()
    }

    var account: ClerkAccount {
      var account = ClerkAccount(profile: "default", store: store, http: .curl(), clock: .system)
      account.retry = .none
      return account
    }

    var url: String { responder.url("") }

    func signIn(_ method: SignInMethod, code: String = "424242") throws -> ProfileCredential {
      let inputs = SignInInputs(
        password: { _ in "recorded-password" }, code: { _, _ in code }, ticket: { "" })
      return try account.signIn(method: method, inputs: inputs, fapiURL: url, timeout: 30)
        .credential
    }

    /// Each request was the recorded one, in order.
    func expectRecordedRequests(sourceLocation: SourceLocation = #_sourceLocation) {
      let sent = responder.requests
      #expect(sent.count == fixtures.count, "\(fapi.requests)", sourceLocation: sourceLocation)
      for (request, fixture) in zip(sent, fixtures) {
        let path = String(request.target.split(separator: "?").first ?? "")
        #expect(path == fixture.recordedPath, "\(fixture.id)", sourceLocation: sourceLocation)
        let form = Dictionary(
          FormEncoding.decode(request.bodyText), uniquingKeysWith: { first, _ in first })
        for (name, value) in fixture.recordedFields {
          #expect(form[name] != nil, "\(fixture.id): no \(name)", sourceLocation: sourceLocation)
          if let value {
            #expect(form[name] == value, "\(fixture.id): \(name)", sourceLocation: sourceLocation)
          }
        }
      }
    }
  }

  private static let email = "recorded+clerk_test@example.com"

  @Test("identifier and password in one request: complete, with the session and its user")
  func passwordInOneRequest() throws {
    let replay = try Replay(["fapi-sign-in-password-one-request"])
    let credential = try replay.signIn(.password(identifier: Self.email))
    replay.expectRecordedRequests()
    #expect(credential.sessionID == "SESSION_ID")
    #expect(credential.userID == "USER_ID")
    #expect(credential.email == Self.email)
    #expect(credential.clientToken == RecordedFAPI.clientToken)
    #expect(try replay.store.load(profile: "default")?.sessionID == "SESSION_ID")
  }

  @Test("identifier first, then the password (the 2024 recording)")
  func identifierThenPassword() throws {
    let replay = try Replay(["fapi-sign-in-identifier-2024", "fapi-sign-in-attempt-password-2024"])
    let credential = try replay.signIn(.identifierFirst(identifier: Self.email))
    replay.expectRecordedRequests()
    #expect(credential.sessionID == "SESSION_ID")
  }

  @Test("an email code: the identifier, the prepare with the address id, the code")
  func emailCode() throws {
    let replay = try Replay([
      "fapi-sign-in-identifier-email", "fapi-sign-in-prepare-email-code",
      "fapi-sign-in-attempt-email-code",
    ])
    let credential = try replay.signIn(.emailCode(identifier: Self.email))
    replay.expectRecordedRequests()
    #expect(credential.sessionID == "SESSION_ID")
    #expect(credential.email == Self.email)
  }

  @Test("a phone code: the identifier, the prepare with the phone number id, the code")
  func phoneCode() throws {
    let replay = try Replay([
      "fapi-sign-in-identifier-phone", "fapi-sign-in-prepare-phone-code",
      "fapi-sign-in-attempt-phone-code",
    ])
    let credential = try replay.signIn(.phoneCode(identifier: "+15555550105"))
    replay.expectRecordedRequests()
    #expect(credential.sessionID == "SESSION_ID")
  }

  @Test("needs_client_trust after the password, then an email code as the second factor")
  func clientTrust() throws {
    let replay = try Replay([
      "fapi-sign-in-needs-client-trust", "fapi-sign-in-prepare-second-factor",
      "fapi-sign-in-attempt-second-factor",
    ])
    let credential = try replay.signIn(.password(identifier: Self.email))
    replay.expectRecordedRequests()
    #expect(credential.sessionID == "SESSION_ID")
  }

  @Test("GET /v1/client: the stored session is active; after the user is gone, it is not")
  func client() throws {
    let replay = try Replay(
      ["fapi-sign-in-password-one-request"],
      extra: [
        "GET /v1/client": [
          .ok(try RecordedReplies.fixture("fapi-client-get-signed-in").body),
          .ok(try RecordedReplies.fixture("fapi-client-get-no-sessions").body),
        ]
      ])
    _ = try replay.signIn(.password(identifier: Self.email))
    let live = try replay.account.liveSession()
    #expect(live.session.id == "SESSION_ID")
    #expect(live.session.isActive)
    #expect(live.session.user?.email == Self.email)
    #expect(throws: ClerkError.notSignedIn(profile: "default", .state("gone"))) {
      _ = try replay.account.liveSession()
    }
  }

  @Test("tokens: the session token and a template's, minted once each and then cached")
  func tokens() throws {
    let lastActiveToken = try #require(
      try RecordedReplies.fixture("fapi-sign-in-password-one-request").body["client"]?[
        "sessions"]?.arrayValue?.first?["last_active_token"]?.objectValue)
    func reply(_ claims: String) throws -> RecordedFAPI.Reply {
      let payload = try #require(try RecordedReplies.fixture(claims).body["payload"])
      var token = lastActiveToken
      token["jwt"] = .string(Self.jwt(payload))
      return .ok(.object(token))
    }
    let replay = try Replay(
      ["fapi-sign-in-password-one-request"],
      extra: [
        "POST /v1/client/sessions/{session_id}/tokens": [try reply("jwt-session-v2")],
        "POST /v1/client/sessions/{session_id}/tokens/{template_name}": [
          try reply("jwt-template-default-claims")
        ],
      ])
    _ = try replay.signIn(.password(identifier: Self.email))
    let session = try replay.account.token(template: nil, minTTL: 10, forceRefresh: false)
    #expect(session.minted)
    // Judged against Clerk's clock (here the tokens' iat: the replies carry no Date).
    #expect((59...60).contains(session.expiresIn))
    let template = try replay.account.token(template: "convex", minTTL: 10, forceRefresh: false)
    #expect(template.minted)
    #expect((27...28).contains(template.expiresIn))
    #expect(
      try replay.account.token(template: nil, minTTL: 10, forceRefresh: false).minted == false)
    #expect(
      replay.fapi.requests == [
        "POST /v1/client/sign_ins", "POST /v1/client/sessions/SESSION_ID/tokens",
        "POST /v1/client/sessions/SESSION_ID/tokens/convex",
      ])
  }

  /// An unsigned JWT carrying `payload` (the client reads, never verifies, what Clerk mints).
  private static func jwt(_ payload: JSONValue) -> String {
    let header: JSONValue = ["alg": "RS256", "typ": "JWT", "kid": "ins_recorded"]
    return Base64URL.encode(header.encodedBytes) + "." + Base64URL.encode(payload.encodedBytes)
      + "." + Base64URL.encode(Array("signature".utf8))
  }
}
