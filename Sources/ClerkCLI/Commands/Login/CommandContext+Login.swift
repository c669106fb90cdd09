import ClerkctlKit

extension CommandContext {
  /// The account `login` signs in with: it goes where flags and environment say (no binding to
  /// what the profile stored), and replaces a stored credential that others can read, ending
  /// its session, with a warning.
  package func loginAccount() throws -> ClerkAccount {
    var account = try self.account()
    account.instance = nil
    let terminal = terminal
    account.onExposedCredential = { exposure in
      terminal.writeError(
        "clerkctl: warning: \(ExposedCredentialWarning.text(for: exposure, action: .replace))\n")
    }
    return account
  }
}
