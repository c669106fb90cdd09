internal import CSecret
import ClerkctlCore

/// The OS keyring: the freedesktop Secret Service (GNOME Keyring, KeePassXC, KWallet's
/// service) on the D-Bus session bus, reached through libsecret's password API, opened with
/// `dlopen` on first use (``SecretLibrary``).
///
/// Items are stored in the default collection under the clerkctl schema
/// (``SecretSchemaHandle``). Calls are serialized; a secret this process looked up or stored
/// is remembered, so storing it again unchanged (a token cache update) sends nothing.
package final class SecretServiceKeyring: SecretKeyring, @unchecked Sendable {
  /// The process's keyring.
  package static let shared = SecretServiceKeyring()

  /// What this process read from or wrote to the keyring, by item.
  private let known = Lock(KnownSecrets())

  private init() {}

  package func store(_ secret: String, for item: KeyringItem) throws(KeyringError) {
    try known.withLock { (known) throws(KeyringError) in
      if known[item] == secret { return }
      let library = try Self.library()
      var error: UnsafeMutablePointer<csecret_error>?
      let attributes = SecretAttributeList(item)
      _ = attributes.withList { list in
        csecret_store(
          library.store, SecretSchemaHandle.shared.pointer, item.label, secret, list, &error)
      }
      if let error { throw Self.classify(library.take(error), operation: "store") }
      known[item] = secret
    }
  }

  package func lookup(_ item: KeyringItem) throws(KeyringError) -> String? {
    try known.withLock { (known) throws(KeyringError) -> String? in
      let library = try Self.library()
      var error: UnsafeMutablePointer<csecret_error>?
      let attributes = SecretAttributeList(item)
      let found = attributes.withList { list in
        csecret_lookup(library.lookup, SecretSchemaHandle.shared.pointer, list, &error)
      }
      if let error { throw Self.classify(library.take(error), operation: "look up") }
      guard let found else {
        known[item] = nil
        return nil
      }
      defer { library.passwordFree(found) }
      let secret = String(cString: found)
      known[item] = secret
      return secret
    }
  }

  @discardableResult
  package func clear(profile: String, directory: String) throws(KeyringError) -> Bool {
    try known.withLock { (known) throws(KeyringError) -> Bool in
      let library = try Self.library()
      var error: UnsafeMutablePointer<csecret_error>?
      let attributes = SecretAttributeList([("profile", profile), ("directory", directory)])
      let removed = attributes.withList { list in
        csecret_clear(library.clear, SecretSchemaHandle.shared.pointer, list, &error)
      }
      if let error { throw Self.classify(library.take(error), operation: "delete") }
      known.removeAll { $0.profile == profile && $0.directory == directory }
      return removed != 0
    }
  }

  package func probe() throws(KeyringError) {
    let probe = KeyringItem(profile: "", instance: "", kind: "", directory: "")
    _ = try lookup(probe)
  }

  /// The library, once the session bus was found.
  private static func library() throws(KeyringError) -> SecretLibrary {
    if let problem = SessionBus.problem(environment: SessionBus.processEnvironment()) {
      throw .noSessionBus(detail: problem)
    }
    return try SecretLibrary.shared.get()
  }

  /// Sorts a GLib error: nothing owning the Secret Service's name, no bus to connect to, or a
  /// failure of the call.
  static func classify(
    _ error: (domain: String, code: Int32, message: String), operation: String
  ) -> KeyringError {
    // GDBusError: 2 SERVICE_UNKNOWN, 3 NAME_HAS_NO_OWNER; 11 NO_SERVER, 6 BAD_ADDRESS.
    if error.domain == "g-dbus-error-quark" {
      switch error.code {
      case 2, 3: return .noProvider(detail: error.message)
      case 6, 11: return .noSessionBus(detail: error.message)
      default: break
      }
    }
    if error.message.hasPrefix("Could not connect") || error.message.contains("autolaunch") {
      return .noSessionBus(detail: error.message)
    }
    return .failed(operation: operation, message: error.message)
  }
}

/// What the keyring holds for this process, by item: a few items, so a list. A
/// `Dictionary<KeyringItem, String>` here cost every start (the keyring is made with the
/// process's context, used or not) a scan of the binary's protocol conformances for its
/// metadata, about 0.2 M instructions on a token cache hit.
private struct KnownSecrets {
  private var entries: [(item: KeyringItem, secret: String)] = []

  subscript(item: KeyringItem) -> String? {
    get { entries.first { $0.item == item }?.secret }
    set {
      entries.removeAll { $0.item == item }
      if let newValue { entries.append((item, newValue)) }
    }
  }

  mutating func removeAll(where predicate: (KeyringItem) -> Bool) {
    entries.removeAll { predicate($0.item) }
  }
}
