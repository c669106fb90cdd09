import ClerkctlKit

extension MachineAuthError: ExitCodeProviding {
  package var exitCode: ExitCode {
    switch self {
    case .notAMachine, .secretRefused: .notSignedIn
    case .secretKeyRefused: .configuration
    case .refused: .signInRejected
    case .minTTLNotBelowLifetime, .tooShortToKeep: .usage
    case .tokenInvalid: .jwtInvalid
    }
  }

  /// The CLI's wording: the remedy as the command to run.
  var cliWording: String? {
    switch self {
    case .notAMachine(let profile):
      return "profile '\(profile)' holds no machine identity; run '"
        + MachineAuthError.loginCommand(profile: profile) + "'"
    case .secretRefused(let profile, _):
      return "\(description); store a valid one with '"
        + MachineAuthError.loginCommand(profile: profile) + "'"
    case .secretKeyRefused(let detail):
      return "the Backend API refused CLERK_SECRET_KEY (\(detail)); check the key belongs to "
        + "this instance"
    case .minTTLNotBelowLifetime(let minTTL, let lifetime):
      let life = lifetime.map { "the token lives \($0) s" } ?? "the machine's tokens live"
      return "--min-ttl \(minTTL) s is not below the token's lifetime (\(life)); lower "
        + "--min-ttl or raise --ttl"
    case .tooShortToKeep(let minTTL, let lifetime):
      return TokenKeeper.tooShortToKeep(minTTL: minTTL, lifetime: lifetime)
    case .refused, .tokenInvalid:
      return nil
    }
  }

  /// `clerkctl login --machine`, with `--profile` when `profile` is not the default.
  static func loginCommand(profile: String) -> String {
    "clerkctl login --machine"
      + (profile == ProfileName.defaultName ? "" : " --profile \(profile)")
  }
}
