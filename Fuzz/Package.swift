// swift-tools-version:6.0
// libFuzzer targets for clerkctl's parsers. Build only with the fuzzer flag (Scripts/fuzz.sh):
//   swift build -c debug --package-path Fuzz -Xswiftc -sanitize=fuzzer,address
// Each target's main.swift defines `LLVMFuzzerTestOneInput` and starts libFuzzer through
// FuzzDriver (SwiftPM links main.swift's `main`, not libFuzzer's); the targets use
// `@testable import` of the layer they fuzz (debug builds of the dependency are testable) to
// reach its `package` declarations; the two library products between them reach every layer
// but crypto.
import PackageDescription

let fuzzers = [
  "FuzzJWT", "FuzzPublishableKey", "FuzzCredentialFile", "FuzzFrontendResponse",
  "FuzzRequestParser",
]

let package = Package(
  name: "clerkctl-fuzz",
  dependencies: [.package(name: "clerkctl", path: "..")],
  targets: [.target(name: "FuzzDriver")]
    + fuzzers.map { name in
      .executableTarget(
        name: name,
        dependencies: [
          "FuzzDriver", .product(name: "ClerkctlKit", package: "clerkctl"),
          .product(name: "ClerkctlBrowserSignIn", package: "clerkctl"),
        ]
      )
    }
)
