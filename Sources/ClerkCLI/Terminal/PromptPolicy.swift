import ClerkctlCommandLine

/// When clerkctl may prompt: only when stdin and stderr are terminals and neither
/// `--no-input`, `CLERKCTL_NO_INPUT` nor `CI` is set.
package enum PromptPolicy {
  /// Whether prompting is allowed.
  ///
  /// - Parameters:
  ///   - stdinIsTerminal: whether stdin is a terminal.
  ///   - stderrIsTerminal: whether stderr is a terminal.
  ///   - noInputFlag: whether `--no-input` was given.
  ///   - environment: the process environment.
  package static func allowsPrompts(
    stdinIsTerminal: Bool, stderrIsTerminal: Bool, noInputFlag: Bool,
    environment: [String: String]
  ) -> Bool {
    stdinIsTerminal && stderrIsTerminal && !noInputFlag
      && !isSet(environment["CLERKCTL_NO_INPUT"]) && !isSet(environment["CI"])
  }

  /// Whether an environment switch is on: any value but unset, empty, `0` or `false`.
  package static func isSet(_ value: String?) -> Bool {
    guard let value else { return false }
    return !["", "0", "false"].contains(value.lowercased())
  }
}
