import ClerkctlCommandLine

/// `token --format env`: shell lines for `eval`, as `aws configure export-credentials
/// --format env` prints them.
extension TokenCommand {
  /// `export CLERK_TOKEN='…'` and `export CLERK_TOKEN_EXPIRES_AT=EPOCH`, one a line.
  static func envLines(token: String, expiresAt: Int64) -> String {
    // A token is base64url and dots; quoted anyway, with any ' closed and escaped.
    let quoted = "'" + token.replacing("'", with: "'\\''") + "'"
    return "export CLERK_TOKEN=\(quoted)\nexport CLERK_TOKEN_EXPIRES_AT=\(expiresAt)"
  }
}
