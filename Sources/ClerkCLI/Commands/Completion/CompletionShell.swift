import ClerkctlCommandLine

/// The shells `clerkctl completion` writes scripts for.
package enum CompletionShell: String, Sendable, CaseIterable {
  case bash, zsh, fish
}
