/// The version of ClerkKit (and of the tools built with it), sent in the default `User-Agent`.
package enum ClerkVersion {
  /// The current release, as `MAJOR.MINOR.PATCH`.
  package static let current = "0.1.0"
}
