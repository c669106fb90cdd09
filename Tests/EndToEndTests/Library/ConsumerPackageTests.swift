import ClerkTestSupport
import ClerkctlCore
import Foundation
import Testing

extension Tag {
  /// The test builds a separate SwiftPM package that depends on this one, as an app would.
  @Tag static var consumerPackage: Self
}

/// Issue 25's "done when": a separate package (path dependency, Swift 6 language mode,
/// `-warnings-as-errors`) holding the seeds' README examples is built in a temp dir and run
/// against the emulator over loopback, while `clerkctl login` signs in from another process.
///
/// The consumer's build directory is kept in this package's `.build/seed-consumer` (its own
/// scratch path, so its package graph never mixes with this one's): the first run builds the
/// library again, later runs are incremental. `swift test --filter ConsumerPackage` runs it.
@Suite("Library: the seeds' README examples in a consumer package", .tags(.consumerPackage))
struct ConsumerPackageTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  @Test("builds warning-free in Swift 6 mode; login() waits for clerkctl login in another process")
  func seedExamples() async throws {
    let package = TemporaryDirectory(prefix: "seed-consumer")
    let sources = package.path + "/Sources/SeedConsumer"
    try FileManager.default.createDirectory(atPath: sources, withIntermediateDirectories: true)
    // A path dependency's identity is its directory's name (`clerkctl` in a clone so named).
    try SeedExamples.packageManifest
      .replacingOccurrences(of: "REPO_PATH", with: Self.repository.path)
      .replacingOccurrences(
        of: "REPO_IDENTITY", with: Self.repository.lastPathComponent.lowercased()
      )
      .write(toFile: package.path + "/Package.swift", atomically: true, encoding: .utf8)
    try SeedExamples.main.write(toFile: sources + "/main.swift", atomically: true, encoding: .utf8)

    let scratch = Self.repository.path + "/.build/seed-consumer"
    var buildEnvironment = ProcessInfo.processInfo.environment
    buildEnvironment["HOME"] = buildEnvironment["HOME"] ?? package.path
    let build = try await ProcessRun.run(
      "/usr/bin/env",
      [
        "swift", "build", "--package-path", package.path, "--scratch-path", scratch,
        "--product", "SeedConsumer", "-Xswiftc", "-warnings-as-errors",
      ], environment: buildEnvironment, timeout: 900)
    try #require(build.status == 0, "the consumer did not build:\n\(build.stdout)\(build.stderr)")
    #expect(!(build.stdout + build.stderr).contains("warning:"), "\(build.stdout)")

    let fixture = try await CLIFixture(.binary)
    let backend = try UnauthorizedOnceBackend()
    defer { backend.stop() }
    var environment = fixture.environment
    environment["CLERKCTL_CONFIG_DIR"] = fixture.configDir
    environment["BACKEND_URL"] = backend.url
    let app = try SpawnedProcess(
      scratch + "/debug/SeedConsumer", [], environment: environment)
    let waiting = await app.waitForOutput(timeout: 60) { out, _ in
      out.contains("waiting for sign-in")
    }
    try #require(waiting, "the app never waited: \(app.stdout)\(app.stderr)")
    // Signed in from another process, on the same store.
    let login = try await fixture.run(
      ["login", "--identifier", "demo@example.com", "--password-stdin"],
      stdin: "demo-password\n", extra: ["CLERKCTL_CONFIG_DIR": fixture.configDir])
    #expect(login.status == 0, "\(login.stderr)")
    let exit = await app.waitForExit(timeout: 120)
    let out = app.stdout
    #expect(exit.status == 0, "\(out)\(app.stderr)")
    let lines = out.split(separator: "\n").map(String.init)

    #expect(lines.contains("wrong password: form_password_incorrect step first_factor"), "\(out)")
    let authenticated = try #require(lines.first { $0.hasPrefix("Authenticated: user_") })
    let userId = String(authenticated.dropFirst("Authenticated: ".count))
    let order = [
      "No cached session, show sign-in UI", "waiting for sign-in", authenticated,
      "Session restored: \(userId)", "token: true", "convex: true",
      "backend: 200 hello \(userId)", "No cached session, show sign-in UI",
      "troubleshoot: Present Clerk sign-in UI first", "done",
    ]
    var position = lines.startIndex
    for expected in order {
      let found = lines[position...].firstIndex(of: expected)
      #expect(found != nil, "'\(expected)' missing or out of order in:\n\(out)")
      position = found.map { $0 + 1 } ?? position
    }
    // The auth state went loading → authenticated → unauthenticated (the observer's lines).
    #expect(lines.contains("state: true \(userId)"), "\(out)")
    #expect(lines.last { $0.hasPrefix("state:") } == "state: false nil", "\(out)")
    // sendAuthenticated: one 401, one retry with a fresh token.
    #expect(backend.authorizations.count == 2)
    #expect(backend.authorizations.first != backend.authorizations.last)
  }

  @Test("the DocC articles show the code the consumer builds; CHANGELOG's version is the library's")
  func articlesMatchTheConsumer() throws {
    let catalog = Self.repository.appendingPathComponent("Sources/ClerkctlKit/ClerkctlKit.docc")
    let lines = { (text: String) in
      text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { !$0.isEmpty }
    }
    let consumer = lines(SeedExamples.main)
    for article in ["SeedExamples.md", "HandlingErrors.md"] {
      let text = try String(
        contentsOf: catalog.appendingPathComponent(article), encoding: .utf8)
      let blocks = text.components(separatedBy: "```swift\n").dropFirst()
        .compactMap { $0.components(separatedBy: "```").first }
      #expect(blocks.count >= 1)
      for block in blocks {
        let shown = lines(block)
        let found = consumer.indices.contains { start in
          Array(consumer[start..<min(consumer.count, start + shown.count)]) == shown
        }
        #expect(found, "\(article) shows code the consumer does not build:\n\(block)")
      }
    }
    let changelog = try String(
      contentsOf: Self.repository.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
    // `## Unreleased` (changes since the newest release) may stand above it.
    let newest = changelog.split(separator: "\n").first {
      $0.hasPrefix("## ") && $0 != "## Unreleased"
    }
    #expect(newest?.hasPrefix("## \(ClerkVersion.current) ") == true, "\(newest ?? "")")
  }
}
