import Glibc

/// A NULL-terminated array of C strings (an `argv` or `envp`), owning copies freed in `deinit`.
final class CStringArray {
  private let count: Int
  /// The array as C sees it; valid while this object lives.
  let pointer: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>

  init(_ strings: [String]) {
    count = strings.count
    pointer = .allocate(capacity: strings.count + 1)
    pointer.initialize(from: strings.map { strdup($0) } + [nil], count: strings.count + 1)
  }

  deinit {
    for index in 0..<count { free(pointer[index]) }
    pointer.deinitialize(count: count + 1)
    pointer.deallocate()
  }
}
