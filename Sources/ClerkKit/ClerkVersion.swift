/// The version of clerkctl and ClerkKit, shown by `clerkctl --version` and sent in `User-Agent`.
package enum ClerkVersion {
  /// The current release, as `MAJOR.MINOR.PATCH`.
  package static let current = "0.1.0"
}
