import ClerkctlCore

/// The extra trust anchor of one run, computed once: every credential store a command makes
/// (a token mint makes several) records it, and each computation read and hashed the whole
/// CA bundle again. Shared by the copies of one ``CommandContext``; a failure is not kept, so
/// it is reported again where it is asked for again.
package final class TrustAnchorMemo: Sendable {
  /// The bundle's path and the hex SHA-256 of its contents, once computed.
  private struct Entry {
    let path: String
    let anchor: String
  }

  private let entry = Lock<Entry?>(nil)

  package init() {}

  /// The anchor of the bundle at `path`: the one computed for it before in this run, else
  /// `compute()`'s (kept for next time).
  func anchor(for path: String, compute: () throws -> String) throws -> String {
    if let known = entry.withLock({ $0 }), known.path == path { return known.anchor }
    let anchor = try compute()
    entry.withLock { $0 = Entry(path: path, anchor: anchor) }
    return anchor
  }
}
