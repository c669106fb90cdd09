import ClerkctlCommandLine
import ClerkctlCore

/// The `--template` value: a JWT template's name, sent as one percent-encoded path segment of
/// `…/tokens/NAME`. `.` and `..` would climb out of it once a URL is normalised, and `/` would
/// split it, so they are refused.
package enum TemplateName {
  /// Checks a `--template` value.
  ///
  /// - Throws: ``UsageError`` (exit 2) for an empty name, `.`, `..` or a name with `/`.
  package static func validate(_ name: String) throws(UsageError) {
    guard !name.isEmpty else { throw UsageError("'--template' needs a template name") }
    guard name != ".", name != "..", !name.contains("/") else {
      throw UsageError(
        "'--template' takes a JWT template's name (such as convex), not '\(name)': "
          + "'.', '..' and names with '/' are not template names")
    }
  }
}
