import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlKit
import FoundationEssentials

/// `login --user-id` and `login --impersonate`: a one-time ticket from the Backend API,
/// redeemed as a `strategy=ticket` sign-in, and revoked when the redemption fails (so no
/// pending sign-in credential is left behind).
extension LoginCommand {
  /// `--ticket-ttl`: how long the `--user-id` ticket may wait to be redeemed.
  package static let ticketTTL = OptionKey.positiveSeconds(
    "ticket-ttl",
    help: "How long the --user-id sign-in token lives (Clerk's default is 30 days).",
    defaultValue: 60)

  /// The Backend API client of `CLERK_SECRET_KEY`, or a usage error naming `flag`.
  func backendClient(
    _ context: CommandContext, account: ClerkAccount, flag: String
  ) throws -> BackendAPIClient {
    guard let secret = context.nonEmpty("CLERK_SECRET_KEY") else {
      throw UsageError(
        "\(flag) needs the Backend API secret key in CLERK_SECRET_KEY (never on the command line)")
    }
    // A loopback Frontend API (the emulator) with the Backend API left at api.clerk.com: the
    // secret would go to the wrong instance; the emulator prints its own api_url.
    if context.globals.apiURL == nil, context.nonEmpty("CLERK_API_URL") == nil,
      let fapiURL = try? context.fapiURL(stored: nil),
      LoopbackHost.isLoopback(URLParts.host(of: fapiURL) ?? "")
    {
      throw UsageError(
        "\(flag) with a loopback Frontend API (\(URLParts.authority(of: fapiURL) ?? fapiURL)) "
          + "needs its Backend API too: set CLERK_API_URL (or --api-url) to the emulator's "
          + "api_url, not the default https://api.clerk.com")
    }
    return BackendAPIClient(
      baseURL: try context.apiURL(), secretKey: secret, http: account.http,
      requestTimeout: account.requestTimeout)
  }

  /// Revokes a ticket that was not redeemed (best effort: a failure is only noted).
  static func revokeUnredeemed(_ pending: PendingTicket, _ context: CommandContext) {
    guard let (backend, ticket, isActor) = pending.take(), !ticket.id.isEmpty else { return }
    do {
      if isActor {
        try backend.revokeActorToken(id: ticket.id)
      } else {
        try backend.revokeSignInToken(id: ticket.id)
      }
    } catch {
      context.note(
        "clerkctl: warning: the unused sign-in ticket could not be revoked "
          + "(\(ErrorReporter.message(for: error))); it expires on its own")
    }
  }
}

/// The Backend API ticket a sign-in is about to redeem, kept to revoke it when that fails.
final class PendingTicket: @unchecked Sendable {
  private let lock = Lock<(BackendAPIClient, BackendTicket, Bool)?>(nil)

  func set(_ backend: BackendAPIClient, _ ticket: BackendTicket, isActor: Bool) {
    lock.withLock { $0 = (backend, ticket, isActor) }
  }

  /// The ticket, once; `nil` after that or when none was made.
  func take() -> (BackendAPIClient, BackendTicket, Bool)? {
    lock.withLock { value in
      defer { value = nil }
      return value
    }
  }
}
