import ClerkTestSupport
import ClerkctlCore
import ClerkctlHTTP
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
}
