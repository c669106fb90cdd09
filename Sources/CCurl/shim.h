#ifndef CCURL_SHIM_H
#define CCURL_SHIM_H

#include <curl/curl.h>

/* clerkctl does not link libcurl: ClerkKit's CurlLibrary opens libcurl.so.4 with dlopen on the
   first request and calls it through the function pointers below, resolved once with dlsym.
   This header gives their types, taken from curl's own prototypes, so a mismatch cannot
   compile. Nothing here may call a curl function by name (that would need -lcurl). */

typedef __typeof__(curl_global_init) *ccurl_global_init_fn;
typedef __typeof__(curl_version) *ccurl_version_fn;
typedef __typeof__(curl_easy_init) *ccurl_easy_init_fn;
typedef __typeof__(curl_easy_cleanup) *ccurl_easy_cleanup_fn;
typedef __typeof__(curl_easy_reset) *ccurl_easy_reset_fn;
typedef __typeof__(curl_easy_perform) *ccurl_easy_perform_fn;
typedef __typeof__(curl_easy_strerror) *ccurl_easy_strerror_fn;
typedef __typeof__(curl_slist_append) *ccurl_slist_append_fn;
typedef __typeof__(curl_slist_free_all) *ccurl_slist_free_all_fn;
typedef __typeof__(curl_url) *ccurl_url_fn;
typedef __typeof__(curl_url_cleanup) *ccurl_url_cleanup_fn;
typedef __typeof__(curl_url_set) *ccurl_url_set_fn;
typedef __typeof__(curl_url_get) *ccurl_url_get_fn;
typedef __typeof__(curl_url_strerror) *ccurl_url_strerror_fn;
typedef __typeof__(curl_free) *ccurl_free_fn;

/* curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call (nor hold as a
   typed function pointer): Swift keeps them as raw pointers from dlsym, and these wrappers,
   one per argument type, call them with the exact C types curl expects. */

typedef CURLcode (*ccurl_easy_setopt_fn)(CURL *handle, CURLoption option, ...);
typedef CURLcode (*ccurl_easy_getinfo_fn)(CURL *handle, CURLINFO info, ...);

typedef size_t (*ccurl_data_callback)(char *ptr, size_t size, size_t nmemb, void *userdata);

static inline CURLcode ccurl_setopt_long(void *setopt, CURL *handle, CURLoption option,
                                         long value) {
  return ((ccurl_easy_setopt_fn)setopt)(handle, option, value);
}

static inline CURLcode ccurl_setopt_string(void *setopt, CURL *handle, CURLoption option,
                                           const char *value) {
  return ((ccurl_easy_setopt_fn)setopt)(handle, option, value);
}

static inline CURLcode ccurl_setopt_pointer(void *setopt, CURL *handle, CURLoption option,
                                            void *value) {
  return ((ccurl_easy_setopt_fn)setopt)(handle, option, value);
}

static inline CURLcode ccurl_setopt_slist(void *setopt, CURL *handle, CURLoption option,
                                          struct curl_slist *value) {
  return ((ccurl_easy_setopt_fn)setopt)(handle, option, value);
}

static inline CURLcode ccurl_setopt_off_t(void *setopt, CURL *handle, CURLoption option,
                                          curl_off_t value) {
  return ((ccurl_easy_setopt_fn)setopt)(handle, option, value);
}

static inline CURLcode ccurl_setopt_callback(void *setopt, CURL *handle, CURLoption option,
                                             ccurl_data_callback value) {
  return ((ccurl_easy_setopt_fn)setopt)(handle, option, value);
}

static inline CURLcode ccurl_setopt_opensocket(void *setopt, CURL *handle, CURLoption option,
                                               curl_opensocket_callback value) {
  return ((ccurl_easy_setopt_fn)setopt)(handle, option, value);
}

static inline CURLcode ccurl_getinfo_long(void *getinfo, CURL *handle, CURLINFO info,
                                          long *value) {
  return ((ccurl_easy_getinfo_fn)getinfo)(handle, info, value);
}

static inline CURLcode ccurl_getinfo_string(void *getinfo, CURL *handle, CURLINFO info,
                                            char **value) {
  return ((ccurl_easy_getinfo_fn)getinfo)(handle, info, value);
}

static inline CURLcode ccurl_getinfo_off_t(void *getinfo, CURL *handle, CURLINFO info,
                                           curl_off_t *value) {
  return ((ccurl_easy_getinfo_fn)getinfo)(handle, info, value);
}

static inline CURLcode ccurl_getinfo_double(void *getinfo, CURL *handle, CURLINFO info,
                                            double *value) {
  return ((ccurl_easy_getinfo_fn)getinfo)(handle, info, value);
}

/* CURL_GLOBAL_DEFAULT is an OR of other macros, which Swift does not import. */
static inline long ccurl_global_default(void) {
  return CURL_GLOBAL_DEFAULT;
}

#endif
