import ClerkctlCore

extension Doctor {
  /// `category`: the class Clerk stamps in the token's `cat` header, and whether the backend
  /// takes it. Clerk's backend SDKs (`authenticateRequest` in `@clerk/backend`, the Python and
  /// Go SDKs) refuse a template token where they expect a session token when it carries its
  /// category (`token-type-mismatch`); Convex checks `iss`, `aud` and the signature, not `cat`.
  /// So a template token is a pass for the Convex audience and a warning for any other.
  func categoryCheck(header: JSONValue) -> DoctorCheck {
    let name = "category"
    let words = ClerkTokenCategory.describe(header: header)
    switch ClerkTokenCategory(header: header) {
    case .template?:
      let detail = "template token (cat \(ClerkTokenCategory.template.cat))"
      guard audience != "convex" else {
        return .pass(
          name,
          detail + "; Convex checks iss, aud and the signature, not the category (Clerk's "
            + "backend SDKs would refuse it as a session token)")
      }
      return .warn(
        name,
        detail + "; a backend on Clerk's SDKs (authenticateRequest) refuses it where it "
          + "expects a session token (token-type-mismatch); only a backend that verifies it "
          + "with the instance's JWKS and aud '\(audience)' accepts it",
        fix: "send a backend that expects session tokens 'clerkctl token' without --template; "
          + "keep --template \(template) for one that checks aud '\(audience)'")
    case let other?:
      return .fail(
        name, "template '\(template)' gave a token marked \(other.words), not template",
        fix: "check that '\(template)' is a JWT template of this instance", code: .jwtInvalid)
    case nil:
      return .pass(name, words + "; Clerk's SDKs do not check the class of such a token")
    }
  }
}
