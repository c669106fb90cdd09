import ClerkctlCore
import ClerkctlCrypto
import ClerkctlWire

/// A user's update, deletion, moderation, metadata and password check over the Backend API,
/// with Clerk's replies: the `User`, or `{object: "user", id, deleted: true}` for a deletion.
extension BackendAPIHandler {
  func serveUser(
    _ endpoint: UserEndpoint, _ context: RequestContext, body: JSONValue, store: inout Store,
    now: Int64
  ) throws(ClerkAPIFailure) -> JSONValue {
    let id = context.params["user_id"] ?? ""
    guard var user = store.users[id] else { throw .notFound("user", id: id) }
    switch endpoint {
    case .update:
      try update(&user, body, store: store)
      if let primary = body["primary_email_address_id"]?.stringValue,
        primary != user.emailAddressID
      {
        guard store.emailAddresses.contains(where: { $0.id == primary && $0.userID == id }) else {
          throw .paramInvalid(
            "primary_email_address_id", "primary_email_address_id is not one of the user's")
        }
        makePrimary(primary, of: &user, store: &store, now: now)
      }
    case .delete:
      store.deleteUser(id, now: now)
      return Store.deleted(id, "user")
    case .ban, .unban:
      user.banned = endpoint == .ban
      if user.banned { store.revokeSessions(ofUser: id, now: now) }
    case .lock, .unlock:
      user.locked = endpoint == .lock
      user.lockedUntil = user.locked ? now + UserRecord.lockoutDuration : nil
    case .updateMetadata:
      for (key, path) in [
        ("public_metadata", \UserRecord.publicMetadata),
        ("private_metadata", \UserRecord.privateMetadata),
        ("unsafe_metadata", \UserRecord.unsafeMetadata),
      ] {
        guard let value = body[key], value != .null else { continue }
        guard value.objectValue != nil else {
          throw .paramInvalid(key, "\(key) must be an object")
        }
        user[keyPath: path] = Self.merged(user[keyPath: path], value)
      }
    case .verifyPassword:
      guard let password = body["password"]?.stringValue else { throw .paramMissing("password") }
      guard let stored = user.password else {
        throw ClerkAPIFailure(
          status: 400, code: "no_password_set", message: "no password set",
          longMessage: "This user does not have a password set.")
      }
      guard ConstantTime.equals(password, stored) else {
        throw ClerkAPIFailure(
          status: 422, code: "incorrect_password",
          message: "Password is incorrect. Try again, or use another method.",
          longMessage: "Password is incorrect. Try again, or use another method.",
          paramName: "password")
      }
      return ["verified": true]
    }
    user.updatedAt = now
    store.users[id] = user
    return store.userJSON(user, backend: true, now: now)
  }

  /// `PATCH /v1/users/{id}`: names, username, password, metadata (replaced, not merged);
  /// `primary_email_address_id` (one of the user's addresses) is handled by the caller.
  private func update(
    _ user: inout UserRecord, _ body: JSONValue, store: Store
  ) throws(ClerkAPIFailure) {
    if let value = body["first_name"] { user.firstName = value.stringValue }
    if let value = body["last_name"] { user.lastName = value.stringValue }
    if let value = body["username"] {
      if let name = value.stringValue,
        let other = store.user(identifier: name), other.id != user.id
      {
        throw ClerkAPIFailure(
          status: 422, code: "form_identifier_exists",
          message: "That username is taken. Please try another.",
          longMessage: "That username is taken. Please try another.", paramName: "username")
      }
      user.username = value.stringValue
    }
    if let password = body["password"]?.stringValue {
      guard password.count >= 8 else {
        throw ClerkAPIFailure(
          status: 422, code: "form_password_length_too_short",
          message: "Passwords must be 8 characters or more.",
          longMessage: "Passwords must be 8 characters or more.", paramName: "password")
      }
      user.password = password
    }
    for (key, path) in [
      ("public_metadata", \UserRecord.publicMetadata),
      ("private_metadata", \UserRecord.privateMetadata),
      ("unsafe_metadata", \UserRecord.unsafeMetadata),
    ] {
      guard let value = body[key], value != .null else { continue }
      guard value.objectValue != nil else { throw .paramInvalid(key, "\(key) must be an object") }
      user[keyPath: path] = value
    }
  }

  /// Clerk's deep merge: objects merge key by key, a `null` removes the key, anything else
  /// replaces.
  static func merged(_ base: JSONValue, _ patch: JSONValue) -> JSONValue {
    guard var object = base.objectValue, let changes = patch.objectValue else { return patch }
    for (key, value) in changes {
      if value == .null {
        object[key] = nil
      } else if let old = object[key], old.objectValue != nil, value.objectValue != nil {
        object[key] = merged(old, value)
      } else {
        object[key] = value
      }
    }
    return .object(object)
  }
}

extension Store {
  /// Deletes a user: its memberships go, its live sessions are revoked.
  mutating func deleteUser(_ id: String, now: Int64) {
    revokeSessions(ofUser: id, now: now)
    users[id] = nil
    userOrder.removeAll { $0 == id }
    memberships.removeAll { $0.userID == id }
    emailAddresses.removeAll { $0.userID == id }
  }

  /// Revokes the user's active sessions (a ban, a deletion).
  mutating func revokeSessions(ofUser id: String, now: Int64) {
    for (sessionID, session) in sessions where session.userID == id && session.status == .active {
      sessions[sessionID]?.status = .revoked
      sessions[sessionID]?.updatedAt = now
    }
  }
}
