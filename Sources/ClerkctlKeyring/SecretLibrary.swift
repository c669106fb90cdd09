internal import CSecret
import ClerkctlCore

/// libsecret, opened the first time a secret is kept in or read from the OS keyring, and the
/// entry points of its "simple" password API, resolved once.
///
/// clerkctl does not link libsecret: a profile that keeps its secret in its file never maps it
/// (nor GLib, GIO and libgcrypt, which it pulls in). Every call goes through the function
/// pointers here; their types are declared in `CSecret/shim.h`. The one shared instance lives
/// as long as the process, as libsecret's connection to the session bus does.
final class SecretLibrary: @unchecked Sendable {
  /// The soname of Debian's `libsecret-1-0` package.
  static let soname = "libsecret-1.so.0"

  /// The library, or why it could not be loaded. Loaded on first use, once.
  static let shared: Result<SecretLibrary, KeyringError> = DynamicLibrary.load(
    soname, bind: SecretLibrary.init
  ) { error in
    KeyringError.noLibrary(detail: error.reason)
  }

  private let library: DynamicLibrary
  /// `secret_password_store_sync`, variadic: called through `csecret_store`.
  let store: UnsafeMutableRawPointer
  /// `secret_password_lookup_sync`, variadic: called through `csecret_lookup`.
  let lookup: UnsafeMutableRawPointer
  /// `secret_password_clear_sync`, variadic: called through `csecret_clear`.
  let clear: UnsafeMutableRawPointer
  let passwordFree: csecret_password_free_fn
  let errorFree: csecret_error_free_fn
  let quarkToString: csecret_quark_to_string_fn

  /// Resolves every entry point in `library` (GLib's through libsecret's dependencies), or
  /// throws naming the one missing.
  private init(_ library: DynamicLibrary) throws(DynamicLibrary.LoadError) {
    self.library = library
    store = try library.function("secret_password_store_sync")
    lookup = try library.function("secret_password_lookup_sync")
    clear = try library.function("secret_password_clear_sync")
    passwordFree = try library.function("secret_password_free")
    errorFree = try library.function("g_error_free")
    quarkToString = try library.function("g_quark_to_string")
  }

  /// Takes the error a call set: its domain, code and message, and frees it.
  func take(
    _ error: UnsafeMutablePointer<csecret_error>
  ) -> (
    domain: String, code: Int32, message: String
  ) {
    defer { errorFree(error) }
    let domain = quarkToString(error.pointee.domain).map { String(cString: $0) } ?? ""
    let message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
    return (domain, error.pointee.code, message)
  }
}
