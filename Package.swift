// swift-tools-version:6.0
import PackageDescription

// The target list is the architecture: each target is a layer, each arrow below is the only way
// one layer may reach another, and the compiler enforces it (CI also builds with
// `--explicit-target-dependency-import-check=error`, so an undeclared import fails). README's
// Layout section draws the same table.
//
//   ClerkctlCore          support, clock, JSON, base64url, form encoding, JWT decoding
//   ClerkctlWire          Clerk's wire vocabulary shared by client and emulator
//   ClerkctlHTTP          the HTTP vocabulary: requests, responses, headers, the client protocol
//   ClerkctlCurl          the libcurl transport (the only target that imports CCurl)
//   ClerkctlHTTPServer    the HTTP/1.1 server (loopback callback, exec --refresh, emulator)
//   ClerkctlCrypto        OpenSSL: RSA, SHA-256, HMAC, random (the only importer of COpenSSL)
//   ClerkctlJOSE          JWK, JWKS, JWT signing and verification, OIDC discovery
//   ClerkctlKeyring       the OS keyring: the Secret Service through libsecret (the only
//                         importer of CSecret)
//   ClerkctlKit           the library apps embed: Clerk's API clients, accounts, credentials
//   ClerkctlBrowserSignIn browser (OAuth/SSO) sign-in: the library plus the loopback server
//   ClerkctlCommandLine   what both executables share: suggestions, local files, hardening
//   ClerkCLI, ClerkEmulator, and their thin mains (each linked with CCompat, which pins three
//   symbols to versions glibc 2.34 and libstdc++ 3.4.29 have)
//
// ClerkctlKit's closure has neither OpenSSL nor a server: an app that embeds it needs libcurl
// at run time only (opened with dlopen), and libsecret only for a profile kept in the OS
// keyring (opened with dlopen too, its types declared in CSecret: no -dev package).

let settings: [SwiftSetting] = [
  .enableUpcomingFeature("MemberImportVisibility")
]

let package = Package(
  name: "clerkctl",
  products: [
    // The library apps embed. Not called ClerkKit: that is the product of Clerk's own iOS SDK.
    // ClerkctlKitLocalizedError (ClerkAuthError: LocalizedError) comes with both library
    // products; clerkctl does not link it (it links most of FoundationEssentials).
    .library(name: "ClerkctlKit", targets: ["ClerkctlKit", "ClerkctlKitLocalizedError"]),
    // Browser sign-in (OAuth, enterprise SSO) on a loopback callback: a product of its own,
    // since it carries the HTTP server.
    .library(
      name: "ClerkctlBrowserSignIn",
      targets: ["ClerkctlBrowserSignIn", "ClerkctlKitLocalizedError"]),
    .executable(name: "clerkctl", targets: ["clerkctl"]),
    .executable(name: "clerk-emulator", targets: ["clerk-emulator"]),
  ],
  targets: [
    // C libraries. Headers only: libcurl.so.4 and libcrypto.so.3 are opened with dlopen on first
    // use (CurlLibrary, CryptoLibrary), so nothing links them (no pkgConfig here, which would add
    // -lcurl); Scripts/setup.sh installs the -dev packages.
    .systemLibrary(name: "CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
    .systemLibrary(name: "COpenSSL", providers: [.apt(["libssl-dev"])]),
    // Fixed-argument wrappers of variadic system calls (prctl).
    .systemLibrary(name: "CSystem"),
    // Pins the symbols the static Swift runtime (and libstdc++, which `make build` links in)
    // calls to versions glibc 2.34 has (RHEL 9, Ubuntu 22.04); see compat.c.
    .target(name: "CCompat", linkerSettings: [.linkedLibrary("m"), .linkedLibrary("stdc++")]),
    // The commit and build date `make build` passes in (-Xcc -D…), for `clerkctl version`.
    .target(name: "CBuildInfo"),
    // The glibc calls that create descriptors close-on-exec (pipe2, accept4, mkostemp) and
    // posix_spawn's close-from, which Swift's Glibc module does not declare. Headers only.
    .systemLibrary(name: "CCloseOnExec"),
    // libsecret's password API, declared in the shim itself (its headers need GLib's): headers
    // only, libsecret-1.so.0 is opened with dlopen by SecretLibrary when a profile keeps its
    // secret in the OS keyring. Debian's libsecret-1-0 provides it at run time.
    .systemLibrary(name: "CSecret"),

    .target(name: "ClerkctlCore", dependencies: ["CCloseOnExec"], swiftSettings: settings),
    .target(name: "ClerkctlWire", dependencies: ["ClerkctlCore"], swiftSettings: settings),
    .target(name: "ClerkctlHTTP", dependencies: ["ClerkctlCore"], swiftSettings: settings),
    .target(
      name: "ClerkctlCurl",
      dependencies: ["CCurl", "ClerkctlCore", "ClerkctlHTTP"],
      swiftSettings: settings
    ),
    .target(
      name: "ClerkctlHTTPServer",
      dependencies: ["ClerkctlCore", "ClerkctlHTTP"],
      swiftSettings: settings
    ),
    .target(
      name: "ClerkctlCrypto",
      dependencies: ["COpenSSL", "ClerkctlCore"],
      swiftSettings: settings
    ),
    .target(
      name: "ClerkctlJOSE",
      dependencies: ["ClerkctlCore", "ClerkctlHTTP", "ClerkctlCrypto"],
      swiftSettings: settings
    ),
    .target(
      name: "ClerkctlKeyring",
      dependencies: ["CSecret", "ClerkctlCore"],
      swiftSettings: settings
    ),
    .target(
      name: "ClerkctlKit",
      dependencies: [
        "ClerkctlCore", "ClerkctlWire", "ClerkctlHTTP", "ClerkctlCurl", "ClerkctlKeyring",
      ],
      swiftSettings: settings
    ),
    .target(
      name: "ClerkctlKitLocalizedError", dependencies: ["ClerkctlKit"], swiftSettings: settings),
    .target(
      name: "ClerkctlBrowserSignIn",
      dependencies: [
        "ClerkctlCore", "ClerkctlWire", "ClerkctlHTTP", "ClerkctlHTTPServer", "ClerkctlKit",
      ],
      swiftSettings: settings
    ),
    .target(
      name: "ClerkctlCommandLine",
      dependencies: ["CSystem", "ClerkctlCore"],
      swiftSettings: settings
    ),

    // The emulator's Clerk logic: Frontend API, Backend API subset, JWKS, Convex-style API. It
    // speaks the wire vocabulary and never uses the client's logic.
    .target(
      name: "ClerkEmulator",
      dependencies: [
        "ClerkctlCore", "ClerkctlWire", "ClerkctlHTTP", "ClerkctlHTTPServer", "ClerkctlCrypto",
        "ClerkctlJOSE", "ClerkctlCommandLine",
      ],
      swiftSettings: settings
    ),
    // Argument parsing, help, the commands and the one error-to-exit-code mapping.
    .target(
      name: "ClerkCLI",
      dependencies: [
        "ClerkctlCore", "ClerkctlWire", "ClerkctlHTTP", "ClerkctlCurl", "ClerkctlHTTPServer",
        "ClerkctlCrypto", "ClerkctlJOSE", "ClerkctlKeyring", "ClerkctlKit",
        "ClerkctlBrowserSignIn", "ClerkctlCommandLine", "CBuildInfo",
      ],
      swiftSettings: settings
    ),
    .executableTarget(
      name: "clerkctl", dependencies: ["ClerkCLI", "CCompat"], swiftSettings: settings),
    .executableTarget(
      name: "clerk-emulator",
      dependencies: [
        "ClerkEmulator", "ClerkctlCore", "ClerkctlHTTPServer", "ClerkctlCrypto", "CCompat",
        "ClerkctlCurl",
      ],
      swiftSettings: settings
    ),

    // Helpers shared by the test targets: temp dirs, the fake clock, the CLI fixture (in process
    // against the emulator in memory, or the built binaries), raw sockets, an HTTPS test server
    // with its fixture certificates (Resources/tls).
    .target(
      name: "ClerkTestSupport",
      dependencies: allLayers + ["ClerkEmulator", "ClerkCLI"],
      path: "Tests/ClerkTestSupport",
      resources: [.copy("Resources")],
      swiftSettings: settings
    ),
    .testTarget(
      name: "ClerkctlKitTests",
      dependencies: allLayers + ["ClerkTestSupport"],
      swiftSettings: settings
    ),
    .testTarget(
      name: "ClerkEmulatorTests",
      dependencies: allLayers + ["ClerkEmulator", "ClerkTestSupport"],
      resources: [.copy("Fixtures")],
      swiftSettings: settings
    ),
    .testTarget(
      name: "ClerkCLITests",
      dependencies: allLayers + ["ClerkCLI", "ClerkTestSupport"],
      swiftSettings: settings
    ),
    .testTarget(
      name: "EndToEndTests",
      dependencies: allLayers + ["ClerkTestSupport"],
      swiftSettings: settings
    ),
  ]
)

/// Every library layer, for the test targets (which test each layer's internals).
var allLayers: [Target.Dependency] {
  [
    "ClerkctlCore", "ClerkctlWire", "ClerkctlHTTP", "ClerkctlCurl", "ClerkctlHTTPServer",
    "ClerkctlCrypto", "ClerkctlJOSE", "ClerkctlKeyring", "ClerkctlKit",
    "ClerkctlKitLocalizedError", "ClerkctlBrowserSignIn", "ClerkctlCommandLine",
  ]
}
