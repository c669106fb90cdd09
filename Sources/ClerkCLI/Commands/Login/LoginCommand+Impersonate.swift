import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlKit
import FoundationEssentials

/// `login --impersonate USER_ID --actor ACTOR_ID`: an actor token from the Backend API
/// (`CLERK_SECRET_KEY`), redeemed as a ticket; the session's tokens carry `act`, and the
/// profile is marked as impersonated.
extension LoginCommand {
  package static let impersonate = OptionKey.string(
    "impersonate", value: "user-id",
    help: "Sign in as this user on behalf of --actor (an actor token; needs CLERK_SECRET_KEY).")
  package static let actor = OptionKey.string(
    "actor", value: "actor-id", help: "Who impersonates (the tokens' act.sub), with --impersonate.")

  /// Makes the actor token and presets it as the ticket.
  func impersonationTicket(
    _ context: CommandContext, account: ClerkAccount, stdin: StdinLines, pending: PendingTicket,
    userID: String, actor: String
  ) throws -> SignInMethod {
    let backend = try backendClient(context, account: account, flag: "--impersonate")
    let ticket = try backend.createActorToken(
      userID: userID, actor: actor, expiresInSeconds: max(1, Int(ticketTTL.rounded(.up))))
    pending.set(backend, ticket, isActor: true)
    stdin.presetTicket = ticket.token
    return .ticket
  }

  /// Marks the stored sign-in as impersonated by `actor`.
  static func markImpersonated(
    _ credential: ProfileCredential, actor: String, pending: PendingTicket,
    account: ClerkAccount
  ) throws -> ProfileCredential {
    var marked = credential
    marked.impersonation = Impersonation(actor: actor, actorTokenID: pending.take()?.1.id)
    try account.store.save(marked)
    return marked
  }
}
