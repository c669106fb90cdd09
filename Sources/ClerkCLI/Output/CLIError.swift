/// Errors of the command-line layer itself.
package enum CLIError: Error, Equatable, CustomStringConvertible, ExitCodeProviding {
  /// The command is declared but not implemented yet (`"clerkctl token"`).
  case notImplemented(String)
  /// The user pressed Ctrl-C at a prompt.
  case interrupted
  /// Standard input ended before a needed line (`what` names it: "the password").
  case inputEnded(String)

  package var description: String {
    switch self {
    case .notImplemented(let command):
      "'\(command)' is not implemented yet in this build of clerkctl"
    case .interrupted:
      "interrupted"
    case .inputEnded(let what):
      "standard input ended before \(what) was read"
    }
  }

  package var exitCode: ExitCode {
    switch self {
    case .notImplemented: .failure
    case .interrupted: .interrupted
    case .inputEnded: .usage
    }
  }
}
