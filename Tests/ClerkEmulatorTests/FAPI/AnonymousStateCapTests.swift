import ClerkTestSupport
import ClerkctlCore
import ClerkctlHTTP
import ClerkctlWire
import Testing

@testable import ClerkEmulator

/// A flood of sign-in attempts that never complete (each a new client without a token) does
/// not grow the emulator's memory without bound: past each cap the oldest are forgotten, and
/// a signed-in client is kept.
@Suite("Anonymous state is capped", .tags(.security))
struct AnonymousStateCapTests {
  private static let limits = StoreLimits(clients: 20, signIns: 20, emails: 10, requests: 50)

  /// Starts a sign-in for `identifier` on a new client (no client token), as a flood does.
  private static func attempt(
    _ emulator: InMemoryEmulator, _ identifier: String, strategy: String? = nil
  ) throws -> HTTPResponse {
    var form = "identifier=" + FormEncoding.escape(identifier)
    if let strategy { form += "&strategy=" + strategy }
    return try emulator.http.send(
      HTTPRequest(
        method: "POST", url: emulator.fapiURL + "/v1/client/sign_ins?_is_native=true",
        headers: ["Content-Type": "application/x-www-form-urlencoded"], body: Array(form.utf8)))
  }

  private static func counts(
    _ emulator: InMemoryEmulator
  ) -> (
    clients: Int, signIns: Int, emails: Int, requests: Int
  ) {
    emulator.emulator.state.withStore {
      ($0.clients.count, $0.signIns.count, $0.emails.count, $0.requests.count)
    }
  }

  @Test("300 abandoned sign-ins leave at most the caps; the newest are kept")
  func flood() throws {
    let emulator = try InMemoryEmulator(limits: Self.limits)
    var newest = ""
    for index in 0..<300 {
      emulator.time.advance(1)
      let reply = try Self.attempt(
        emulator, "demo@example.com", strategy: index.isMultiple(of: 2) ? "email_code" : nil)
      #expect(reply.status == 200)
      if let id = try JSONValue(parsing: reply.body)["response"]?["id"]?.stringValue {
        newest = id
      }
    }
    let (clients, signIns, emails, requests) = Self.counts(emulator)
    #expect(clients <= 20, "\(clients) clients")
    #expect(signIns <= 20, "\(signIns) sign-ins")
    #expect(emails <= 10, "\(emails) emails")
    #expect(requests <= 50, "\(requests) log entries")
    #expect(emulator.emulator.state.withStore { $0.signIns[newest] != nil })
    // The oldest went first: what is left are the latest attempts.
    let oldestLeft = emulator.emulator.state.withStore { store in
      store.signIns.values.map(\.createdAt).min() ?? 0
    }
    let newestLeft = emulator.emulator.state.withStore { store in
      store.signIns.values.map(\.createdAt).max() ?? 0
    }
    #expect(newestLeft - oldestLeft < 20_000, "\(oldestLeft)…\(newestLeft)")
  }

  @Test("a client with an active session outlives a flood of anonymous ones")
  func signedInClientKept() throws {
    let emulator = try InMemoryEmulator(limits: Self.limits)
    let form = "identifier=demo%40example.com&password=demo-password"
    let signedIn = try emulator.http.send(
      HTTPRequest(
        method: "POST", url: emulator.fapiURL + "/v1/client/sign_ins?_is_native=true",
        headers: ["Content-Type": "application/x-www-form-urlencoded"], body: Array(form.utf8)))
    #expect(signedIn.status == 200)
    let token = try #require(signedIn.headers["Authorization"])
    for _ in 0..<200 {
      emulator.time.advance(1)
      _ = try Self.attempt(emulator, "demo@example.com")
    }
    #expect(Self.counts(emulator).clients <= 21)
    let client = try emulator.http.send(
      HTTPRequest(
        url: emulator.fapiURL + "/v1/client?_is_native=true",
        headers: ["Authorization": token]))
    let body = try JSONValue(parsing: client.body)
    #expect(body["response"]?["sessions"]?.arrayValue?.count == 1, "\(client.bodyText)")
  }

  /// A password sign-in on a new client: an active session; returns the client token.
  private static func signIn(_ emulator: InMemoryEmulator) throws -> String {
    let form = "identifier=demo%40example.com&password=demo-password"
    let reply = try emulator.http.send(
      HTTPRequest(
        method: "POST", url: emulator.fapiURL + "/v1/client/sign_ins?_is_native=true",
        headers: ["Content-Type": "application/x-www-form-urlencoded"], body: Array(form.utf8)))
    #expect(reply.status == 200, "\(reply.bodyText)")
    return try #require(reply.headers["Authorization"])
  }

  @Test("sessions past expire_at are expired on the clock and the oldest over the cap forgotten")
  func sessionsCapped() throws {
    let limits = StoreLimits(clients: 100, signIns: 100, emails: 10, requests: 50, sessions: 10)
    let emulator = try InMemoryEmulator(limits: limits)
    for _ in 0..<30 {
      emulator.time.advance(1)
      _ = try Self.signIn(emulator)
    }
    let sessions = { emulator.emulator.state.withStore { $0.sessions } }
    #expect(sessions().count == 30, "active sessions are never forgotten")
    // Clerk's sessions live 7 days: past that, each one is over.
    emulator.time.advance(7 * 86_400)
    let kept = try Self.signIn(emulator)
    let left = sessions()
    #expect(left.count <= 11, "\(left.count) sessions")
    #expect(left.values.filter { $0.status == .active }.count == 1)
    #expect(left.values.filter { $0.status == .expired }.count <= 10)
    // The newest client still lists its session; a forgotten one's client lists none.
    let client = try emulator.http.send(
      HTTPRequest(
        url: emulator.fapiURL + "/v1/client?_is_native=true", headers: ["Authorization": kept]))
    let body = try JSONValue(parsing: client.body)
    #expect(body["response"]?["sessions"]?.arrayValue?.count == 1, "\(client.bodyText)")
    let pointers = emulator.emulator.state.withStore { store in
      store.clients.values.flatMap(\.sessionIDs)
        + store.clients.values.compactMap(\.lastActiveSessionID)
    }
    #expect(pointers.allSatisfy { left[$0] != nil }, "no client names a forgotten session")
  }
}
