import ClerkctlCore
import ClerkctlKit

/// The lines `clerkctl token --output FILE --watch` writes on stderr: one per renewal or
/// failure, as text or (with `--json`) as one JSON object per line.
struct WatchLog: Sendable {
  let terminal: Terminal
  let json: Bool
  let profile: String
  let file: String

  /// A new token is in the file.
  func renewed(_ result: ClerkAccount.TokenResult, secondsLeft: Double) {
    let left = Int64(max(0, secondsLeft).rounded(.down))
    write(
      text: "wrote a new token to '\(file)' (expires in \(left) s)",
      event: "renewed",
      [
        "issued_at": .int(result.token.issuedAt), "expires_at": .int(result.token.expiresAt),
        "expires_in": .int(left),
      ])
  }

  /// A renewal failed; the file keeps its token.
  func failed(_ error: any Error, retryIn: Double, secondsLeft: Double) {
    let message = ErrorReporter.message(for: error)
    let left = Int64(max(0, secondsLeft).rounded(.down))
    let retry = Int64(retryIn.rounded(.up))
    write(
      text: "could not renew the token: \(message); trying again in \(retry) s "
        + "(the token in '\(file)' has \(left) s left)",
      event: "renewal_failed",
      [
        "error": .string(message),
        "exit_code": .int(Int64(ErrorReporter.exitCode(for: error).rawValue)),
        "retry_in": .int(retry), "expires_in": .int(left),
      ])
  }

  /// The token in the file ran out while renewals failed; the file is gone.
  func expired() {
    write(
      text: "the token in '\(file)' ran out; removed it until a renewal succeeds",
      event: "expired", [:])
  }

  /// The session ended (the error itself is reported as usual); in JSON, a last line.
  func ended(_ error: any Error) {
    guard json else { return }
    write(text: "", event: "session_ended", ["error": .string(ErrorReporter.message(for: error))])
  }

  private func write(text: String, event: String, _ fields: [String: JSONValue]) {
    guard json else {
      terminal.writeError("clerkctl: \(text)\n")
      return
    }
    var object = fields
    object["schema_version"] = 1
    object["profile"] = .string(profile)
    object["event"] = .string(event)
    object["file"] = .string(file)
    terminal.writeError(JSONValue.object(object).encoded + "\n")
  }
}
