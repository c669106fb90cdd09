import ClerkctlCommandLine

/// Why `ChildProcess` could not start a command. Shells answer these with 127 (not found) and
/// 126 (found, but not runnable); clerkctl does the same.
package enum ChildProcessError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No executable of that name on `PATH`, or no file at that path.
  case notFound(command: String)
  /// The file exists but cannot be run (`reason`: "Permission denied", "Is a directory", …).
  case notExecutable(command: String, reason: String)

  package var description: String {
    switch self {
    case .notFound(let command):
      command.contains("/")
        ? "\(command): no such file; check the path"
        : "\(command): command not found; check the name and PATH"
    case .notExecutable(let command, let reason):
      "\(command): cannot run it: \(reason); check that it is an executable file (chmod +x)"
    }
  }
}
