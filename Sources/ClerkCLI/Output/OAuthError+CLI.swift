import ClerkctlKit

extension OAuthError: ExitCodeProviding {
  package var exitCode: ExitCode {
    switch self {
    case .notOAuth, .grantEnded, .noIDToken: .notSignedIn
    case .authorizationDenied, .stateMismatch, .refused: .signInRejected
    case .issuerMismatch, .resourceMetadata: .configuration
    case .unsupported: .signInRejected
    }
  }

  /// The CLI's wording: the remedy as the command to run.
  var cliWording: String? {
    switch self {
    case .notOAuth(let profile):
      return "profile '\(profile)' holds no OAuth sign-in; run '"
        + Self.loginCommand(profile: profile, clientID: "CLIENT_ID") + "'"
    case .grantEnded(let profile, let clientID, _):
      return "\(description); run '\(Self.loginCommand(profile: profile, clientID: clientID))' "
        + "to sign in again"
    case .noIDToken(let profile, let clientID):
      return "\(description); run '\(Self.loginCommand(profile: profile, clientID: clientID)) "
        + "--scope \"openid email profile offline_access\"'"
    default:
      return nil
    }
  }

  /// `clerkctl login --client-id ID`, with `--profile` when `profile` is not the default.
  static func loginCommand(profile: String, clientID: String) -> String {
    "clerkctl login --client-id \(clientID)"
      + (profile == ProfileName.defaultName ? "" : " --profile \(profile)")
  }
}
