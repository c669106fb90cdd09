internal import CCurl
import Glibc

/// libcurl, opened with `dlopen` the first time a request needs it, and its entry points,
/// resolved once with `dlsym`.
///
/// clerkctl does not link libcurl: most runs (a cached token) send no request, and mapping
/// libcurl with the thirty-odd libraries it depends on, and running their initialisers, would
/// cost such a run more than all its own work. Every call into libcurl goes through the
/// function pointers here; their types come from curl's own prototypes (see `CCurl/shim.h`).
///
/// Owns the `dlopen` handle. The one shared instance lives as long as the process (libcurl's
/// global state does too); an instance that fails to resolve its symbols closes the library.
final class CurlLibrary: @unchecked Sendable {
  /// The soname Debian's `libcurl4-openssl-dev` links against (package `libcurl4`).
  static let soname = "libcurl.so.4"

  /// The library, or why it could not be loaded. Loaded on first use, once (a lazy
  /// `static let` is initialised thread-safely).
  static let shared: Result<CurlLibrary, CurlError> = Result { () throws(CurlError) in
    try CurlLibrary(soname)
  }

  private let handle: UnsafeMutableRawPointer

  let globalInit: ccurl_global_init_fn
  let version: ccurl_version_fn
  let easyInit: ccurl_easy_init_fn
  let easyCleanup: ccurl_easy_cleanup_fn
  let easyReset: ccurl_easy_reset_fn
  let easyPerform: ccurl_easy_perform_fn
  let easyStrerror: ccurl_easy_strerror_fn
  /// `curl_easy_setopt`, variadic: called through the `ccurl_setopt_*` wrappers.
  let easySetopt: UnsafeMutableRawPointer
  /// `curl_easy_getinfo`, variadic: called through the `ccurl_getinfo_*` wrappers.
  let easyGetinfo: UnsafeMutableRawPointer
  let slistAppend: ccurl_slist_append_fn
  let slistFreeAll: ccurl_slist_free_all_fn
  let url: ccurl_url_fn
  let urlCleanup: ccurl_url_cleanup_fn
  let urlSet: ccurl_url_set_fn
  let urlGet: ccurl_url_get_fn
  let urlStrerror: ccurl_url_strerror_fn
  let free: ccurl_free_fn

  /// Opens `path` and resolves every entry point, or throws saying what is missing.
  init(_ path: String) throws(CurlError) {
    guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
      let reason = dlerror().map { String(cString: $0) } ?? "\(path) not found"
      throw CurlError(
        code: CURLE_FAILED_INIT, operation: "dlopen(\(path))",
        detail: "\(reason) (Debian's libcurl4 package provides it)")
    }
    do {
      globalInit = try Self.resolve(handle, "curl_global_init")
      version = try Self.resolve(handle, "curl_version")
      easyInit = try Self.resolve(handle, "curl_easy_init")
      easyCleanup = try Self.resolve(handle, "curl_easy_cleanup")
      easyReset = try Self.resolve(handle, "curl_easy_reset")
      easyPerform = try Self.resolve(handle, "curl_easy_perform")
      easyStrerror = try Self.resolve(handle, "curl_easy_strerror")
      easySetopt = try Self.resolve(handle, "curl_easy_setopt")
      easyGetinfo = try Self.resolve(handle, "curl_easy_getinfo")
      slistAppend = try Self.resolve(handle, "curl_slist_append")
      slistFreeAll = try Self.resolve(handle, "curl_slist_free_all")
      url = try Self.resolve(handle, "curl_url")
      urlCleanup = try Self.resolve(handle, "curl_url_cleanup")
      urlSet = try Self.resolve(handle, "curl_url_set")
      urlGet = try Self.resolve(handle, "curl_url_get")
      urlStrerror = try Self.resolve(handle, "curl_url_strerror")
      free = try Self.resolve(handle, "curl_free")
    } catch {
      dlclose(handle)
      throw error
    }
    self.handle = handle
  }

  /// The entry point `name` in the library `handle`, as a `F` (a C function pointer type from
  /// `CCurl/shim.h`, or a raw pointer for the variadic ones).
  private static func resolve<F>(
    _ handle: UnsafeMutableRawPointer, _ name: String
  ) throws(CurlError) -> F {
    guard let pointer = dlsym(handle, name) else {
      throw CurlError(
        code: CURLE_FAILED_INIT, operation: "dlsym(\(name))",
        detail: "\(soname) has no \(name) (libcurl 7.80 or later is needed)")
    }
    return unsafeBitCast(pointer, to: F.self)
  }

  deinit {
    dlclose(handle)
  }
}
