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

#endif
