import ClerkctlCore

/// Clerk's JWT category, stamped in the protected header as `cat` on every JWT Clerk signs with
/// an instance key, so that a verifier can tell the classes apart (`@clerk/backend`
/// `tokens/jwtCategories.ts`, "kept in sync with clerk_go (pkg/jwt/jwt.go)"). Clerk's JS SDK
/// rejects a template or M2M token where a session token is expected, and an M2M JWT whose
/// category is another one.
enum JWTCategory: String, Sendable, CaseIterable {
  case session = "cl_B7d4PD111AAA"
  case template = "cl_B7d4PD222AAA"
  case m2m = "cl_B7d4PD333AAA"

  /// The header members the signer adds: `{"cat": …}`.
  var header: [String: JSONValue] { ["cat": .string(rawValue)] }
}
