import ClerkctlKit

/// Defaults a command takes when its flag is not given (issue 28, gap 10): flag >
/// environment > the profile's config (`clerkctl config set`) > built-in default.
extension CommandContext {
  /// The JWT template when `--template` is not given: `CLERKCTL_TEMPLATE`, else the profile's
  /// `template`; `nil` (the session token) when neither is set. Only for user profiles: the
  /// other kinds take no template. `profile` and `kind`: the profile in force and its kind when
  /// the caller has them already (each is a read of a file).
  package func defaultTemplate(profile: String? = nil, kind: ProfileKind? = nil) throws -> String? {
    guard (kind ?? profileKind(profile: profile)) == .user else { return nil }
    guard
      let name = try nonEmpty("CLERKCTL_TEMPLATE")
        ?? ProfileConfig.value(.template, self, profile: profile)
    else { return nil }
    try TemplateName.validate(name)
    return name
  }

  /// `--min-ttl` when it was not given: the profile's (or `profile`'s) `min_ttl`, else
  /// `builtIn`.
  package func defaultMinTTL(_ builtIn: Double, profile: String? = nil) -> Double {
    guard let text = try? ProfileConfig.value(.minTTL, self, profile: profile),
      let seconds = Double(text),
      seconds.isFinite, seconds >= 0
    else { return builtIn }
    return seconds
  }
}
