import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlHTTP
import ClerkctlKit
import FoundationEssentials

/// The one place that turns errors into messages and exit codes.
///
/// Usage errors print `clerkctl: MESSAGE (see 'clerkctl CMD --help')` and exit 2.
/// Every other error prints `clerkctl: MESSAGE` (one line) and exits with the code its type
/// maps to; unknown errors exit 1. Everything goes to stderr; stdout stays empty.
package enum ErrorReporter {
  /// The exit code for `error`.
  ///
  /// Add a `case` here (or an `ExitCodeProviding` conformance below) for each new domain error.
  package static func exitCode(for error: any Error) -> ExitCode {
    switch error {
    case is UsageError, is ProfileKindMismatch:
      .usage
    case let error as any ExitCodeProviding:
      error.exitCode
    default:
      .failure
    }
  }

  /// The one-line message for `error`, without a prefix, its control characters replaced
  /// (error messages quote servers and files).
  package static func message(for error: any Error) -> String {
    let text = cliWording(for: error) ?? String(describing: error)
    return TerminalText.sanitized(text.split(whereSeparator: \.isNewline).joined(separator: " "))
  }

  /// The full text written to stderr for `error`, raised while running `commandPath`.
  package static func report(for error: any Error, commandPath: [String]) -> String {
    if let usage = error as? UsageError {
      let name = (["clerkctl"] + (usage.commandPath ?? commandPath)).joined(separator: " ")
      return "clerkctl: \(message(for: usage)) (see '\(name) --help')\n"
    }
    return "clerkctl: \(message(for: error))\n"
  }

  /// Writes the report for `error` to stderr and returns the exit code.
  package static func report(
    _ error: any Error, commandPath: [String], to terminal: Terminal
  )
    -> Int32
  {
    terminal.writeError(report(for: error, commandPath: commandPath))
    return exitCode(for: error).rawValue
  }
}

// MARK: - The exit code of each domain error (the contract's table, in one place)

extension ClerkError: ExitCodeProviding {
  package var exitCode: ExitCode {
    switch self {
    case .api: .failure
    case .transport(let error): error.exitCode
    case .unavailable, .malformedResponse: .unavailable
    case .notSignedIn: .notSignedIn
    case .tokenRefused: .tokenRefused
    case .signInRejected, .inputRejected: .signInRejected
    case .signInUnsupported: .failure
    case .signUpNotAllowed: .signInRejected
    case .signInTimedOut: .signInTimeout
    case .configuration, .redirectRefused, .callbackPortInUse, .signInNotStored: .configuration
    case .tokenTooShortLived: .usage
    case .organizationNotFound: .signInRejected
    }
  }
}

extension HTTPError: ExitCodeProviding {
  package var exitCode: ExitCode { isConfigurationError ? .configuration : .unavailable }
}

extension CredentialStoreError: ExitCodeProviding {
  package var exitCode: ExitCode { isUsageError ? .usage : .configuration }
}

extension InstanceError: ExitCodeProviding {
  package var exitCode: ExitCode { .configuration }
}

extension JWTError: ExitCodeProviding {
  package var exitCode: ExitCode {
    if case .discoveryFailed = self { return .unavailable }
    return .jwtInvalid
  }
}

extension ClerkAuthError: ExitCodeProviding {
  package var exitCode: ExitCode {
    switch self {
    case .clerkNotLoaded, .configuration: .configuration
    case .noActiveSession: .notSignedIn
    case .tokenRetrievalFailed: .tokenRefused
    case .signInTimeout: .signInTimeout
    case .signInRejected, .organizationNotFound: .signInRejected
    case .unavailable: .unavailable
    default: .failure
    }
  }
}

extension ChildProcessError: ExitCodeProviding {
  package var exitCode: ExitCode {
    switch self {
    case .notFound: .commandNotFound
    case .notExecutable: .commandNotExecutable
    }
  }
}

extension ResponseError: ExitCodeProviding {
  package var exitCode: ExitCode { .failure }
}

extension ConvexError: ExitCodeProviding {
  package var exitCode: ExitCode {
    if case .otherDeployment = self { return .configuration }
    return .failure
  }
}
