#ifndef COPENSSL_SHIM_H
#define COPENSSL_SHIM_H

/* RSA_new, RSA_verify and SHA256_Init and the like are deprecated since OpenSSL 3.0, and still
   exported by every libcrypto.so.3: they reach the algorithms without a provider fetch (see
   RSAPublicKey). Their declarations are wanted without the warnings. */
#define OPENSSL_SUPPRESS_DEPRECATED

#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/param_build.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/rsa.h>
#include <openssl/sha.h>

/* clerkctl does not link libcrypto: ClerkKit's CryptoLibrary opens libcrypto.so.3 with dlopen
   the first time a key, digest, MAC or random bytes are needed, and calls it through function
   pointers resolved once with dlsym. Their types, taken from OpenSSL's own prototypes, so a
   mismatch cannot compile. Nothing here may call an OpenSSL function by name (that would need
   -lcrypto). */

typedef __typeof__(BIO_free) *copenssl_BIO_free_fn;
typedef __typeof__(BIO_new) *copenssl_BIO_new_fn;
typedef __typeof__(BIO_new_mem_buf) *copenssl_BIO_new_mem_buf_fn;
typedef __typeof__(BIO_s_mem) *copenssl_BIO_s_mem_fn;
typedef __typeof__(BIO_ctrl) *copenssl_BIO_ctrl_fn;
typedef __typeof__(BN_bin2bn) *copenssl_BN_bin2bn_fn;
typedef __typeof__(BN_bn2bin) *copenssl_BN_bn2bin_fn;
typedef __typeof__(BN_clear_free) *copenssl_BN_clear_free_fn;
typedef __typeof__(BN_num_bits) *copenssl_BN_num_bits_fn;
typedef __typeof__(ERR_clear_error) *copenssl_ERR_clear_error_fn;
typedef __typeof__(ERR_error_string_n) *copenssl_ERR_error_string_n_fn;
typedef __typeof__(ERR_get_error_all) *copenssl_ERR_get_error_all_fn;
typedef __typeof__(EVP_DigestSign) *copenssl_EVP_DigestSign_fn;
typedef __typeof__(EVP_DigestSignInit) *copenssl_EVP_DigestSignInit_fn;
typedef __typeof__(EVP_MD_CTX_free) *copenssl_EVP_MD_CTX_free_fn;
typedef __typeof__(EVP_MD_fetch) *copenssl_EVP_MD_fetch_fn;
typedef __typeof__(EVP_MD_free) *copenssl_EVP_MD_free_fn;
typedef __typeof__(EVP_MD_CTX_new) *copenssl_EVP_MD_CTX_new_fn;
typedef __typeof__(EVP_PKEY_CTX_free) *copenssl_EVP_PKEY_CTX_free_fn;
typedef __typeof__(EVP_PKEY_CTX_new_from_name) *copenssl_EVP_PKEY_CTX_new_from_name_fn;
typedef __typeof__(EVP_PKEY_CTX_new_from_pkey) *copenssl_EVP_PKEY_CTX_new_from_pkey_fn;
typedef __typeof__(EVP_PKEY_CTX_set_rsa_padding) *copenssl_EVP_PKEY_CTX_set_rsa_padding_fn;
typedef __typeof__(EVP_PKEY_CTX_set_rsa_keygen_bits) *copenssl_EVP_PKEY_CTX_set_rsa_keygen_bits_fn;
typedef __typeof__(EVP_PKEY_CTX_set_signature_md) *copenssl_EVP_PKEY_CTX_set_signature_md_fn;
typedef __typeof__(EVP_PKEY_dup) *copenssl_EVP_PKEY_dup_fn;
typedef __typeof__(EVP_PKEY_free) *copenssl_EVP_PKEY_free_fn;
typedef __typeof__(EVP_PKEY_fromdata) *copenssl_EVP_PKEY_fromdata_fn;
typedef __typeof__(EVP_PKEY_fromdata_init) *copenssl_EVP_PKEY_fromdata_init_fn;
typedef __typeof__(EVP_PKEY_generate) *copenssl_EVP_PKEY_generate_fn;
typedef __typeof__(EVP_PKEY_get_bits) *copenssl_EVP_PKEY_get_bits_fn;
typedef __typeof__(EVP_PKEY_get_bn_param) *copenssl_EVP_PKEY_get_bn_param_fn;
typedef __typeof__(EVP_PKEY_is_a) *copenssl_EVP_PKEY_is_a_fn;
typedef __typeof__(EVP_PKEY_keygen_init) *copenssl_EVP_PKEY_keygen_init_fn;
typedef __typeof__(EVP_PKEY_sign) *copenssl_EVP_PKEY_sign_fn;
typedef __typeof__(EVP_PKEY_sign_init) *copenssl_EVP_PKEY_sign_init_fn;
typedef __typeof__(EVP_Q_mac) *copenssl_EVP_Q_mac_fn;
typedef __typeof__(EVP_sha256) *copenssl_EVP_sha256_fn;
typedef __typeof__(OSSL_PARAM_BLD_free) *copenssl_OSSL_PARAM_BLD_free_fn;
typedef __typeof__(OSSL_PARAM_BLD_new) *copenssl_OSSL_PARAM_BLD_new_fn;
typedef __typeof__(OSSL_PARAM_BLD_push_BN) *copenssl_OSSL_PARAM_BLD_push_BN_fn;
typedef __typeof__(OSSL_PARAM_BLD_to_param) *copenssl_OSSL_PARAM_BLD_to_param_fn;
typedef __typeof__(OSSL_PARAM_free) *copenssl_OSSL_PARAM_free_fn;
typedef __typeof__(PEM_read_bio_PUBKEY) *copenssl_PEM_read_bio_PUBKEY_fn;
typedef __typeof__(PEM_read_bio_PrivateKey) *copenssl_PEM_read_bio_PrivateKey_fn;
typedef __typeof__(PEM_write_bio_PUBKEY) *copenssl_PEM_write_bio_PUBKEY_fn;
typedef __typeof__(PEM_write_bio_PrivateKey) *copenssl_PEM_write_bio_PrivateKey_fn;
typedef __typeof__(RAND_bytes) *copenssl_RAND_bytes_fn;
typedef __typeof__(RSA_free) *copenssl_RSA_free_fn;
typedef __typeof__(RSA_new) *copenssl_RSA_new_fn;
typedef __typeof__(RSA_set0_key) *copenssl_RSA_set0_key_fn;
typedef __typeof__(RSA_verify) *copenssl_RSA_verify_fn;
typedef __typeof__(SHA256_Final) *copenssl_SHA256_Final_fn;
typedef __typeof__(SHA256_Init) *copenssl_SHA256_Init_fn;
typedef __typeof__(SHA256_Update) *copenssl_SHA256_Update_fn;

/* Macros Swift drops, and OSSL parameter names returned as static literals (a Swift String
   passed to const char* lives only for one call, but OSSL_PARAM_BLD keeps the pointer). */

static inline const char *copenssl_param_rsa_n(void) { return OSSL_PKEY_PARAM_RSA_N; }
static inline const char *copenssl_param_rsa_e(void) { return OSSL_PKEY_PARAM_RSA_E; }
static inline const char *copenssl_param_rsa_d(void) { return OSSL_PKEY_PARAM_RSA_D; }
static inline int copenssl_evp_pkey_public_key(void) { return EVP_PKEY_PUBLIC_KEY; }
static inline int copenssl_evp_pkey_keypair(void) { return EVP_PKEY_KEYPAIR; }
static inline int copenssl_err_get_reason(unsigned long code) { return ERR_GET_REASON(code); }
static inline int copenssl_err_get_lib(unsigned long code) { return ERR_GET_LIB(code); }
static inline const char *copenssl_param_rsa_factor1(void) { return OSSL_PKEY_PARAM_RSA_FACTOR1; }
static inline const char *copenssl_param_rsa_factor2(void) { return OSSL_PKEY_PARAM_RSA_FACTOR2; }
static inline const char *copenssl_param_rsa_exponent1(void) { return OSSL_PKEY_PARAM_RSA_EXPONENT1; }
static inline const char *copenssl_param_rsa_exponent2(void) { return OSSL_PKEY_PARAM_RSA_EXPONENT2; }
static inline const char *copenssl_param_rsa_coefficient1(void) {
  return OSSL_PKEY_PARAM_RSA_COEFFICIENT1;
}
/* Algorithm names, as static literals: EVP_PKEY_CTX_new_from_name keeps the key type pointer. */
static inline const char *copenssl_name_rsa(void) { return "RSA"; }
static inline const char *copenssl_name_hmac(void) { return "HMAC"; }
static inline const char *copenssl_name_sha1(void) { return "SHA1"; }
static inline const char *copenssl_name_sha256(void) { return "SHA256"; }
/* BIO_get_mem_data is a macro over BIO_ctrl. */
static inline long copenssl_bio_get_mem_data(copenssl_BIO_ctrl_fn ctrl, BIO *bio, char **data) {
  return ctrl(bio, BIO_CTRL_INFO, 0, (char *)data);
}
static inline int copenssl_err_txt_string(void) { return ERR_TXT_STRING; }
static inline int copenssl_nid_sha256(void) { return NID_sha256; }
static inline int copenssl_rsa_pkcs1_padding(void) { return RSA_PKCS1_PADDING; }

#endif
