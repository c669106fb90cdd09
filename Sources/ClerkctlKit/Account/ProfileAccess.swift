import ClerkctlCore
import ClerkctlHTTP
import FoundationEssentials

/// What an OAuth or machine profile's account works with: the profile and its store, the HTTP
/// client and clock (values, so tests swap them), the timeouts, and the instance configuration
/// names. `OAuthAccount` and `MachineAccount` hold one and read its members as their own
/// (`ProfileAccessing`).
package struct ProfileAccess: Sendable {
  package let profile: String
  package let store: any CredentialStore
  package let http: HTTPClient
  package let clock: Clock
  /// Seconds per HTTP request.
  package var requestTimeout: Double = HTTPRequest.defaultTimeout
  /// Seconds to wait for another process holding the profile's lock.
  package var lockTimeout: Double = 30
  /// The instance configuration names, if any: a stored credential is used only when it was
  /// issued by (stored for) this origin.
  package var instance: InstanceOverride?

  package init(profile: String, store: any CredentialStore, http: HTTPClient, clock: Clock) {
    self.profile = profile
    self.store = store
    self.http = http
    self.clock = clock
  }

  /// Runs `body` holding the profile's lock, waiting `lockTimeout` for another process.
  package func withLock<T>(_ body: () throws -> T) throws -> T {
    try store.withLock(profile: profile, timeout: lockTimeout, body)
  }
}

/// An account built on a `ProfileAccess` (its metatype sendable: the token providers run it off
/// the caller's task): its members read (and the settable ones set) as the
/// account's own, `account.requestTimeout = 5`.
@dynamicMemberLookup
package protocol ProfileAccessing: SendableMetatype {
  var access: ProfileAccess { get set }
  init(_ access: ProfileAccess)
}

extension ProfileAccessing {
  /// The account of `profile` in `store`, its requests through `http`, timed by `clock`.
  package init(profile: String, store: any CredentialStore, http: HTTPClient, clock: Clock) {
    self.init(ProfileAccess(profile: profile, store: store, http: http, clock: clock))
  }

  package subscript<T>(dynamicMember member: WritableKeyPath<ProfileAccess, T>) -> T {
    get { access[keyPath: member] }
    set { access[keyPath: member] = newValue }
  }

  package subscript<T>(dynamicMember member: KeyPath<ProfileAccess, T>) -> T {
    access[keyPath: member]
  }
}
