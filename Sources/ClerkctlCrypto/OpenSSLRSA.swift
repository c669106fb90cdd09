internal import COpenSSL

/// RSA plumbing shared by the key classes: building keys from components, reading components
/// back, and checking what a loaded key is. Every function returns owned `EVP_PKEY*`s or none.
enum OpenSSLRSA {
  /// One big-endian key component and the OSSL parameter name it goes under.
  struct Component {
    /// A static literal from the shim (`OSSL_PARAM_BLD` keeps the pointer until `to_param`).
    var name: UnsafePointer<CChar>
    /// What the component is called in error messages ("modulus").
    var label: String
    var bytes: [UInt8]
  }

  /// A new RSA `EVP_PKEY` (owned by the caller) from `components`, via `OSSL_PARAM_BLD` and
  /// `EVP_PKEY_fromdata`.
  static func build(selection: Int32, _ components: [Component]) throws -> OpaquePointer {
    let crypto = try CryptoLibrary.require()
    guard let builder = crypto.OSSL_PARAM_BLD_new() else {
      throw CryptoError.failed("OSSL_PARAM_BLD_new")
    }
    defer { crypto.OSSL_PARAM_BLD_free(builder) }
    var numbers: [OpaquePointer] = []
    defer { for number in numbers { crypto.BN_clear_free(number) } }
    for component in components {
      guard component.bytes.contains(where: { $0 != 0 }) else {
        throw CryptoError.invalidKeyComponent("the \(component.label) is empty or zero")
      }
      let number = component.bytes.withUnsafeBufferPointer {
        crypto.BN_bin2bn($0.baseAddress, Int32($0.count), nil)
      }
      guard let number else { throw CryptoError.failed("BN_bin2bn(\(component.label))") }
      numbers.append(number)
      guard crypto.OSSL_PARAM_BLD_push_BN(builder, component.name, number) == 1 else {
        throw CryptoError.failed("OSSL_PARAM_BLD_push_BN(\(component.label))")
      }
    }
    guard let params = crypto.OSSL_PARAM_BLD_to_param(builder) else {
      throw CryptoError.failed("OSSL_PARAM_BLD_to_param")
    }
    defer { crypto.OSSL_PARAM_free(params) }
    guard let context = crypto.EVP_PKEY_CTX_new_from_name(nil, copenssl_name_rsa(), nil) else {
      throw CryptoError.failed("EVP_PKEY_CTX_new_from_name(RSA)")
    }
    defer { crypto.EVP_PKEY_CTX_free(context) }
    guard crypto.EVP_PKEY_fromdata_init(context) == 1 else {
      throw CryptoError.failed("EVP_PKEY_fromdata_init")
    }
    var key: OpaquePointer? = nil
    guard crypto.EVP_PKEY_fromdata(context, &key, selection, params) == 1, let key else {
      throw CryptoError.failed("EVP_PKEY_fromdata")
    }
    return key
  }

  /// The big-endian bytes of the integer parameter `name` of `key` (no leading zeros).
  static func component(
    of key: OpaquePointer, name: UnsafePointer<CChar>, label: String
  ) throws -> [UInt8] {
    let crypto = try CryptoLibrary.require()
    var number: OpaquePointer? = nil
    guard crypto.EVP_PKEY_get_bn_param(key, name, &number) == 1, let number else {
      throw CryptoError.failed("EVP_PKEY_get_bn_param(\(label))")
    }
    defer { crypto.BN_clear_free(number) }
    var bytes = [UInt8](repeating: 0, count: (Int(crypto.BN_num_bits(number)) + 7) / 8)
    _ = bytes.withUnsafeMutableBufferPointer { crypto.BN_bn2bin(number, $0.baseAddress) }
    return bytes
  }

  /// Throws unless `key` is an RSA key of at least `CryptoError.minimumRSABits` bits.
  static func check(_ key: OpaquePointer, what: String) throws {
    let crypto = try CryptoLibrary.require()
    guard crypto.EVP_PKEY_is_a(key, copenssl_name_rsa()) == 1 else {
      throw CryptoError.notRSA(what)
    }
    let bits = Int(crypto.EVP_PKEY_get_bits(key))
    guard bits >= CryptoError.minimumRSABits else {
      throw CryptoError.keyTooSmall(bits: bits, minimum: CryptoError.minimumRSABits)
    }
  }

  /// Calls `body` with a pointer to `bytes` that is never NULL, even for an empty array
  /// (some EVP calls treat a NULL buffer differently from an empty one).
  static func withBytes<T>(
    _ bytes: [UInt8], _ body: (UnsafePointer<UInt8>, Int) throws -> T
  ) rethrows -> T {
    let storage = bytes.isEmpty ? [0] : bytes
    return try storage.withUnsafeBufferPointer { buffer in
      // The buffer of a non-empty array always has a base address.
      guard let base = buffer.baseAddress else { fatalError("array without storage") }
      return try body(base, bytes.count)
    }
  }
}
