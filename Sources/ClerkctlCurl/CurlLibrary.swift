internal import CCurl
import ClerkctlCore

/// libcurl, opened the first time a request needs it, and its entry points, resolved once.
///
/// clerkctl does not link libcurl: most runs (a cached token) send no request, and mapping
/// libcurl with the thirty-odd libraries it depends on, and running their initialisers, would
/// cost such a run more than all its own work. Every call into libcurl goes through the
/// function pointers here; their types come from curl's own prototypes (see `CCurl/shim.h`).
/// The one shared instance lives as long as the process, as libcurl's global state does.
final class CurlLibrary: @unchecked Sendable {
  /// The soname Debian's `libcurl4-openssl-dev` links against (package `libcurl4`).
  static let soname = "libcurl.so.4"

  /// The library, or why it could not be loaded. Loaded on first use, once (a lazy
  /// `static let` is initialised thread-safely).
  static let shared: Result<CurlLibrary, CurlError> = DynamicLibrary.load(
    soname, bind: CurlLibrary.init
  ) { error in
    CurlError(
      code: CURLE_FAILED_INIT, operation: "loading \(soname)",
      detail: "\(error.reason) (Debian's libcurl4 package provides it)")
  }

  private let library: DynamicLibrary
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

  /// Resolves every entry point in `library`, or throws naming the one missing.
  private init(_ library: DynamicLibrary) throws(DynamicLibrary.LoadError) {
    self.library = library
    globalInit = try library.function("curl_global_init")
    version = try library.function("curl_version")
    easyInit = try library.function("curl_easy_init")
    easyCleanup = try library.function("curl_easy_cleanup")
    easyReset = try library.function("curl_easy_reset")
    easyPerform = try library.function("curl_easy_perform")
    easyStrerror = try library.function("curl_easy_strerror")
    easySetopt = try library.function("curl_easy_setopt")
    easyGetinfo = try library.function("curl_easy_getinfo")
    slistAppend = try library.function("curl_slist_append")
    slistFreeAll = try library.function("curl_slist_free_all")
    url = try library.function("curl_url")
    urlCleanup = try library.function("curl_url_cleanup")
    urlSet = try library.function("curl_url_set")
    urlGet = try library.function("curl_url_get")
    urlStrerror = try library.function("curl_url_strerror")
    free = try library.function("curl_free")
  }
}
