import ClerkctlCore
import ClerkctlCurl
import ClerkctlHTTP
import FoundationEssentials

/// What `ClerkOAuthTokenProvider` and `ClerkMachineTokenProvider` share: the profile they were
/// given (its store, or why it cannot be had), the HTTP client and clock their accounts are
/// built with, and running an account's blocking work off the caller's task, its errors in
/// `ClerkAuthError`'s terms.
struct ProfileAccountRunner: Sendable {
  /// The profile's store, or why the store could not be opened (thrown at first use).
  private let backing: Result<(profile: String, store: any CredentialStore), ClerkAuthError>
  let http: HTTPClient
  let clock: Clock

  /// libcurl with `userAgent` Clerk sees, opened on the first request (the providers' default).
  static func curl(userAgent: String) -> HTTPClient {
    .lazy { .curl(CurlConfiguration(userAgent: userAgent)) }
  }

  init(store: ClerkCredentialStore, http: HTTPClient, clock: Clock) {
    self.http = http
    self.clock = clock
    backing = store.backing.map { (profile: store.profile, store: $0) }
      .mapError { ClerkAuthError($0, during: .store) }
  }

  /// Runs `body` on the profile's account off the caller's task. An error `translate` knows
  /// (the account's own kind) is thrown as it says; any other is mapped for `login` (sign-in)
  /// or else for a token.
  func run<Account: ProfileAccessing, T: Sendable>(
    _ account: @escaping @Sendable (ProfileAccess) -> Account, login: Bool,
    translate: @escaping @Sendable (any Error) -> ClerkAuthError?,
    _ body: @escaping @Sendable (Account) throws -> T
  ) async throws -> T {
    do {
      return try await ClerkAuthProvider.offload { [self] in
        let (profile, store) = try backing.get()
        return try body(
          account(ProfileAccess(profile: profile, store: store, http: http, clock: clock)))
      }
    } catch {
      throw translate(error) ?? ClerkAuthError(error, during: login ? .signIn : .token)
    }
  }
}
