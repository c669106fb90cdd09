extension UnsafeMutablePointer where Pointee == CChar {
  /// A NUL-terminated copy of `text` that the caller owns and frees with `deallocate()`.
  static func copying(_ text: String) -> UnsafeMutablePointer<CChar> {
    let bytes = Array(text.utf8CString)
    let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
    pointer.initialize(from: bytes, count: bytes.count)
    return pointer
  }
}
