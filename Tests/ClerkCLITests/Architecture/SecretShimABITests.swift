import ClerkTestSupport
import Foundation
import Testing

/// `CSecret/shim.h` declares libsecret's types itself (its headers need GLib's and a -dev
/// package). This check compiles the shim beside libsecret's own headers and asserts that the
/// declared layouts, constants and function types are libsecret's, so a mismatch cannot pass
/// unnoticed. It needs Debian's libsecret-1-dev (Scripts/test.sh installs it), pkg-config and
/// a C compiler; only the check needs them, never the build.
@Suite("The libsecret shim matches libsecret's headers")
struct SecretShimABITests {
  /// The package root: the first directory above this file with a Package.swift.
  private static func packageRoot() throws -> URL {
    var url = URL(fileURLWithPath: #filePath)
    while url.pathComponents.count > 1 {
      url.deleteLastPathComponent()
      if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
        return url
      }
    }
    throw CocoaError(.fileNoSuchFile)
  }

  private static let check = """
    #include <stddef.h>
    #include <libsecret/secret.h>
    #include "shim.h"

    #define SAME_TYPE(a, b) _Static_assert(__builtin_types_compatible_p(a, b), #a " is not " #b)
    #define SAME_LAYOUT(a, b) _Static_assert(sizeof(a) == sizeof(b) && _Alignof(a) == _Alignof(b), #a)
    #define SAME_OFFSET(a, b, f) _Static_assert(offsetof(a, f) == offsetof(b, f), #a "." #f)

    SAME_LAYOUT(csecret_schema_attribute, SecretSchemaAttribute);
    SAME_OFFSET(csecret_schema_attribute, SecretSchemaAttribute, type);
    SAME_LAYOUT(csecret_schema, SecretSchema);
    SAME_OFFSET(csecret_schema, SecretSchema, flags);
    SAME_OFFSET(csecret_schema, SecretSchema, attributes);
    SAME_OFFSET(csecret_schema, SecretSchema, reserved);
    SAME_OFFSET(csecret_schema, SecretSchema, reserved7);
    SAME_LAYOUT(csecret_error, GError);
    SAME_OFFSET(csecret_error, GError, code);
    SAME_OFFSET(csecret_error, GError, message);
    _Static_assert(CSECRET_ATTRIBUTE_STRING == SECRET_SCHEMA_ATTRIBUTE_STRING, "string");
    _Static_assert(CSECRET_SCHEMA_NONE == SECRET_SCHEMA_NONE, "none");
    SAME_TYPE(__typeof__(((csecret_error *)0)->domain), GQuark);

    /* The function types, with libsecret's structs put in for the shim's. */
    typedef gboolean (*store_fn)(const SecretSchema *, const gchar *, const gchar *,
                                 const gchar *, GCancellable *, GError **, ...);
    typedef gchar *(*lookup_fn)(const SecretSchema *, GCancellable *, GError **, ...);
    typedef gboolean (*clear_fn)(const SecretSchema *, GCancellable *, GError **, ...);
    SAME_TYPE(store_fn, __typeof__(&secret_password_store_sync));
    SAME_TYPE(lookup_fn, __typeof__(&secret_password_lookup_sync));
    SAME_TYPE(clear_fn, __typeof__(&secret_password_clear_sync));
    SAME_TYPE(int, gboolean);
    SAME_TYPE(void (*)(gchar *), __typeof__(&secret_password_free));
    SAME_TYPE(void (*)(GError *), __typeof__(&g_error_free));
    /* G_GNUC_CONST is part of its type: check it by assignment (-Werror: no conversion). */
    csecret_quark_to_string_fn quark_to_string = &g_quark_to_string;
    """

  @Test("layouts, constants and function types agree with libsecret-1-dev's headers")
  func matches() async throws {
    let environment = ProcessInfo.processInfo.environment.filter { $0.key == "PATH" }
    let flags = try await ProcessRun.run(
      "/usr/bin/env", ["pkg-config", "--cflags", "libsecret-1"], environment: environment,
      timeout: 30)
    guard flags.status == 0 else {
      let reason =
        "libsecret-1-dev (and pkg-config) is needed for this check; Scripts/test.sh installs it "
        + "with apt-get: \(flags.stderr)"
      Issue.record(Comment(rawValue: reason))
      return
    }
    let scratch = TemporaryDirectory(prefix: "clerkctl-secret-abi")
    let source = scratch.path + "/check.c"
    try Self.check.write(toFile: source, atomically: true, encoding: .utf8)
    let shim = try Self.packageRoot().appendingPathComponent("Sources/CSecret").path
    let cflags: [String] = flags.stdout.split(whereSeparator: \.isWhitespace).map(String.init)
    let arguments: [String] =
      ["cc", "-std=gnu11", "-fsyntax-only", "-Werror", "-I", shim] + cflags + [source]
    let compile = try await ProcessRun.run(
      "/usr/bin/env", arguments, environment: environment, timeout: 60)
    #expect(compile.status == 0, "the shim disagrees with libsecret: \(compile.stderr)")
  }
}
