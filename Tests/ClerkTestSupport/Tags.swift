import Testing

/// Qualities a test checks, across features: `swift test --filter` picks features by folder and
/// suite, `.tags(…)` by quality (Xcode and `swift test --list-tests` show them).
extension Tag {
  /// The test shows a hole closed: a secret, a host, a file or a terminal kept safe.
  @Tag public static var security: Self
  /// The test shows what happens when a peer, the network or a process misbehaves.
  @Tag public static var resilience: Self
}
