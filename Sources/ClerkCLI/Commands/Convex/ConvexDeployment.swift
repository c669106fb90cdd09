import ClerkctlCore
import ClerkctlKit

/// The Convex deployment `clerkctl convex` talks to, against the one the profile has used:
/// `CONVEX_URL` (the environment, perhaps a `.env` file) may not name another one; `--url`
/// may. The first deployment that accepts the profile's token is remembered.
struct ConvexDeployment {
  let store: ProfileStore
  let profile: String
  let origin: String
  /// Whether the profile has used this deployment before.
  let isRemembered: Bool
  /// Whether the profile has used none yet.
  let isFirst: Bool

  /// - Throws: `ConvexError.otherDeployment` when `url` came from `CONVEX_URL` and the profile
  ///   used another deployment (nothing is minted or sent).
  init(context: CommandContext, url: String, fromFlag: Bool) throws {
    store = try context.profileStore()
    profile = try context.profileName()
    origin = InstanceOrigin(url: url)?.description ?? url
    let used = (try? store.load(profile: profile))??.convexOrigin
    if let used, used != origin, !fromFlag {
      throw ConvexError.otherDeployment(profile: profile, used: used, named: url)
    }
    isRemembered = used == origin
    isFirst = used == nil
  }

  /// Records the deployment as the profile's when it has none (best effort: a failure to
  /// write loses nothing but the memory).
  func remember() {
    guard isFirst else { return }
    _ = try? store.withLock(profile: profile) {
      guard var credential = try store.load(profile: profile), credential.convexOrigin == nil
      else { return }
      credential.convexOrigin = origin
      try store.save(credential)
    }
  }
}
