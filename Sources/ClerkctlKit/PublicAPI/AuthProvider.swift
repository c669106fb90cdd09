/// The shape of Convex's Swift `AuthProvider`: what a Convex client on Linux drives to sign in,
/// restore a sign-in, sign out and get the JWT to send. `ClerkAuthProvider` conforms (with
/// `T == ClerkCredentials`).
///
/// The four methods are Convex's up to 0.7 (what Clerk's Convex bridges implement); the two
/// `onIdToken` methods are Convex's 0.8 additions, given defaults here that hand over the
/// token once (`ClerkAuthProvider` keeps calling `onIdToken` with fresh tokens).
public protocol AuthProvider<T> {
  /// What a successful login gives.
  associatedtype T

  /// Signs in: at once when a session exists, else when one appears (the provider decides how
  /// long it waits).
  func login() async throws -> T
  /// The existing session, without waiting; throws when there is none.
  func loginFromCache() async throws -> T
  /// Ends the session.
  func logout() async throws
  /// The JWT to send as `Authorization: Bearer …`.
  func extractIdToken(from authResult: T) -> String

  /// `login()`, also handing each fresh token (and `nil` when the session ends) to
  /// `onIdToken`.
  func login(onIdToken: @Sendable @escaping (String?) -> Void) async throws -> T
  /// `loginFromCache()`, also handing each fresh token (and `nil` when the session ends) to
  /// `onIdToken`.
  func loginFromCache(onIdToken: @Sendable @escaping (String?) -> Void) async throws -> T
}

extension AuthProvider {
  /// `login()`, then the token to `onIdToken` once.
  public func login(onIdToken: @Sendable @escaping (String?) -> Void) async throws -> T {
    let result = try await login()
    onIdToken(extractIdToken(from: result))
    return result
  }

  /// `loginFromCache()`, then the token to `onIdToken` once.
  public func loginFromCache(onIdToken: @Sendable @escaping (String?) -> Void) async throws -> T {
    let result = try await loginFromCache()
    onIdToken(extractIdToken(from: result))
    return result
  }
}

extension ClerkAuthProvider: AuthProvider {}
