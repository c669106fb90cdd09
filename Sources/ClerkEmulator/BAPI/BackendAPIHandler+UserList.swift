import ClerkctlCore
import Foundation

/// `GET /v1/users`: newest first, each filter a list whose values any user may match —
/// `email_address` (any of the user's addresses, any case), `phone_number`, `username`,
/// `user_id`, `organization_id` (members of) — and `query` (part of the id, an address, the
/// username, a name or the phone number), `banned`; `order_by` `created_at`, `updated_at`,
/// `last_sign_in_at`, `email_address`, `username`, `first_name`, `last_name` or
/// `phone_number`, `-` for descending (default `-created_at`); `limit`, `offset`.
///
/// `GET /v1/users/count`: `{"object": "total_count", "total_count": N}` for the same filters.
extension BackendAPIHandler {
  func listUsers(_ query: FormData, store: Store, now: Int64) throws(ClerkAPIFailure) -> JSONValue {
    let (limit, offset) = try page(query)
    var users = matchingUsers(query, store: store)
    if let order = query.nonEmpty("order_by") {
      users = try Self.ordered(users, by: order)
    }
    return .array(
      users.dropFirst(offset).prefix(limit).map { store.userJSON($0, backend: true, now: now) })
  }

  /// How many users match the filters of `GET /v1/users` (paging and order aside).
  func countUsers(_ query: FormData, store: Store) -> JSONValue {
    [
      "object": "total_count",
      "total_count": .int(Int64(matchingUsers(query, store: store).count)),
    ]
  }

  /// The users the filters in `query` select, newest first.
  private func matchingUsers(_ query: FormData, store: Store) -> [UserRecord] {
    func values(_ name: String) -> Set<String> {
      Set((query.values(name) + query.values(name + "[]")).filter { !$0.isEmpty })
    }
    let emails = Set(values("email_address").map { $0.lowercased() })
    let phones = Set(values("phone_number").map { UserRecord.normalizedPhone($0) ?? $0 })
    let usernames = Set(values("username").map { $0.lowercased() })
    let ids = values("user_id")
    let organizations = values("organization_id")
    let search = query.nonEmpty("query")?.lowercased()
    let banned = query.nonEmpty("banned").map { $0.lowercased() == "true" }
    return store.userOrder.reversed().compactMap { store.users[$0] }.filter { user in
      let addresses = store.emailAddresses(of: user).map { $0.emailAddress.lowercased() }
      let texts =
        [
          user.id.lowercased(), user.username?.lowercased(), user.firstName?.lowercased(),
          user.lastName?.lowercased(), user.phoneNumber,
        ].compactMap { $0 } + addresses
      return (emails.isEmpty || addresses.contains(where: emails.contains))
        && (phones.isEmpty || user.phoneNumber.map(phones.contains) == true)
        && (usernames.isEmpty || user.username.map { usernames.contains($0.lowercased()) } == true)
        && (ids.isEmpty || ids.contains(user.id))
        && (organizations.isEmpty
          || organizations.contains { store.membership(userID: user.id, organizationID: $0) != nil })
        && (search == nil || texts.contains { $0.contains(search ?? "") })
        && (banned == nil || user.banned == banned)
    }
  }

  /// Sorts users by `order`, keeping the newest first among equals.
  private static func ordered(
    _ users: [UserRecord], by order: String
  ) throws(ClerkAPIFailure) -> [UserRecord] {
    let descending = order.hasPrefix("-")
    let field = order.hasPrefix("-") || order.hasPrefix("+") ? String(order.dropFirst()) : order
    func time(_ value: Int64?) -> String { String(format: "%020lld", value ?? 0) }
    let key: (UserRecord) -> String
    switch field {
    case "created_at": key = { time($0.createdAt) }
    case "updated_at": key = { time($0.updatedAt) }
    case "last_sign_in_at": key = { time($0.lastSignInAt) }
    case "email_address": key = { $0.emailAddress?.lowercased() ?? "" }
    case "username": key = { $0.username?.lowercased() ?? "" }
    case "first_name": key = { $0.firstName?.lowercased() ?? "" }
    case "last_name": key = { $0.lastName?.lowercased() ?? "" }
    case "phone_number": key = { $0.phoneNumber ?? "" }
    default:
      throw ClerkAPIFailure(
        status: 422, code: "form_param_value_invalid", message: "is invalid",
        longMessage:
          "\(order) does not match the allowed values for parameter order_by. Allowed values: "
          + "created_at, updated_at, last_sign_in_at, email_address, username, first_name, "
          + "last_name, phone_number",
        paramName: "order_by")
    }
    return users.enumerated().sorted { lhs, rhs in
      let (left, right) = (key(lhs.element), key(rhs.element))
      if left != right { return descending ? left > right : left < right }
      return lhs.offset < rhs.offset
    }.map(\.element)
  }
}
