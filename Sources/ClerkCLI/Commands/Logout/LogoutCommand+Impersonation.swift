import ClerkctlCore
import ClerkctlKit

/// `logout` of an impersonated sign-in: the session ends as any other's; an actor token that
/// is still pending is revoked too (with `CLERK_SECRET_KEY`; Clerk refuses, and nothing is
/// said, for one already accepted).
extension LogoutCommand {
  static func revokePendingActorToken(_ account: ClerkAccount, _ context: CommandContext) {
    guard let stored = try? account.store.loadForRemoval(profile: account.profile)?.credential,
      let id = stored.impersonation?.actorTokenID, !id.isEmpty,
      let backend = try? context.backendClient(for: "revoking the actor token")
    else { return }
    if (try? backend.revokeActorToken(id: id)) != nil {
      context.note("Revoked the pending actor token \(TerminalText.sanitized(id)).")
    }
  }
}
