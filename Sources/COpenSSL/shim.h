#ifndef COPENSSL_SHIM_H
#define COPENSSL_SHIM_H

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

/* Macros Swift drops, and OSSL parameter names returned as static literals (a Swift String
   passed to const char* lives only for one call, but OSSL_PARAM_BLD keeps the pointer). */

static inline const char *copenssl_param_rsa_n(void) { return OSSL_PKEY_PARAM_RSA_N; }
static inline const char *copenssl_param_rsa_e(void) { return OSSL_PKEY_PARAM_RSA_E; }
static inline const char *copenssl_param_rsa_d(void) { return OSSL_PKEY_PARAM_RSA_D; }
static inline int copenssl_evp_pkey_public_key(void) { return EVP_PKEY_PUBLIC_KEY; }
static inline int copenssl_evp_pkey_keypair(void) { return EVP_PKEY_KEYPAIR; }
static inline void copenssl_free(void *pointer) { OPENSSL_free(pointer); }
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
static inline long copenssl_bio_get_mem_data(BIO *bio, char **data) {
  return BIO_get_mem_data(bio, data);
}
static inline int copenssl_err_txt_string(void) { return ERR_TXT_STRING; }

#endif
