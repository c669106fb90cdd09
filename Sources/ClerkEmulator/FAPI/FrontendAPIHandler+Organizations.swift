import ClerkctlCore
import Foundation

/// The signed-in user's organizations over the Frontend API.
extension FrontendAPIHandler {
  /// `GET /v1/me/organization_memberships`: the user's memberships, newest first, paged by
  /// `limit` (1…500, default 10) and `offset` (≥ 0); with `paginated=true` Clerk's
  /// `{"data","total_count"}`, else a bare array.
  func organizationMemberships(
    _ query: FormData, user: UserRecord, store: Store
  ) throws(ClerkAPIFailure) -> JSONValue {
    let limit = try integer(query, "limit", default: 10, 1...500)
    let offset = try integer(query, "offset", default: 0, 0...Int.max)
    let all = store.memberships(ofUser: user.id)
    let page = JSONValue.array(
      all.dropFirst(offset).prefix(limit).map { store.membershipJSON($0) })
    guard let paginated = query["paginated"]?.lowercased(), paginated == "true" || paginated == "1"
    else { return page }
    return ["data": page, "total_count": .int(Int64(all.count))]
  }

  /// Applies a token request's `organization_id` to the session: absent keeps its active
  /// organization, empty makes the personal account active, an id the user is a member of
  /// becomes active (saved on the session, as Clerk does).
  func requestOrganization(
    _ requested: String?, session: inout SessionRecord, store: inout Store, now: Int64
  ) throws(ClerkAPIFailure) {
    guard let requested else { return }
    let organization = try store.requestedOrganization(requested, for: session, bySlug: false)
    guard organization != session.lastActiveOrganizationID else { return }
    session.lastActiveOrganizationID = organization
    session.updatedAt = now
    store.sessions[session.id] = session
  }

  private func integer(
    _ query: FormData, _ name: String, default value: Int, _ range: ClosedRange<Int>
  ) throws(ClerkAPIFailure) -> Int {
    guard let text = query[name] else { return value }
    guard let number = Int(text), range.contains(number) else {
      throw .paramInvalid(
        name,
        range.upperBound == Int.max
          ? "\(name) must be an integer greater than or equal to \(range.lowerBound)"
          : "\(name) must be an integer between \(range.lowerBound) and \(range.upperBound)")
    }
    return number
  }
}
