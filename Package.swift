// swift-tools-version:6.0
import PackageDescription

let settings: [SwiftSetting] = [
  .enableUpcomingFeature("MemberImportVisibility")
]

let package = Package(
  name: "clerkctl",
  products: [
    .library(name: "ClerkKit", targets: ["ClerkKit"]),
    .executable(name: "clerkctl", targets: ["clerkctl"]),
    .executable(name: "clerk-emulator", targets: ["clerk-emulator"]),
  ],
  targets: [
    // C libraries, reached only from ClerkKit. CCurl gives libcurl's headers only: ClerkKit
    // opens libcurl.so.4 on the first request (CurlLibrary), so clerkctl does not link it (no
    // pkgConfig here, which would add -lcurl); Scripts/setup.sh installs the -dev packages.
    .systemLibrary(
      name: "CCurl",
      providers: [.apt(["libcurl4-openssl-dev"])]
    ),
    // COpenSSL likewise: ClerkKit opens libcrypto.so.3 on first use (CryptoLibrary).
    .systemLibrary(
      name: "COpenSSL",
      providers: [.apt(["libssl-dev"])]
    ),
    // Fixed-argument wrappers of variadic system calls (prctl).
    .systemLibrary(name: "CSystem"),
    // Pins three symbols the static Swift runtime calls to their old versions, so the release
    // binaries run on glibc 2.34 and libstdc++ 3.4.29 (RHEL 9, Ubuntu 22.04); see compat.c.
    .target(name: "CCompat", linkerSettings: [.linkedLibrary("m"), .linkedLibrary("stdc++")]),

    // The library users embed: HTTP over libcurl, crypto over OpenSSL, JWT, the HTTP/1.1
    // server, Clerk's Frontend API client and the credential store.
    .target(
      name: "ClerkKit",
      dependencies: ["CCurl", "COpenSSL", "CSystem"],
      swiftSettings: settings
    ),
    // The emulator's Clerk logic: Frontend API, Backend API subset, JWKS, Convex-style API.
    .target(
      name: "ClerkEmulator",
      dependencies: ["ClerkKit"],
      swiftSettings: settings
    ),
    // Argument parsing, help, the commands and the one error-to-exit-code mapping.
    .target(
      name: "ClerkCLI",
      dependencies: ["ClerkKit"],
      swiftSettings: settings
    ),
    .executableTarget(
      name: "clerkctl",
      dependencies: ["ClerkCLI", "CCompat"],
      swiftSettings: settings
    ),
    .executableTarget(
      name: "clerk-emulator",
      dependencies: ["ClerkEmulator", "CCompat"],
      swiftSettings: settings
    ),

    // Helpers shared by the test targets: temp dirs, the fake clock, the CLI fixture (in process
    // against the emulator in memory, or the built binaries), raw sockets,
    // an HTTPS test server with its fixture certificates (Resources/tls).
    .target(
      name: "ClerkTestSupport",
      dependencies: ["ClerkKit", "ClerkEmulator", "ClerkCLI"],
      path: "Tests/ClerkTestSupport",
      resources: [.copy("Resources")],
      swiftSettings: settings
    ),
    .testTarget(
      name: "ClerkKitTests",
      dependencies: ["ClerkKit", "ClerkTestSupport"],
      swiftSettings: settings
    ),
    .testTarget(
      name: "ClerkEmulatorTests",
      dependencies: ["ClerkEmulator", "ClerkKit", "ClerkTestSupport"],
      resources: [.copy("Fixtures")],
      swiftSettings: settings
    ),
    .testTarget(
      name: "ClerkCLITests",
      dependencies: ["ClerkCLI", "ClerkKit", "ClerkTestSupport"],
      swiftSettings: settings
    ),
    .testTarget(
      name: "EndToEndTests",
      dependencies: ["ClerkKit", "ClerkTestSupport"],
      swiftSettings: settings
    ),
  ]
)
