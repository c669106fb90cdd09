/// Where a `ClerkAuthProvider` stands, as Convex's `AuthState` has it.
public enum AuthState<T>: Sendable where T: Sendable {
  /// A login, a cached login or a logout is running.
  case loading
  /// Signed in, with the newest credentials.
  case authenticated(T)
  /// Not signed in (the start, after a logout, or once the session ended).
  case unauthenticated
}

extension AuthState: Equatable where T: Equatable {}
