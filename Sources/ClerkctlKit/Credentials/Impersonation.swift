import ClerkctlCore

/// A user sign-in made with an actor token (impersonation): who acts (the session's
/// tokens carry it as `act.sub`) and the actor token's id, to revoke it while still pending.
package struct Impersonation: Sendable, Equatable {
  /// The actor's id (`act.sub`).
  package var actor: String
  /// The actor token (`act_…`).
  package var actorTokenID: String?

  package init(actor: String, actorTokenID: String? = nil) {
    self.actor = actor
    self.actorTokenID = actorTokenID
  }

  /// `{"actor", "actor_token_id"}`, stored under the credential's `"impersonation"`.
  package var jsonValue: JSONValue {
    ["actor": .string(actor), "actor_token_id": actorTokenID.map(JSONValue.string) ?? .null]
  }

  /// Reads the `"impersonation"` member; `nil` without an actor.
  package init?(json: JSONValue) {
    guard let actor = json["actor"]?.stringValue, !actor.isEmpty else { return nil }
    self.init(actor: actor, actorTokenID: json["actor_token_id"]?.stringValue)
  }
}
