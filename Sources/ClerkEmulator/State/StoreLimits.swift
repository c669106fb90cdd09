/// How much the emulator remembers of what anyone can create without an account: clients
/// with no active session, sign-in attempts, sent email codes, the request log, and sessions
/// that are over. Past a cap the oldest are forgotten first (a forgotten client's token then
/// names no client, a forgotten sign-in or session is not found), so a flood of sign-ins
/// cannot grow its memory without bound. Clients holding an active session, and active
/// sessions, are never evicted (a session past `expire_at` is expired first, as Clerk has it).
/// The fake provider's codes are forgotten once expired (10 minutes, as Clerk's).
package struct StoreLimits: Sendable, Equatable {
  /// Clients with no active session (by last update).
  package var clients: Int
  /// Sign-in attempts (by creation), with their browser sign-in nonces.
  package var signIns: Int
  /// Sent email and text codes (`GET /__emulator/emails`).
  package var emails: Int
  /// Entries of the request log (`GET /__emulator/requests`).
  package var requests: Int
  /// Sessions that are over: ended, removed, revoked, expired, abandoned or replaced (by last
  /// update).
  package var sessions: Int

  package init(clients: Int, signIns: Int, emails: Int, requests: Int, sessions: Int = 10_000) {
    self.clients = clients
    self.signIns = signIns
    self.emails = emails
    self.requests = requests
    self.sessions = sessions
  }

  /// The executable's caps: far above what a test run or a day of development creates.
  package static let standard = StoreLimits(
    clients: 10_000, signIns: 10_000, emails: 10_000, requests: 100_000, sessions: 10_000)

  /// How far below a cap one eviction goes (a tenth of it, at least one), so the scan for the
  /// oldest runs once per that many new entries, not on every one.
  static func target(for cap: Int) -> Int { max(cap - max(cap / 10, 1), 0) }
}
