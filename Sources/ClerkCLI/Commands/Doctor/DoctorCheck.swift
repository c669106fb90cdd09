import ClerkctlCore

/// One line of `clerkctl doctor`: what was checked, how it went, and the fix when it failed.
package struct DoctorCheck: Sendable, Equatable {
  /// How a check ended.
  package enum Outcome: Sendable, Equatable {
    case passed
    /// Failed; the exit code of the failure's category.
    case failed(ExitCode)
    /// Not run because an earlier check failed.
    case skipped
    /// Passed, with a caveat and what to do about it (the exit code stays 0).
    case warned
  }

  /// The check's name (`instance reachable`, `aud`, …).
  package var name: String
  package var outcome: Outcome
  /// What was found, one line.
  package var detail: String
  /// What to do, for a failed check.
  package var fix: String?

  package static func pass(_ name: String, _ detail: String) -> DoctorCheck {
    DoctorCheck(name: name, outcome: .passed, detail: detail, fix: nil)
  }

  package static func fail(
    _ name: String, _ detail: String, fix: String, code: ExitCode
  ) -> DoctorCheck {
    DoctorCheck(name: name, outcome: .failed(code), detail: detail, fix: fix)
  }

  /// A pass with a caveat: `ok` in JSON, `!` in text, with the fix.
  package static func warn(_ name: String, _ detail: String, fix: String) -> DoctorCheck {
    DoctorCheck(name: name, outcome: .warned, detail: detail, fix: fix)
  }

  package static func skip(_ name: String, _ reason: String) -> DoctorCheck {
    DoctorCheck(name: name, outcome: .skipped, detail: "skipped: \(reason)", fix: nil)
  }

  /// A failure from a thrown error, with its exit code: what the message says happened as the
  /// detail, and as the fix `fix` — or, when `nil`, what the message says to do — so the line
  /// never says the same thing twice.
  package static func fail(_ name: String, _ error: any Error, fix: String?) -> DoctorCheck {
    let (facts, advice) = splitRemedy(ErrorReporter.message(for: error))
    return .fail(
      name, facts, fix: fix ?? advice ?? "run 'clerkctl doctor --verbose' to see the requests",
      code: ErrorReporter.exitCode(for: error))
  }

  /// The words a remedy clause of a message starts with (`…; check the URL`).
  private static let remedyVerbs = [
    "allowlist", "check", "copy", "create", "delete", "drop", "fix", "give", "join", "lower",
    "make", "pass", "raise", "retry", "run", "set", "sign", "sync", "try", "upgrade", "use",
    "wait",
  ]

  /// `message` split at its first remedy clause (`; VERB …` or `: VERB …`): what happened, and
  /// what to do (`nil` when it says nothing to do).
  static func splitRemedy(_ message: String) -> (facts: String, remedy: String?) {
    var best: Range<String.Index>?
    for separator in ["; ", ": "] {
      for verb in remedyVerbs {
        guard let found = message.firstRange(of: separator + verb + " ") else { continue }
        if best.map({ found.lowerBound < $0.lowerBound }) ?? true { best = found }
      }
    }
    guard let best, best.lowerBound > message.startIndex else { return (message, nil) }
    let remedy = message[message.index(best.lowerBound, offsetBy: 2)...]
    return (String(message[..<best.lowerBound]), String(remedy))
  }

  /// Whether the check passed (with or without a caveat).
  package var passed: Bool { outcome == .passed || outcome == .warned }

  /// The machine-readable form: `check`, `ok`, `skipped`, `detail`, `fix`.
  package var json: JSONValue {
    [
      "check": .string(name), "ok": .bool(passed), "skipped": .bool(outcome == .skipped),
      "detail": .string(detail), "fix": fix.map(JSONValue.string) ?? .null,
    ]
  }

  /// The text line: `✓ NAME: DETAIL`, `✗ NAME: DETAIL — fix: FIX`, `! NAME: DETAIL — fix: FIX`
  /// or `- NAME: skipped: …`.
  package func line(colour: Bool) -> String {
    let (mark, code): (String, String) =
      switch outcome {
      case .passed: ("✓", "32")
      case .failed: ("✗", "31")
      case .skipped: ("-", "2")
      case .warned: ("!", "33")
      }
    let shown = colour ? "\u{1B}[\(code)m\(mark)\u{1B}[0m" : mark
    let fixText = fix.map { " — fix: \(TerminalText.sanitized($0))" } ?? ""
    return "\(shown) \(name): \(TerminalText.sanitized(detail))\(fixText)"
  }
}
