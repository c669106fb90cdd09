import ClerkctlCore
import ClerkctlKeyring
import Glibc

/// A profile whose secret lives in the OS keyring: its file is the same versioned document
/// with the secret's member emptied, `"store": "keyring"`, and the keyring item's attributes
/// under `"keyring"`. The token cache, identity and lock stay in the file; only the long-lived
/// secret moves.
extension ProfileStore {
  /// Where the secret of `profile` is kept, from its file; `nil` when it has none (or the file
  /// cannot be read).
  package func secretLocation(profile: String) -> SecretLocation? {
    guard let document = try? storedDocument(profile: profile) else { return nil }
    return Self.location(of: document)
  }

  /// Asks the keyring whether it answers when a sign-in of `profile` would keep its secret
  /// there (the requested location, else the one the profile's file names).
  ///
  /// - Throws: `CredentialStoreError.keyring` naming what is missing.
  package func checkCanStore(profile: String) throws(CredentialStoreError) {
    guard (requestedLocation ?? secretLocation(profile: profile) ?? .file) == .keyring else {
      return
    }
    do throws(KeyringError) {
      try keyring.probe()
    } catch {
      throw .keyring(error)
    }
  }

  /// The location a document names.
  static func location(of document: JSONValue) -> SecretLocation {
    document["store"]?.stringValue == SecretLocation.keyring.rawValue ? .keyring : .file
  }

  /// The item a keyring document names, or `nil` when it names none.
  static func keyringItem(of document: JSONValue) -> KeyringItem? {
    guard let item = document["keyring"] else { return nil }
    guard let profile = item["profile"]?.stringValue, let instance = item["instance"]?.stringValue,
      let kind = item["kind"]?.stringValue, let directory = item["directory"]?.stringValue
    else { return nil }
    return KeyringItem(profile: profile, instance: instance, kind: kind, directory: directory)
  }

  /// The item `credential`'s secret is kept as, in this store's directory.
  func keyringItem(for credential: ProfileCredential) -> KeyringItem {
    let instance =
      credential.kind == .machine ? credential.machine?.apiURL ?? "" : credential.fapiURL
    return KeyringItem(
      profile: credential.profile, instance: instance, kind: credential.kind.rawValue,
      directory: directory.path)
  }

  /// The document read from `bytes` with its secret put back from the keyring when it keeps it
  /// there; unchanged when it keeps it in the file.
  ///
  /// - Throws: `CredentialStoreError.keyring` when the keyring cannot be asked,
  ///   `.keyringItemMissing` when it holds no secret for the profile, `.corrupt` when the file
  ///   names no item.
  func resolvingKeyring(_ bytes: [UInt8], path: String) throws(CredentialStoreError) -> [UInt8] {
    // Most files keep their secret: they never spell "keyring", and are parsed once only.
    guard Self.mentionsKeyring(bytes), let document = try? JSONValue(parsing: bytes),
      Self.location(of: document) == .keyring
    else { return bytes }
    guard let item = Self.keyringItem(of: document) else {
      throw .corrupt(path: path, reason: "it keeps its secret in the OS keyring but names no item")
    }
    let secret: String?
    do throws(KeyringError) {
      secret = try keyring.lookup(item)
    } catch {
      throw .keyring(error)
    }
    guard let secret, !secret.isEmpty else { throw .keyringItemMissing(path: path) }
    return Array(Self.settingSecret(secret, in: document).prettyEncoded.utf8)
  }

  /// Whether `bytes` contain `"keyring"` (quotes included), as a keyring document does.
  static func mentionsKeyring(_ bytes: [UInt8]) -> Bool {
    let needle = Array("\"keyring\"".utf8)
    guard bytes.count >= needle.count else { return false }
    var index = 0
    let last = bytes.count - needle.count
    while index <= last {
      if bytes[index] == 0x22, bytes[index + 1] == 0x6B,
        Array(bytes[index..<index + needle.count]) == needle
      {
        return true
      }
      index += 1
    }
    return false
  }

  /// The bytes to write for `credential`: its document as is when the secret stays in the
  /// file, else with the secret stored in the keyring and emptied here. The location is the
  /// requested one, else the one the profile's file names, else the file. An item the profile
  /// kept in the keyring before is deleted first when another one replaces it, and returned
  /// as `stale` (to delete once the file is written) when the secret moves to the file.
  func fileBytes(
    for credential: ProfileCredential
  ) throws(CredentialStoreError) -> (bytes: [UInt8], stale: KeyringItem?) {
    let previous = try? storedDocument(profile: credential.profile)
    let previousItem = previous.flatMap { document in
      Self.location(of: document) == .keyring ? Self.keyringItem(of: document) : nil
    }
    let location = requestedLocation ?? previous.map(Self.location(of:)) ?? .file
    var document = credential.jsonValue
    do throws(KeyringError) {
      switch location {
      case .file:
        return (Self.bytes(document), previousItem)
      case .keyring:
        let item = keyringItem(for: credential)
        if let previousItem, previousItem != item {
          try keyring.clear(profile: previousItem.profile, directory: previousItem.directory)
        }
        try keyring.store(Self.secret(of: credential), for: item)
        document = Self.settingSecret("", in: document)
        document = Self.setting("store", to: .string(SecretLocation.keyring.rawValue), in: document)
        document = Self.setting(
          "keyring",
          to: [
            "profile": .string(item.profile), "instance": .string(item.instance),
            "kind": .string(item.kind), "directory": .string(item.directory),
          ], in: document)
      }
    } catch {
      throw .keyring(error)
    }
    return (Self.bytes(document), nil)
  }

  /// Deletes the keyring item of `profile` when its file says it keeps one.
  ///
  /// - Throws: `CredentialStoreError.keyring` when the keyring cannot be asked (the file is
  ///   then kept, so a later attempt still knows the item).
  func removeKeyringItem(profile: String) throws(CredentialStoreError) {
    guard let document = try? storedDocument(profile: profile),
      Self.location(of: document) == .keyring
    else { return }
    let item = Self.keyringItem(of: document)
    do throws(KeyringError) {
      try keyring.clear(
        profile: item?.profile ?? profile, directory: item?.directory ?? directory.path)
    } catch {
      throw .keyring(error)
    }
  }

  /// The profile's file as JSON, unchecked beyond being a regular file of this user's that
  /// only they can read (`nil` when there is none).
  private func storedDocument(profile: String) throws -> JSONValue? {
    guard ProfileName.isValid(profile), try checkDirectories() else { return nil }
    let path = directory.credentialPath(profile: profile)
    guard
      let file = try FileDescriptor.open(
        path, flags: O_RDONLY | O_NOFOLLOW | O_NONBLOCK, missingIsNil: true)
    else { return nil }
    let info = try file.status()
    guard info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid() else { return nil }
    try file.clearNonBlocking()
    return try JSONValue(parsing: try file.readAll(limit: Self.maxFileSize))
  }

  /// The long-lived secret of `credential`, by kind.
  static func secret(of credential: ProfileCredential) -> String {
    switch credential.kind {
    case .user: credential.clientToken
    case .oauth: credential.oauth?.refreshToken ?? ""
    case .machine: credential.machine?.secretKey ?? ""
    case .apiKey: credential.apiKey?.key ?? ""
    }
  }

  /// `document` with its kind's secret member set to `secret`.
  static func settingSecret(_ secret: String, in document: JSONValue) -> JSONValue {
    let kind = document["kind"]?.stringValue.flatMap(ProfileKind.init(rawValue:)) ?? .user
    switch kind {
    case .user:
      return setting("client_token", to: .string(secret), in: document)
    case .machine, .apiKey, .oauth:
      let member = kind == .machine ? "machine" : kind == .oauth ? "oauth" : "api_key"
      let field = kind == .machine ? "secret_key" : kind == .oauth ? "refresh_token" : "key"
      guard let nested = document[member] else { return document }
      return setting(member, to: setting(field, to: .string(secret), in: nested), in: document)
    }
  }

  private static func setting(
    _ key: String, to value: JSONValue, in document: JSONValue
  )
    -> JSONValue
  {
    guard var members = document.objectValue else { return document }
    members[key] = value
    return .object(members)
  }

  private static func bytes(_ document: JSONValue) -> [UInt8] {
    Array((document.prettyEncoded + "\n").utf8)
  }
}
