import ClerkctlCommandLine
import ClerkctlKit

/// What `exec` tells its child about itself (issue 28, gap 13), as aws-vault exports
/// `AWS_VAULT`: the profile (`CLERKCTL_PROFILE`, so a nested clerkctl uses the same one), the
/// instance (`CLERKCTL_INSTANCE`), and whether the child runs under `--refresh`
/// (`CLERKCTL_EXEC_REFRESH`), so a nested `exec --refresh` (a loop of keepers) is refused.
extension ExecCommand {
  /// The variable that marks a child of `exec --refresh`.
  static let refreshMarker = "CLERKCTL_EXEC_REFRESH"

  /// Adds the profile, the instance and (with `refresh`) the marker to a child's environment.
  static func markNested(
    _ environment: inout [String: String], _ context: CommandContext, refresh: Bool
  ) {
    if let profile = try? context.profileName() {
      environment["CLERKCTL_PROFILE"] = profile
      if let store = try? context.profileStore(),
        let credential = try? store.load(profile: profile), !credential.fapiURL.isEmpty
      {
        environment["CLERKCTL_INSTANCE"] = credential.fapiURL
      }
    }
    if refresh { environment[refreshMarker] = environment["CLERKCTL_PROFILE"] ?? "1" }
  }

  /// `exec --refresh` inside the child of another: refused (exit 2) before anything is sent.
  static func refuseNestedRefresh(_ context: CommandContext, refresh: Bool) throws {
    guard refresh, let outer = context.nonEmpty(refreshMarker) else { return }
    throw UsageError(
      "already inside 'clerkctl exec --refresh' (profile '\(outer)'), which keeps the token "
        + "fresh: read its _FILE or _URL instead of nesting another --refresh")
  }
}
