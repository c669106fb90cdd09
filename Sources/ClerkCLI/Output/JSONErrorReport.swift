import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlKit

/// With `--json`, a failure is one object on stderr a script can switch on:
/// `{"schema_version": 1, "error": {"message", "exit_code", "clerk_code", "hint"}}` —
/// `clerk_code` is Clerk's error code when Clerk gave one (else null), `hint` what to do next
/// (else null).
enum JSONErrorReport {
  /// The object for `error`, raised while running `commandPath`.
  static func object(for error: any Error, commandPath: [String]) -> JSONValue {
    let message = ErrorReporter.message(for: error)
    var hint: String?
    if let usage = error as? UsageError {
      let name = (["clerkctl"] + (usage.commandPath ?? commandPath)).joined(separator: " ")
      hint = "see '\(name) --help'"
    } else if let range = message.ranges(of: "; ").last {
      hint = String(message[range.upperBound...])
    }
    let fields: [String: JSONValue] = [
      "message": .string(message),
      "exit_code": .int(Int64(ErrorReporter.exitCode(for: error).rawValue)),
      "clerk_code": clerkCode(of: error).map(JSONValue.string) ?? .null,
      "hint": hint.map(JSONValue.string) ?? .null,
    ]
    return ["schema_version": 1, "error": .object(fields)]
  }

  /// Clerk's own error code behind `error`, if any.
  static func clerkCode(of error: any Error) -> String? {
    switch error {
    case ClerkError.api(let apiError), ClerkError.inputRejected(let apiError),
      ClerkError.redirectRefused(_, let apiError):
      return apiError.code
    case ClerkError.organizationNotFound:
      return "organization_not_found_or_unauthorized"
    case let reported as ReportedError:
      return reported.underlying.flatMap { clerkCode(of: $0) }
    default:
      return nil
    }
  }
}
