import Glibc

/// A shared library opened at run time with `dlopen`, and the entry points looked up in it.
///
/// Owns the handle and closes it in `deinit`. libcurl and libcrypto are opened this way, on
/// first use, so that a run that needs neither (a cached token) does not pay for mapping them
/// and their dependencies.
package final class DynamicLibrary: @unchecked Sendable {
  /// Why a library or one of its entry points could not be had.
  package struct LoadError: Error, Equatable {
    /// What went wrong, in the loader's words where it gave any.
    package let reason: String
  }

  /// The name the library was opened by (a soname such as `libcurl.so.4`).
  let name: String
  private let handle: UnsafeMutableRawPointer

  /// Opens `name` (searched as the loader searches for a `DT_NEEDED` entry), keeping its
  /// symbols out of the global namespace.
  ///
  /// Bound lazily, as the loader binds a linked library (and as the `curl` command's libcurl is):
  /// `RTLD_NOW` would bind every function of every library the one opened depends on (libcurl's
  /// thirty), about 1,800 more bindings and 2.6 M instructions on each cold mint, for functions
  /// it never calls. Every entry point clerkctl calls is looked up with ``function(_:as:)`` at
  /// load, so a missing one is still reported then; libraries built with `-z now` (Debian's
  /// libcurl, libssl, libcrypto) are bound at load either way.
  package init(_ name: String) throws(LoadError) {
    guard let handle = dlopen(name, RTLD_LAZY | RTLD_LOCAL) else {
      throw LoadError(reason: dlerror().map { String(cString: $0) } ?? "\(name) not found")
    }
    self.name = name
    self.handle = handle
  }

  /// A wrapper's binding of `soname`: the library opened and `bind` resolving its entry points
  /// (the wrapper keeps the library, so the handle lives as long as it does), or `failure` of why
  /// that could not be done, in the wrapper's own error type. For a wrapper's lazy `static let`.
  package static func load<Bound, Failure: Error>(
    _ soname: String, bind: (DynamicLibrary) throws(LoadError) -> Bound,
    failure: (LoadError) -> Failure
  ) -> Result<Bound, Failure> {
    do throws(LoadError) {
      return .success(try bind(DynamicLibrary(soname)))
    } catch {
      return .failure(failure(error))
    }
  }

  deinit {
    dlclose(handle)
  }

  /// The entry point `symbol` as an `F`: a C function pointer type from the library's shim
  /// header (taken from the library's own prototypes), or a raw pointer.
  ///
  /// Inlinable so that each call is specialised for its `F` and needs no metadata: called
  /// generically, each function type's metadata is built at run time, by default from its
  /// mangled name; for the ~70 entry points of libcurl and libcrypto that was 1.3 M instructions
  /// of a cold mint (`make build` also turns mangled-name metadata access off).
  @inlinable
  package func function<F>(_ symbol: String, as type: F.Type = F.self) throws(LoadError) -> F {
    unsafeBitCast(try address(of: symbol, size: MemoryLayout<F>.size), to: F.self)
  }

  /// The address of `symbol`, for a pointer type `size` bytes wide.
  @usableFromInline
  func address(of symbol: String, size: Int) throws(LoadError) -> UnsafeMutableRawPointer {
    guard size == MemoryLayout<UnsafeMutableRawPointer>.size else {
      throw LoadError(reason: "\(symbol) is not requested as a pointer")
    }
    guard let pointer = dlsym(handle, symbol) else {
      throw LoadError(reason: "\(name) has no \(symbol)")
    }
    return pointer
  }
}
