import ClerkctlCore
import ClerkctlKit

extension Doctor {
  /// The claims a token carries about the organization: the session token's `o`, and a
  /// template's claims named `org…` (`org_id`, `org_role`, … from `{{org.*}}` shortcodes).
  static func organizationClaims(_ claims: JSONValue) -> [(name: String, value: JSONValue)] {
    (claims.objectValue ?? [:])
      .filter { name, _ in name == "o" || name.hasPrefix("org") }
      .sorted { $0.key < $1.key }
      .map { (name: $0.key, value: $0.value) }
  }

  /// `organization`: the organization claims the template promises are filled in for the
  /// session's active organization. `nil` (no line) when the token promises none and no
  /// organization is active.
  func organizationCheck(
    _ claims: JSONValue, active: ActiveOrganization, profile: String
  ) -> DoctorCheck? {
    let name = "organization"
    let promised = Self.organizationClaims(claims)
    let flag = profile == ProfileName.defaultName ? "" : " --profile \(profile)"
    guard !promised.isEmpty else {
      guard let id = active.id else { return nil }
      return .skip(name, "organization \(id) is active; template '\(template)' has no org claims")
    }
    let names = promised.map(\.name).joined(separator: ", ")
    let empty = promised.filter { $0.value.isNull }.map(\.name)
    guard let id = active.id else {
      return .fail(
        name,
        "no organization is active, so \(empty.isEmpty ? names : empty.joined(separator: ", ")) "
          + (empty.count == 1 ? "is" : "are") + " null in template '\(template)'",
        fix: "choose one with 'clerkctl org use SLUG\(flag)' ('clerkctl org list\(flag)' "
          + "shows yours)", code: .jwtInvalid)
    }
    guard empty.isEmpty else {
      return .fail(
        name,
        "organization \(id) is active but \(empty.joined(separator: ", ")) "
          + (empty.count == 1 ? "is" : "are") + " null in template '\(template)'",
        fix: "use {{org.id}}, {{org.slug}}, {{org.name}} or {{org.role}} in the claims of JWT "
          + "template '\(template)' (Clerk dashboard, Configure → JWT templates)",
        code: .jwtInvalid)
    }
    let carried = promised.contains { _, value in
      value.stringValue == id || value["id"]?.stringValue == id
    }
    let hasID = promised.contains { claim, _ in claim == "o" || claim == "org_id" }
    guard carried || !hasID else {
      return .fail(
        name,
        "the token names another organization than the active \(id) (\(names))",
        fix: "run 'clerkctl org use \(id)\(flag)' again", code: .jwtInvalid)
    }
    return .pass(name, "\(names) carry the active organization \(id)")
  }
}
