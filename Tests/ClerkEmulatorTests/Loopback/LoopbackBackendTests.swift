import ClerkTestSupport
import ClerkctlCore
import ClerkctlCurl
import ClerkctlHTTP
import ClerkctlJOSE
import Foundation
import Testing

@testable import ClerkEmulator

/// Backend API authentication and injected faults, as a client sees them over loopback HTTP.
@Suite("Backend API and faults over loopback HTTP")
struct LoopbackBackendTests {
  private let harness: EmulatorHarness

  init() throws { harness = try EmulatorHarness(overLoopback: true) }

  @Test("BAPI: no key 401 authorization_header_format_invalid, wrong key clerk_key_invalid")
  func backendAuth() async throws {
    let missing = await harness.bapi("GET", "/v1/users", authorization: "")
    #expect(missing.status == 401)
    #expect(EmulatorHarness.errorCode(missing) == "authorization_header_format_invalid")
    let wrong = await harness.bapi("GET", "/v1/users", authorization: "Bearer sk_test_wrong")
    #expect(wrong.status == 401)
    #expect(EmulatorHarness.errorCode(wrong) == "clerk_key_invalid")
    let listed = await harness.bapi("GET", "/v1/users")
    #expect(listed.status == 200)
    #expect(try EmulatorHarness.json(listed).arrayValue?.count == 4)
    let keys = try await JWKS(bytes: harness.bapi("GET", "/v1/jwks").body)
    #expect(keys.keys.map(\.kid) == [harness.emulator.instanceID])
  }

  @Test("BAPI mints session and template tokens, with expires_in_seconds")
  func backendTokens() async throws {
    let (_, session) = try await harness.signIn()
    let verifier = JWTVerifier(keys: harness.emulator.jwks)
    let options = JWTVerifier.Options(issuer: harness.baseURL, now: harness.time.now)
    let plain = try await EmulatorHarness.json(
      harness.bapi("POST", "/v1/sessions/\(session)/tokens"))
    #expect(plain["object"] == "token")
    let claims = try verifier.verify(try #require(plain["jwt"]?.stringValue), options: options)
    #expect(claims["sid"]?.stringValue == session)
    let iat = try #require(claims["iat"]?.intValue)
    #expect(claims["exp"]?.intValue == iat + 60)

    let long = try await EmulatorHarness.json(
      harness.bapi(
        "POST", "/v1/sessions/\(session)/tokens/convex", json: ["expires_in_seconds": 3600]))
    let template = try verifier.verify(try #require(long["jwt"]?.stringValue), options: options)
    #expect(template["aud"] == "convex")
    #expect(template["sid"] == nil)
    #expect(template["exp"]?.intValue == iat + 3600)

    let tooShort = await harness.bapi(
      "POST", "/v1/sessions/\(session)/tokens", json: ["expires_in_seconds": 10])
    #expect(tooShort.status == 422)
    #expect(EmulatorHarness.errorCode(tooShort) == "form_param_value_invalid")
    let unknown = await harness.bapi("POST", "/v1/sessions/sess_missing/tokens")
    #expect(unknown.status == 404)
    let noTemplate = await harness.bapi("POST", "/v1/sessions/\(session)/tokens/nope")
    #expect(noTemplate.status == 404)
    await #expect(harness.bapi("POST", "/v1/sessions/\(session)/revoke").status == 200)
    await #expect(harness.bapi("POST", "/v1/sessions/\(session)/tokens").status == 404)
  }

  @Test("a 503 fault arrives with Retry-After, then the endpoint recovers")
  func statusFault() async throws {
    await harness.queueFault(["path": "/v1/environment", "status": 503, "retry_after": 2])
    let faulted = try await harness.exchange("GET", "/v1/environment")
    #expect(faulted.status == 503)
    #expect(faulted.headers["Retry-After"] == "2")
    #expect(EmulatorHarness.errorCode(faulted) == "emulator_fault")
    await #expect(try harness.exchange("GET", "/v1/environment").status == 200)
  }

  @Test("a dropped connection is a transport-level HTTPError for the client")
  func dropFault() async throws {
    await harness.queueFault(["path": "/.well-known/jwks.json", "drop": true])
    // A fresh client: libcurl silently retries a request whose reused connection closes
    // without a reply, so a warm connection would hide a single drop.
    let fresh = HTTPClient.curl()
    let url = harness.baseURL + "/.well-known/jwks.json"
    do {
      let response = try await fresh.awaitedSend(HTTPRequest(url: url))
      Issue.record("expected a failure, got HTTP \(response.status)")
    } catch let error as HTTPError {
      #expect(error.kind == .malformed || error.kind == .transport)
    }
    #expect(try await fresh.awaitedSend(HTTPRequest(url: url)).status == 200)
    let log = try await EmulatorHarness.json(harness.send("GET", "/__emulator/requests"))
    #expect(log.arrayValue?.map { $0["status"] } == [0, 200])
  }

  @Test("a warm libcurl connection retries once past a single drop; two drops surface")
  func dropOnReusedConnection() async throws {
    await #expect(try harness.exchange("GET", "/v1/environment").status == 200)
    await harness.queueFault(["path": "/v1/environment", "drop": true, "count": 1])
    await #expect(try harness.exchange("GET", "/v1/environment").status == 200)
    await harness.queueFault(["path": "/v1/environment", "drop": true, "count": 2])
    await #expect(throws: HTTPError.self) { try await harness.exchange("GET", "/v1/environment") }
  }

  @Test("a malformed-body fault reaches the client as the bytes given")
  func malformedBody() async throws {
    await harness.queueFault([
      "path": "/v1/client", "method": "GET", "body": "{\"response\":", "status": 200,
    ])
    let (token, _) = try await harness.signIn()
    let response = await harness.fapi("GET", "/v1/client", token: token)
    #expect(response.status == 200)
    #expect(response.bodyText == "{\"response\":")
    #expect(throws: JSONParser.Failure.self) { try EmulatorHarness.json(response) }
  }

  @Test("a delay fault waits on the injected clock, then serves normally")
  func delayFault() async throws {
    await harness.queueFault(["path": "/v1/environment", "delay_ms": 1500])
    await #expect(try harness.exchange("GET", "/v1/environment").status == 200)
    #expect(abs(harness.time.totalSlept - 1.5) < 1e-9)
  }
}
