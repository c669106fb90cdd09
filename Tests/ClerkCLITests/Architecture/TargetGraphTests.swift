import ClerkTestSupport
import Foundation
import Testing

/// `Package.swift` is the architecture: these tests read the target graph as SwiftPM resolves it
/// (`swift package describe --type json`) and hold the promises README's Layout section makes.
/// The compiler holds the rest: `make test` builds with
/// `--explicit-target-dependency-import-check=error`, so a file cannot import a layer its target
/// does not declare.
@Suite("The target graph")
struct TargetGraphTests {
  /// A target's name and the targets it depends on directly.
  private struct Target: Decodable {
    let name: String
    let targetDependencies: [String]?

    enum CodingKeys: String, CodingKey {
      case name
      case targetDependencies = "target_dependencies"
    }
  }

  private struct Product: Decodable {
    let name: String
    let targets: [String]
  }

  private struct Description: Decodable {
    let targets: [Target]
    let products: [Product]
  }

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

  /// The package as SwiftPM describes it. A scratch path of its own keeps `describe` off the
  /// build directory the running tests hold.
  private static func describe() async throws -> Description {
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("clerkctl-describe-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let environment = ProcessInfo.processInfo.environment.filter {
      ["PATH", "HOME", "TMPDIR"].contains($0.key)
    }
    let result = try await ProcessRun.run(
      "/usr/bin/env",
      [
        "swift", "package", "--package-path", try packageRoot().path, "--scratch-path",
        scratch.path, "describe", "--type", "json",
      ], environment: environment, timeout: 120)
    try #require(result.status == 0, "swift package describe failed: \(result.stderr)")
    return try JSONDecoder().decode(Description.self, from: Data(result.stdout.utf8))
  }

  /// Every target `roots` reach, themselves included.
  private static func closure(of roots: [String], in description: Description) -> Set<String> {
    let edges = Dictionary(
      description.targets.map { ($0.name, $0.targetDependencies ?? []) },
      uniquingKeysWith: { first, _ in first })
    var seen = Set<String>()
    var queue = roots
    while let next = queue.popLast() {
      guard seen.insert(next).inserted else { continue }
      queue += edges[next] ?? []
    }
    return seen
  }

  @Test("the library product apps embed needs neither OpenSSL nor a server")
  func clientClosure() async throws {
    let description = try await Self.describe()
    let kit = try #require(description.products.first { $0.name == "ClerkctlKit" })
    let reach = Self.closure(of: kit.targets, in: description)
    // The reader sees the layers it is built from.
    #expect(reach.isSuperset(of: ["ClerkctlKit", "ClerkctlCore", "ClerkctlHTTP", "ClerkctlCurl"]))
    for forbidden in [
      "COpenSSL", "ClerkctlCrypto", "ClerkctlJOSE", "ClerkctlHTTPServer", "ClerkctlBrowserSignIn",
      "ClerkEmulator", "ClerkCLI", "CSystem",
    ] {
      #expect(!reach.contains(forbidden), "ClerkctlKit's closure contains \(forbidden)")
    }
  }

  @Test("browser sign-in is a product of its own: the library plus the loopback server")
  func browserClosure() async throws {
    let description = try await Self.describe()
    let browser = try #require(
      description.products.first { $0.name == "ClerkctlBrowserSignIn" })
    let reach = Self.closure(of: browser.targets, in: description)
    #expect(reach.isSuperset(of: ["ClerkctlKit", "ClerkctlHTTPServer"]))
    #expect(!reach.contains("COpenSSL") && !reach.contains("ClerkctlCrypto"))
  }

  @Test("only the transport imports libcurl, only the crypto layer OpenSSL")
  func cWrappers() async throws {
    let description = try await Self.describe()
    let users = { (module: String) in
      description.targets.filter { ($0.targetDependencies ?? []).contains(module) }.map(\.name)
    }
    #expect(users("CCurl") == ["ClerkctlCurl"])
    #expect(users("COpenSSL") == ["ClerkctlCrypto"])
    #expect(users("CSystem") == ["ClerkctlCommandLine"])
    #expect(users("CCloseOnExec") == ["ClerkctlCore"])
    #expect(users("CSecret") == ["ClerkctlKeyring"])
  }

  @Test("the keyring layer is its own: libsecret's shim and the base, nothing of the client")
  func keyringLayer() async throws {
    let description = try await Self.describe()
    let reach = Self.closure(of: ["ClerkctlKeyring"], in: description)
    #expect(reach == ["ClerkctlKeyring", "CSecret", "ClerkctlCore", "CCloseOnExec"])
    let kit = try #require(description.products.first { $0.name == "ClerkctlKit" })
    #expect(Self.closure(of: kit.targets, in: description).contains("ClerkctlKeyring"))
    // libsecret is opened with dlopen, never linked: its module map names no library to link,
    // and the shim includes no header of libsecret's or GLib's (no -dev package to build).
    let shim = try Self.packageRoot().appendingPathComponent("Sources/CSecret")
    let map = try String(
      contentsOf: shim.appendingPathComponent("module.modulemap"), encoding: .utf8)
    #expect(!map.contains("link"))
    let header = try String(contentsOf: shim.appendingPathComponent("shim.h"), encoding: .utf8)
    #expect(!header.contains("#include <libsecret") && !header.contains("#include <glib"))
  }

  @Test("the emulator speaks the wire and never uses the client's logic")
  func emulatorClosure() async throws {
    let description = try await Self.describe()
    let reach = Self.closure(of: ["ClerkEmulator"], in: description)
    #expect(reach.contains("ClerkctlWire") && reach.contains("ClerkctlHTTPServer"))
    for forbidden in ["ClerkctlKit", "ClerkctlCurl", "ClerkctlBrowserSignIn", "ClerkCLI"] {
      #expect(!reach.contains(forbidden), "the emulator reaches \(forbidden)")
    }
  }

  /// `ClerkAuthError: LocalizedError` links most of FoundationEssentials into a binary with
  /// the Swift runtime static (see `ClerkAuthError+LocalizedError.swift`): the apps' products
  /// carry it, clerkctl's command layer never reaches it.
  @Test("both library products carry the LocalizedError conformance; clerkctl does not")
  func localizedErrorModule() async throws {
    let description = try await Self.describe()
    for name in ["ClerkctlKit", "ClerkctlBrowserSignIn"] {
      let product = try #require(description.products.first { $0.name == name })
      #expect(product.targets.contains("ClerkctlKitLocalizedError"), "\(name): \(product.targets)")
    }
    for target in ["ClerkCLI", "clerkctl", "ClerkctlBrowserSignIn"] {
      let reach = Self.closure(of: [target], in: description)
      #expect(
        !reach.contains("ClerkctlKitLocalizedError"), "\(target) reaches the LocalizedError module")
    }
  }

  @Test("no product is named as one of Clerk's own modules")
  func productNames() async throws {
    let description = try await Self.describe()
    let names = Set(description.products.map(\.name))
    #expect(names.isDisjoint(with: ["ClerkKit", "ClerkKitUI", "Clerk"]))
  }
}
