import ClerkTestSupport
import ClerkctlCore
import ClerkctlHTTP
import ClerkctlJOSE
import Foundation
import Testing

@testable import ClerkEmulator

/// Minting from many threads at once: signing happens outside the state lock, so requests run
/// in parallel on the server's workers; every one must succeed with its own token.
@Suite("Concurrent minting over loopback HTTP")
struct ConcurrentMintingTests {
  private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var tokens: [String] = []
    private var failures: [String] = []

    func add(_ token: String) { lock.withLock { tokens.append(token) } }
    func fail(_ why: String) { lock.withLock { failures.append(why) } }
    var all: (tokens: [String], failures: [String]) { lock.withLock { (tokens, failures) } }
  }

  @Test("8 threads minting session and template tokens all succeed with distinct tokens")
  func eightThreads() async throws {
    let harness = try EmulatorHarness(overLoopback: true)
    let (token, session) = try await harness.signIn()
    let results = Results()
    let perThread = 4
    let base = harness.baseURL
    let http = harness.http
    await onOwnThread {
      DispatchQueue.concurrentPerform(iterations: 8) { thread in
        for index in 0..<perThread {
          let template = (thread + index) % 2 == 0 ? "" : "/convex"
          let request = HTTPRequest(
            method: "POST",
            url: base + "/v1/client/sessions/\(session)/tokens\(template)?_is_native=true",
            headers: ["Authorization": token])
          do {
            let response = try http.send(request)
            guard response.status == 200,
              let jwt = (try? JSONValue(parsing: response.body))?["jwt"]?.stringValue
            else {
              results.fail("HTTP \(response.status): \(response.bodyText)")
              continue
            }
            results.add(jwt)
          } catch {
            results.fail("\(error)")
          }
        }
      }
    }
    let (tokens, failures) = results.all
    #expect(failures == [])
    #expect(tokens.count == 8 * perThread)
    #expect(Set(tokens).count == tokens.count)
    let verifier = JWTVerifier(keys: harness.emulator.jwks)
    let options = JWTVerifier.Options(now: harness.time.now)
    for jwt in tokens {
      #expect(throws: Never.self) { try verifier.verify(jwt, options: options) }
    }
    let jtis = try tokens.map { try #require(try JWT($0).payload["jti"]?.stringValue) }
    #expect(Set(jtis).count == tokens.count)
  }
}
