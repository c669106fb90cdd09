import ClerkctlCore
import Foundation

/// Machines in the data set and in a `--config` file.
extension EmulatorConfiguration {
  /// A machine to create at start, with a fixed id and secret key when given (so that a test or
  /// a CI job can hold its `CLERK_MACHINE_SECRET_KEY` before the emulator runs).
  package struct Machine: Sendable, Equatable {
    package var name: String
    /// `mch_` and 27 letters or digits; a random one when nil.
    package var id: String?
    /// `ak_…`; a random one when nil.
    package var secretKey: String?
    /// The machines it may call, by name or id (machines of this file).
    package var scopedMachines: [String]
    /// Seconds (Clerk's default: 3600).
    package var defaultTokenTTL: Int64

    package init(
      name: String, id: String? = nil, secretKey: String? = nil, scopedMachines: [String] = [],
      defaultTokenTTL: Int64 = 3600
    ) {
      self.name = name
      self.id = id
      self.secretKey = secretKey
      self.scopedMachines = scopedMachines
      self.defaultTokenTTL = defaultTokenTTL
    }
  }

  /// Whether `id` has the shape of Clerk's machine ids: `mch_` and 27 word characters.
  static func isValidMachineID(_ id: String) -> Bool {
    guard id.hasPrefix("mch_") else { return false }
    let rest = id.dropFirst(4)
    return rest.count == 27
      && rest.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
          || $0 == "_"
      }
  }

  /// Reads `machines`: `[{"name", "id", "secret_key", "scoped_machines": [NAME or ID],
  /// "default_token_ttl"}]`. Names, ids and secrets are unique; a secret key starts with `ak_`
  /// and has at least 16 more characters; scopes name machines of the same list.
  mutating func readMachines(_ root: JSONValue) throws(EmulatorConfigurationError) {
    var machines: [Machine] = []
    let items = try Self.list(root, "machines")
    for (index, item) in items.enumerated() {
      let key = "machines[\(index)]"
      guard let name = item["name"]?.stringValue, !name.isEmpty, name.count <= 255 else {
        throw .invalid("\(key).name must be a string of 1 to 255 characters")
      }
      guard !machines.contains(where: { $0.name == name }) else {
        throw .invalid("\(key).name \(name) is used twice")
      }
      var machine = Machine(name: name)
      if let value = item["id"], !value.isNull {
        guard let id = value.stringValue, Self.isValidMachineID(id) else {
          throw .invalid("\(key).id must be mch_ followed by 27 letters or digits")
        }
        guard !machines.contains(where: { $0.id == id }) else {
          throw .invalid("\(key).id \(id) is used twice")
        }
        machine.id = id
      }
      if let value = item["secret_key"], !value.isNull {
        guard let secret = value.stringValue, secret.hasPrefix("ak_"), secret.count >= 19,
          secret.allSatisfy({ $0.isASCII && !$0.isWhitespace })
        else {
          throw .invalid("\(key).secret_key must be ak_ followed by at least 16 characters")
        }
        guard !machines.contains(where: { $0.secretKey == secret }) else {
          throw .invalid("\(key).secret_key is used twice")
        }
        machine.secretKey = secret
      }
      if let value = item["default_token_ttl"], !value.isNull {
        guard let ttl = value.intValue, (1...315_360_000).contains(ttl) else {
          throw .invalid("\(key).default_token_ttl must be 1…315360000 seconds")
        }
        machine.defaultTokenTTL = ttl
      }
      if let value = item["scoped_machines"], !value.isNull {
        guard let scopes = value.arrayValue?.compactMap(\.stringValue),
          scopes.count == value.arrayValue?.count, scopes.count <= 150
        else {
          throw .invalid("\(key).scoped_machines must be an array of at most 150 strings")
        }
        machine.scopedMachines = scopes
      }
      machines.append(machine)
    }
    for (index, machine) in machines.enumerated() {
      for scope in machine.scopedMachines
      where !machines.contains(where: { $0.name == scope || $0.id == scope }) {
        throw .invalid(
          "machines[\(index)].scoped_machines: \(scope) is not the name or id of a machine")
      }
    }
    self.machines = machines
  }
}
