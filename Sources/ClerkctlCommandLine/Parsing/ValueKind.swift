/// What an option's or argument's value is: how the parser checks it and how shells complete it.
package enum ValueKind: Sendable, Equatable {
  /// Free text, checked by the command.
  case string
  /// A file path (completed as a file).
  case path
  /// A directory path (completed as a directory).
  case directory
  /// A URL.
  case url
  /// A whole number.
  case integer
  /// A non-negative number of seconds; fractions allowed.
  case seconds
  /// A time limit: a number of seconds more than 0; fractions allowed.
  case positiveSeconds
  /// A TCP port, 0 to 65535.
  case port
  /// One of a fixed list of words.
  case choice([String])
  /// The name of a program to run (completed as a command).
  case command
  /// A profile name (completed with the stored profiles).
  case profile
  /// A JWT template name (completed with `convex` and the templates in the token cache).
  case template
  /// An organization slug (completed with the ones `org list` saw for the profile).
  case organization
  /// A social sign-in provider (completed with the ones seen at login, else common ones).
  case provider

  /// Checks `value` for an option or argument shown as `label`.
  ///
  /// - Returns: the usage-error message, or `nil` when the value is acceptable.
  package func problem(with value: String, label: String) -> String? {
    switch self {
    case .string, .path, .directory, .url, .command, .profile, .template, .organization,
      .provider:
      return nil
    case .integer:
      return Int(value) == nil ? "'\(label)' expects an integer, got '\(value)'" : nil
    case .seconds:
      guard let seconds = Double(value), seconds.isFinite, seconds >= 0 else {
        return "'\(label)' expects a number of seconds, got '\(value)'"
      }
      return nil
    case .positiveSeconds:
      guard let seconds = Double(value), seconds.isFinite else {
        return "'\(label)' expects a number of seconds, got '\(value)'"
      }
      return seconds > 0 ? nil : "'\(label)' must be a positive number of seconds, got '\(value)'"
    case .port:
      guard let port = Int(value), (0...65535).contains(port) else {
        return "'\(label)' expects a port number from 0 to 65535, got '\(value)'"
      }
      return nil
    case .choice(let choices):
      guard choices.contains(value) else {
        let near = Suggestion.nearest(to: value, in: choices).map {
          "; did you mean '\($0)'?"
        }
        return "'\(label)' must be one of \(choices.joined(separator: ", "))" + (near ?? "")
      }
      return nil
    }
  }
}
