import ClerkTestSupport
import ClerkctlCore
import ClerkctlHTTP
import ClerkctlHTTPServer
import ClerkctlKit
import Foundation
import Testing

/// Runs the README's "Use as a library" example (docs/library.md) against a real emulator and
/// an in-process backend that refuses the first request with 401.
@Suite("Library example (docs/library.md)")
struct LibraryExampleTests {
  @Test("the example signs in, reuses the cache, survives one 401 and signs out")
  func example() async throws {
    // Hour-long tokens: "served from the cache" holds however slowly a loaded machine runs.
    let emulator = try await EmulatorProcess.withLongLivedTokens()
    let backend = try UnauthorizedOnceBackend()
    defer { backend.stop() }
    let fapiURL = emulator.fapiURL
    let backendURL = backend.url
    let (email, password) = ("demo@example.com", "demo-password")
    let tokens = Recorder<String?>()
    @Sendable func updateBackendToken(_ token: String?) { tokens.append(token) }

    // --- the example, verbatim ---
    let provider = ClerkAuthProvider(
      frontendApiUrl: fapiURL,  // or publishableKey: "pk_live_…"
      jwtTemplate: "convex",
      store: .inMemory(),  // default: .file(), shared with clerkctl
      userAgent: "MyApp/1.2")  // the User-Agent Clerk sees; default ClerkctlKit/VERSION

    // Sign in (ClerkSignInMethod also has email codes, second factors and tickets).
    let credentials = try await provider.login(identifier: email, password: password)

    // Next launch: the stored sign-in; a token is minted only when the cached one runs low.
    let cached = try await provider.loginFromCache()

    // Convex's AuthProvider shape: onIdToken gets every fresh token, and nil on sign-out.
    _ = try await provider.loginFromCache(onIdToken: { token in updateBackendToken(token) })
    // Or iterate fresh tokens, each one before the previous runs low, until logout.
    let renewals = Task { for await token in provider.idTokens { updateBackendToken(token) } }

    // Call your backend with `Authorization: Bearer <JWT>`; a 401 gets one retry with a new token.
    let sender = AuthenticatedRequestSender(provider: provider)
    let response = try await sender.send(.init(url: backendURL + "/api/me"))
    print(response.status, response.bodyText)

    try await provider.logout()
    await renewals.value  // the stream ends with the sign-in
    // --- end of the example ---

    #expect(credentials.userId.hasPrefix("user_"))
    let claims = try #require(try? JWT(credentials.idToken).payload)
    #expect(claims["aud"] == "convex")
    #expect(claims["sub"]?.stringValue == credentials.userId)
    #expect(claims["iss"]?.stringValue == fapiURL)
    #expect(provider.extractIdToken(from: cached) == credentials.idToken, "served from the cache")

    let seen = backend.authorizations
    #expect(seen.count == 2, "exactly one retry after the 401")
    #expect(seen.first == "Bearer " + credentials.idToken)
    let retried = try #require(seen.last?.map { String($0.dropFirst("Bearer ".count)) })
    #expect(retried != credentials.idToken, "the retry carries a freshly minted token")
    #expect(response.status == 200)
    #expect(response.bodyText == "hello " + credentials.userId)

    // onIdToken: the fresh token, then nil; the stream may have handed out the cached token
    // before logout ended it (hour-long tokens: no renewal is due).
    let handed = tokens.items
    #expect(handed.last == .some(nil), "nil at logout, after every token")
    #expect(handed.contains(retried))
    #expect(Set(handed.compactMap { $0 }).isSubset(of: [credentials.idToken, retried]))
    #expect(handed.filter { $0 == retried }.count == 1)
    #expect(provider.currentAuthState == .unauthenticated)
    await #expect(throws: ClerkAuthError.noActiveSession) {
      try await provider.loginFromCache()
    }
  }

  @Test("the example in docs/library.md is the code this test runs")
  func documentMatchesTest() async throws {
    let here = URL(fileURLWithPath: #filePath)
    let root = here.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let document = try String(
      contentsOf: root.appendingPathComponent("docs/library.md"), encoding: .utf8)
    let test = try String(contentsOf: here, encoding: .utf8)
    let block = try #require(
      document.components(separatedBy: "```swift\n").dropFirst()
        .first { $0.hasPrefix("import ClerkctlKit") }?.components(separatedBy: "```").first)
    let trimmed = { (text: String) in
      text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { !$0.isEmpty && !$0.hasPrefix("import ") }
    }
    let example = trimmed(block)
    let body = trimmed(test)
    #expect(example.count > 10)
    let start = try #require(body.firstIndex(of: example[0]))
    #expect(Array(body[start..<min(body.count, start + example.count)]) == example)
  }
}

/// A backend that answers 401 to its first request, then `hello <sub>` to every other, and
/// records each request's `Authorization` header.
final class UnauthorizedOnceBackend: Sendable {
  private let server: HTTPServer
  private let seen = Recorder<String?>()

  init(alwaysUnauthorized: Bool = false) throws {
    let seen = self.seen
    server = HTTPServer { request in
      let authorization = request.headers["Authorization"]
      let count = seen.append(authorization)
      guard count > 1, !alwaysUnauthorized,
        let jwt = authorization?.split(separator: " ").last.map(String.init),
        let sub = (try? JWT(jwt))?.payload["sub"]?.stringValue
      else {
        return HTTPServerResponse(HTTPResponse(status: 401, body: Array("unauthorized".utf8)))
      }
      return HTTPServerResponse(HTTPResponse(status: 200, body: Array("hello \(sub)".utf8)))
    }
    try server.start()
  }

  var url: String { "http://127.0.0.1:\(server.port)" }
  var authorizations: [String?] { seen.items }
  func stop() { server.stop() }
}

/// A list appended to from any thread.
final class Recorder<Item: Sendable>: Sendable {
  private let list = Lock<[Item]>([])

  /// Appends `item`; returns the count after it.
  @discardableResult
  func append(_ item: Item) -> Int {
    list.withLock { list in
      list.append(item)
      return list.count
    }
  }

  var items: [Item] { list.withLock { $0 } }
}
