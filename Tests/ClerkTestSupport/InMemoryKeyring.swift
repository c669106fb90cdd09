import ClerkctlCore
import ClerkctlKeyring

/// A keyring in memory for tests: items by their attributes, every call counted, and a failure
/// to answer with when set.
package final class InMemoryKeyring: SecretKeyring, @unchecked Sendable {
  private struct State {
    var items: [KeyringItem: String] = [:]
    var stores = 0
    var lookups = 0
    var clears = 0
    var failure: KeyringError?
  }

  private let state = Lock(State())

  package init() {}

  /// The items stored now.
  package var items: [KeyringItem: String] { state.withLock { $0.items } }
  /// How many times `store`, `lookup` and `clear` were called.
  package var calls: (stores: Int, lookups: Int, clears: Int) {
    state.withLock { ($0.stores, $0.lookups, $0.clears) }
  }

  /// Makes every later call throw `failure` (`nil`: answer again).
  package func fail(with failure: KeyringError?) {
    state.withLock { $0.failure = failure }
  }

  package func store(_ secret: String, for item: KeyringItem) throws(KeyringError) {
    try state.withLock { (state) throws(KeyringError) in
      state.stores += 1
      if let failure = state.failure { throw failure }
      state.items[item] = secret
    }
  }

  package func lookup(_ item: KeyringItem) throws(KeyringError) -> String? {
    try state.withLock { (state) throws(KeyringError) -> String? in
      state.lookups += 1
      if let failure = state.failure { throw failure }
      return state.items[item]
    }
  }

  package func clear(profile: String, directory: String) throws(KeyringError) -> Bool {
    try state.withLock { (state) throws(KeyringError) -> Bool in
      state.clears += 1
      if let failure = state.failure { throw failure }
      let before = state.items.count
      state.items = state.items.filter {
        $0.key.profile != profile || $0.key.directory != directory
      }
      return state.items.count != before
    }
  }

  package func probe() throws(KeyringError) {
    try state.withLock { (state) throws(KeyringError) in
      if let failure = state.failure { throw failure }
    }
  }
}
