internal import COpenSSL

/// Scoped OpenSSL memory BIOs: the `BIO*` never outlives the closure that uses it.
enum MemoryBIO {
  /// Runs `body` with a read-only BIO over the UTF-8 bytes of `text`.
  static func reading<T>(_ text: String, _ body: (OpaquePointer) throws -> T) throws -> T {
    let crypto = try CryptoLibrary.require()
    let bytes = Array(text.utf8)
    return try bytes.withUnsafeBytes { raw in
      guard let bio = crypto.BIO_new_mem_buf(raw.baseAddress, Int32(raw.count)) else {
        throw CryptoError.failed("BIO_new_mem_buf")
      }
      defer { _ = crypto.BIO_free(bio) }
      return try body(bio)
    }
  }

  /// Runs `write` against an empty memory BIO and returns what it wrote, as text.
  ///
  /// - Parameter operation: The OpenSSL call `write` makes, named in the error when it fails.
  static func writing(operation: String, _ write: (OpaquePointer) -> Int32) throws -> String {
    let crypto = try CryptoLibrary.require()
    guard let bio = crypto.BIO_new(crypto.BIO_s_mem()) else { throw CryptoError.failed("BIO_new") }
    defer { _ = crypto.BIO_free(bio) }
    guard write(bio) == 1 else { throw CryptoError.failed(operation) }
    var data: UnsafeMutablePointer<CChar>? = nil
    let length = copenssl_bio_get_mem_data(crypto.BIO_ctrl, bio, &data)
    guard let data, length > 0 else { throw CryptoError.failed("BIO_get_mem_data") }
    let bytes = UnsafeRawBufferPointer(start: data, count: length)
    return String(decoding: bytes, as: UTF8.self)
  }

}
