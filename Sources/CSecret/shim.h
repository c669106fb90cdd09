#ifndef CSECRET_SHIM_H
#define CSECRET_SHIM_H

#include <stddef.h>
#include <stdint.h>

/* clerkctl does not link libsecret: ClerkctlKeyring's SecretLibrary opens libsecret-1.so.0 with
   dlopen the first time a profile keeps its secret in the OS keyring, and calls it through the
   function pointers below, resolved once with dlsym. libsecret's headers pull in GLib's, which
   need pkg-config paths and a -dev package; so this header declares the few types of
   libsecret's stable "simple" API itself (libsecret 0.18+, ABI libsecret-1.so.0; checked
   against secret-schema.h and secret-password.h of libsecret 0.20.5). Nothing here may call a
   libsecret or GLib function by name (that would need -lsecret-1). */

/* SecretSchemaAttribute: { const gchar *name; SecretSchemaAttributeType type; } */
typedef struct {
  const char *name;
  int type;
} csecret_schema_attribute;

/* SECRET_SCHEMA_ATTRIBUTE_STRING and SECRET_SCHEMA_NONE. */
enum { CSECRET_ATTRIBUTE_STRING = 0, CSECRET_SCHEMA_NONE = 0 };

/* SecretSchema: a name, flags, up to 32 attributes (ended by a NULL name) and reserved space. */
typedef struct {
  const char *name;
  int flags;
  csecret_schema_attribute attributes[32];
  int reserved;
  void *reserved1;
  void *reserved2;
  void *reserved3;
  void *reserved4;
  void *reserved5;
  void *reserved6;
  void *reserved7;
} csecret_schema;

/* GError: { GQuark domain; gint code; gchar *message; } */
typedef struct {
  uint32_t domain;
  int code;
  char *message;
} csecret_error;

/* secret_password_{store,lookup,clear}_sync end with a NULL-terminated list of attribute
   name/value pairs, which Swift cannot pass: Swift keeps them as raw pointers from dlsym, and
   the wrappers below call them with up to four pairs (a NULL name ends the list early). The
   collection is NULL (the default one) and there is no GCancellable. */
typedef int (*csecret_password_store_sync_fn)(const csecret_schema *schema,
                                              const char *collection, const char *label,
                                              const char *password, void *cancellable,
                                              csecret_error **error, ...);
typedef char *(*csecret_password_lookup_sync_fn)(const csecret_schema *schema, void *cancellable,
                                                 csecret_error **error, ...);
typedef int (*csecret_password_clear_sync_fn)(const csecret_schema *schema, void *cancellable,
                                              csecret_error **error, ...);
/* secret_password_free wipes the memory before freeing it. */
typedef void (*csecret_password_free_fn)(char *password);
/* GLib's g_error_free and g_quark_to_string, found through libsecret's own dependencies. */
typedef void (*csecret_error_free_fn)(csecret_error *error);
typedef const char *(*csecret_quark_to_string_fn)(uint32_t quark);

/* Four attribute name/value pairs; a NULL name ends the list there. */
typedef struct {
  const char *name1, *value1, *name2, *value2, *name3, *value3, *name4, *value4;
} csecret_attributes;

static inline int csecret_store(void *store, const csecret_schema *schema, const char *label,
                                const char *password, const csecret_attributes *a,
                                csecret_error **error) {
  return ((csecret_password_store_sync_fn)store)(schema, NULL, label, password, NULL, error,
                                                 a->name1, a->value1, a->name2, a->value2,
                                                 a->name3, a->value3, a->name4, a->value4,
                                                 (const char *)NULL);
}

static inline char *csecret_lookup(void *lookup, const csecret_schema *schema,
                                   const csecret_attributes *a, csecret_error **error) {
  return ((csecret_password_lookup_sync_fn)lookup)(schema, NULL, error, a->name1, a->value1,
                                                   a->name2, a->value2, a->name3, a->value3,
                                                   a->name4, a->value4, (const char *)NULL);
}

static inline int csecret_clear(void *clear, const csecret_schema *schema,
                                const csecret_attributes *a, csecret_error **error) {
  return ((csecret_password_clear_sync_fn)clear)(schema, NULL, error, a->name1, a->value1,
                                                 a->name2, a->value2, a->name3, a->value3,
                                                 a->name4, a->value4, (const char *)NULL);
}

#endif
