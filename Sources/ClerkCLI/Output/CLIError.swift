import ClerkctlCore

/// Errors of the command-line layer itself.
package enum CLIError: Error, Equatable, Sendable, CustomStringConvertible, ExitCodeProviding {
  /// The command is declared but not implemented yet (`"clerkctl token"`).
  case notImplemented(String)
  /// The user pressed Ctrl-C at a prompt.
  case interrupted
  /// The user pressed Ctrl-C while `what` waited ("browser sign-in").
  case cancelled(String)
  /// Standard input ended before a needed line (`what` names it: "the password").
  case inputEnded(String)
  /// A local file named on the command line that cannot be read (`what` names its role: "the
  /// JWKS file"), and why.
  case unreadableFile(what: String, path: String, reason: String)
  /// A token argument or standard input longer than `limit` bytes (no JWT is that long).
  case tokenTooLarge(limit: Int)
  /// The sign-in took longer than `--sign-in-timeout`; `retry` is the command to run again.
  case signInTimedOut(seconds: Double, retry: String)
  /// `profile use NAME` for a profile with no stored sign-in.
  case profileNotSignedIn(String)
  /// The user answered anything but `y`/`yes` at a confirmation (`"signing out every profile"`).
  case declined(String)

  package var description: String {
    switch self {
    case .notImplemented(let command):
      "'\(command)' is not implemented yet in this build of clerkctl"
    case .interrupted:
      "interrupted"
    case .cancelled(let what):
      "\(what) cancelled"
    case .inputEnded(let what):
      "standard input ended before \(what) was read"
    case .unreadableFile(let what, let path, let reason):
      "cannot read \(what) '\(path)': \(reason); check the path and its permissions"
    case .tokenTooLarge(let limit):
      "the token is larger than \(limit / 1024) KiB, so it is not a JWT clerkctl will read"
    case .signInTimedOut(let seconds, let retry):
      "sign-in timed out after \(seconds.secondsText) s; run '\(retry)' again "
        + "(or raise --sign-in-timeout)"
    case .profileNotSignedIn(let name):
      "profile '\(name)' has no stored sign-in; run 'clerkctl login --profile \(name)' first"
    case .declined(let what):
      "not \(what): the answer was not 'y' or 'yes'"
    }
  }

  package var exitCode: ExitCode {
    switch self {
    case .notImplemented: .failure
    case .interrupted, .cancelled: .interrupted
    case .inputEnded: .usage
    case .unreadableFile: .configuration
    case .tokenTooLarge: .jwtInvalid
    case .signInTimedOut: .signInTimeout
    case .profileNotSignedIn: .notSignedIn
    case .declined: .failure
    }
  }
}
