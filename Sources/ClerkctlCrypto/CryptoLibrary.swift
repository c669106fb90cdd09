internal import COpenSSL
import ClerkctlCore

/// libcrypto (OpenSSL 3), opened the first time a key, a digest, a MAC or random bytes are
/// needed, and its entry points, resolved once.
///
/// clerkctl does not link libcrypto: a cached token needs none of it, and binding its
/// thousands of symbols at every start would cost such a run more than its own work. Every
/// OpenSSL call in ClerkKit goes through the function pointers here, named as in C; their types
/// come from OpenSSL's own prototypes (see `COpenSSL/shim.h`). The one shared instance lives as
/// long as the process.
final class CryptoLibrary: @unchecked Sendable {
  /// The soname Debian's `libssl-dev` links against (package `libssl3`).
  static let soname = "libcrypto.so.3"

  /// The library, or why it could not be loaded. Loaded on first use, once (a lazy
  /// `static let` is initialised thread-safely).
  static let shared: Result<CryptoLibrary, OpenSSLError> = DynamicLibrary.load(
    soname, bind: CryptoLibrary.init
  ) { error in
    OpenSSLError(
      operation: "loading \(soname)",
      queue: ["\(error.reason) (Debian's libssl3 package provides it)"])
  }

  /// The library, or `CryptoError.openSSL` saying why it cannot be loaded.
  static func require() throws(CryptoError) -> CryptoLibrary {
    do {
      return try shared.get()
    } catch {
      throw .openSSL(error)
    }
  }

  /// The library, for operations that cannot fail short of a broken installation (digests,
  /// MACs, random bytes): stops the process when libcrypto cannot be loaded.
  static var loaded: CryptoLibrary {
    switch shared {
    case .success(let library): return library
    case .failure(let error): fatalError("\(error)")
    }
  }

  private let library: DynamicLibrary
  let BIO_free: copenssl_BIO_free_fn
  let BIO_new: copenssl_BIO_new_fn
  let BIO_new_mem_buf: copenssl_BIO_new_mem_buf_fn
  let BIO_s_mem: copenssl_BIO_s_mem_fn
  let BIO_ctrl: copenssl_BIO_ctrl_fn
  let BN_bin2bn: copenssl_BN_bin2bn_fn
  let BN_bn2bin: copenssl_BN_bn2bin_fn
  let BN_clear_free: copenssl_BN_clear_free_fn
  let BN_num_bits: copenssl_BN_num_bits_fn
  let ERR_clear_error: copenssl_ERR_clear_error_fn
  let ERR_error_string_n: copenssl_ERR_error_string_n_fn
  let ERR_get_error_all: copenssl_ERR_get_error_all_fn
  let EVP_DigestSign: copenssl_EVP_DigestSign_fn
  let EVP_DigestSignInit: copenssl_EVP_DigestSignInit_fn
  let EVP_MD_CTX_free: copenssl_EVP_MD_CTX_free_fn
  let EVP_MD_fetch: copenssl_EVP_MD_fetch_fn
  let EVP_MD_free: copenssl_EVP_MD_free_fn
  let EVP_MD_CTX_new: copenssl_EVP_MD_CTX_new_fn
  let EVP_PKEY_CTX_free: copenssl_EVP_PKEY_CTX_free_fn
  let EVP_PKEY_CTX_new_from_name: copenssl_EVP_PKEY_CTX_new_from_name_fn
  let EVP_PKEY_CTX_new_from_pkey: copenssl_EVP_PKEY_CTX_new_from_pkey_fn
  let EVP_PKEY_CTX_set_rsa_padding: copenssl_EVP_PKEY_CTX_set_rsa_padding_fn
  let EVP_PKEY_CTX_set_rsa_keygen_bits: copenssl_EVP_PKEY_CTX_set_rsa_keygen_bits_fn
  let EVP_PKEY_CTX_set_signature_md: copenssl_EVP_PKEY_CTX_set_signature_md_fn
  let EVP_PKEY_dup: copenssl_EVP_PKEY_dup_fn
  let EVP_PKEY_free: copenssl_EVP_PKEY_free_fn
  let EVP_PKEY_fromdata: copenssl_EVP_PKEY_fromdata_fn
  let EVP_PKEY_fromdata_init: copenssl_EVP_PKEY_fromdata_init_fn
  let EVP_PKEY_generate: copenssl_EVP_PKEY_generate_fn
  let EVP_PKEY_get_bits: copenssl_EVP_PKEY_get_bits_fn
  let EVP_PKEY_get_bn_param: copenssl_EVP_PKEY_get_bn_param_fn
  let EVP_PKEY_is_a: copenssl_EVP_PKEY_is_a_fn
  let EVP_PKEY_keygen_init: copenssl_EVP_PKEY_keygen_init_fn
  let EVP_PKEY_sign: copenssl_EVP_PKEY_sign_fn
  let EVP_PKEY_sign_init: copenssl_EVP_PKEY_sign_init_fn
  let EVP_Q_mac: copenssl_EVP_Q_mac_fn
  let EVP_sha256: copenssl_EVP_sha256_fn
  let OSSL_PARAM_BLD_free: copenssl_OSSL_PARAM_BLD_free_fn
  let OSSL_PARAM_BLD_new: copenssl_OSSL_PARAM_BLD_new_fn
  let OSSL_PARAM_BLD_push_BN: copenssl_OSSL_PARAM_BLD_push_BN_fn
  let OSSL_PARAM_BLD_to_param: copenssl_OSSL_PARAM_BLD_to_param_fn
  let OSSL_PARAM_free: copenssl_OSSL_PARAM_free_fn
  let PEM_read_bio_PUBKEY: copenssl_PEM_read_bio_PUBKEY_fn
  let PEM_read_bio_PrivateKey: copenssl_PEM_read_bio_PrivateKey_fn
  let PEM_write_bio_PUBKEY: copenssl_PEM_write_bio_PUBKEY_fn
  let PEM_write_bio_PrivateKey: copenssl_PEM_write_bio_PrivateKey_fn
  let RAND_bytes: copenssl_RAND_bytes_fn
  let RSA_free: copenssl_RSA_free_fn
  let RSA_new: copenssl_RSA_new_fn
  let RSA_set0_key: copenssl_RSA_set0_key_fn
  let RSA_verify: copenssl_RSA_verify_fn
  let SHA256_Final: copenssl_SHA256_Final_fn
  let SHA256_Init: copenssl_SHA256_Init_fn
  let SHA256_Update: copenssl_SHA256_Update_fn

  /// Resolves every entry point in `library`, or throws naming the one missing.
  private init(_ library: DynamicLibrary) throws(DynamicLibrary.LoadError) {
    self.library = library
    BIO_free = try library.function("BIO_free")
    BIO_new = try library.function("BIO_new")
    BIO_new_mem_buf = try library.function("BIO_new_mem_buf")
    BIO_s_mem = try library.function("BIO_s_mem")
    BIO_ctrl = try library.function("BIO_ctrl")
    BN_bin2bn = try library.function("BN_bin2bn")
    BN_bn2bin = try library.function("BN_bn2bin")
    BN_clear_free = try library.function("BN_clear_free")
    BN_num_bits = try library.function("BN_num_bits")
    ERR_clear_error = try library.function("ERR_clear_error")
    ERR_error_string_n = try library.function("ERR_error_string_n")
    ERR_get_error_all = try library.function("ERR_get_error_all")
    EVP_DigestSign = try library.function("EVP_DigestSign")
    EVP_DigestSignInit = try library.function("EVP_DigestSignInit")
    EVP_MD_CTX_free = try library.function("EVP_MD_CTX_free")
    EVP_MD_fetch = try library.function("EVP_MD_fetch")
    EVP_MD_free = try library.function("EVP_MD_free")
    EVP_MD_CTX_new = try library.function("EVP_MD_CTX_new")
    EVP_PKEY_CTX_free = try library.function("EVP_PKEY_CTX_free")
    EVP_PKEY_CTX_new_from_name = try library.function("EVP_PKEY_CTX_new_from_name")
    EVP_PKEY_CTX_new_from_pkey = try library.function("EVP_PKEY_CTX_new_from_pkey")
    EVP_PKEY_CTX_set_rsa_padding = try library.function("EVP_PKEY_CTX_set_rsa_padding")
    EVP_PKEY_CTX_set_rsa_keygen_bits = try library.function("EVP_PKEY_CTX_set_rsa_keygen_bits")
    EVP_PKEY_CTX_set_signature_md = try library.function("EVP_PKEY_CTX_set_signature_md")
    EVP_PKEY_dup = try library.function("EVP_PKEY_dup")
    EVP_PKEY_free = try library.function("EVP_PKEY_free")
    EVP_PKEY_fromdata = try library.function("EVP_PKEY_fromdata")
    EVP_PKEY_fromdata_init = try library.function("EVP_PKEY_fromdata_init")
    EVP_PKEY_generate = try library.function("EVP_PKEY_generate")
    EVP_PKEY_get_bits = try library.function("EVP_PKEY_get_bits")
    EVP_PKEY_get_bn_param = try library.function("EVP_PKEY_get_bn_param")
    EVP_PKEY_is_a = try library.function("EVP_PKEY_is_a")
    EVP_PKEY_keygen_init = try library.function("EVP_PKEY_keygen_init")
    EVP_PKEY_sign = try library.function("EVP_PKEY_sign")
    EVP_PKEY_sign_init = try library.function("EVP_PKEY_sign_init")
    EVP_Q_mac = try library.function("EVP_Q_mac")
    EVP_sha256 = try library.function("EVP_sha256")
    OSSL_PARAM_BLD_free = try library.function("OSSL_PARAM_BLD_free")
    OSSL_PARAM_BLD_new = try library.function("OSSL_PARAM_BLD_new")
    OSSL_PARAM_BLD_push_BN = try library.function("OSSL_PARAM_BLD_push_BN")
    OSSL_PARAM_BLD_to_param = try library.function("OSSL_PARAM_BLD_to_param")
    OSSL_PARAM_free = try library.function("OSSL_PARAM_free")
    PEM_read_bio_PUBKEY = try library.function("PEM_read_bio_PUBKEY")
    PEM_read_bio_PrivateKey = try library.function("PEM_read_bio_PrivateKey")
    PEM_write_bio_PUBKEY = try library.function("PEM_write_bio_PUBKEY")
    PEM_write_bio_PrivateKey = try library.function("PEM_write_bio_PrivateKey")
    RAND_bytes = try library.function("RAND_bytes")
    RSA_free = try library.function("RSA_free")
    RSA_new = try library.function("RSA_new")
    RSA_set0_key = try library.function("RSA_set0_key")
    RSA_verify = try library.function("RSA_verify")
    SHA256_Final = try library.function("SHA256_Final")
    SHA256_Init = try library.function("SHA256_Init")
    SHA256_Update = try library.function("SHA256_Update")
  }
}
