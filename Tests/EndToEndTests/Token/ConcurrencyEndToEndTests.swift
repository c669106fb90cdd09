import ClerkTestSupport
import ClerkctlCore
import ClerkctlKit
import Foundation
import Glibc
import Testing

/// A clerkctl child, started when `start()` is called.
private final class Child: @unchecked Sendable {
  private let arguments: [String]
  private let environment: [String: String]
  private var child: SpawnedProcess?

  init(_ bench: CLIFixture, _ arguments: [String]) throws {
    self.arguments = arguments
    environment = bench.environment
  }

  func start() throws {
    child = try SpawnedProcess(
      BuiltProducts.path("clerkctl"), arguments, environment: environment, input: .null)
  }

  /// Sends `signal` to the child.
  func send(_ signal: Int32) { child?.send(signal) }

  /// Waits for the end; stdout, stderr and the exit status.
  func finish() async -> (status: Int32, stdout: String, stderr: String) {
    guard let child else { return (-1, "", "not started") }
    let exit = await child.waitForExit()
    return (exit.status, child.stdout, child.stderr)
  }
}

/// Many processes on one profile: one mint, one answer, never a torn file.
@Suite("Concurrent and killed processes", .tags(.resilience))
struct ConcurrencyEndToEndTests {
  @Test("48 processes on a cold cache make one mint and all print the same token")
  func coldCache() async throws {
    let bench = try await CLIFixture.signedIn(.binary)
    let children = try (0..<48).map { _ in try Child(bench, ["token", "--template", "convex"]) }
    for child in children { try child.start() }
    var results: [(status: Int32, stdout: String, stderr: String)] = []
    for child in children { results.append(await child.finish()) }
    for result in results { #expect(result.status == 0, "\(result.stderr)") }
    let tokens = Set(results.map(\.stdout))
    #expect(tokens.count == 1)
    #expect(tokens.first?.split(separator: ".").count == 3)
    #expect(try await bench.mintCount() == 1)
    let store = ProfileStore(directory: ConfigDirectory(path: bench.configDir))
    #expect(try store.load(profile: "default") != nil)
  }

  @Test("Writers never interleave: concurrent forced refreshes leave a whole, valid file")
  func concurrentWriters() async throws {
    let bench = try await CLIFixture.signedIn(.binary)
    let children = try (0..<16).map { index in
      try Child(
        bench,
        ["token", "--force-refresh"] + (index.isMultiple(of: 2) ? ["--template", "convex"] : []))
    }
    for child in children { try child.start() }
    for child in children {
      let result = await child.finish()
      #expect(result.status == 0, "\(result.stderr)")
    }
    #expect(try await bench.mintCount() == 16)
    let store = ProfileStore(directory: ConfigDirectory(path: bench.configDir))
    let credential = try #require(try store.load(profile: "default"))
    let session = try #require(credential.sessionID)
    #expect(credential.cachedToken(sessionID: session, template: "convex") != nil)
    #expect(credential.cachedToken(sessionID: session, template: nil) != nil)
  }

  @Test("Processes killed with SIGKILL while refreshing never leave a torn or open file")
  func killedWhileRefreshing() async throws {
    let bench = try await CLIFixture.signedIn(.binary)
    let store = ProfileStore(directory: ConfigDirectory(path: bench.configDir))
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<6 {
      let children = try (0..<8).map { _ in
        try Child(bench, ["token", "--template", "convex", "--force-refresh"])
      }
      for child in children { try child.start() }
      for child in children {
        try await Task.sleep(nanoseconds: UInt64.random(in: 0..<15_000_000, using: &generator))
        child.send(SIGKILL)
      }
      for child in children { _ = await child.finish() }
      #expect(throws: Never.self) { try store.load(profile: "default") }
      #expect(store.fileMode(profile: "default") == 0o600)
      let bytes = try bench.credentialBytes()
      #expect(!bytes.isEmpty)
      #expect((try? JSONValue(parsing: [UInt8](bytes))) != nil)
    }
    let after = try await bench.run(["token", "--template", "convex"])
    #expect(after.status == 0, "\(after.stderr)")
    #expect(try await bench.run(["whoami"]).status == 0)
  }

  @Test("A credential file others can read, or full of garbage, is exit 3")
  func unsafeOrCorruptFile() async throws {
    let bench = try await CLIFixture.signedIn(.binary)
    chmod(bench.credentialPath(), 0o644)
    let open = try await bench.run(["token", "--template", "convex"])
    #expect(open.status == 3)
    #expect(open.stdout.isEmpty)
    #expect(open.stderr.contains("chmod 600"))
    chmod(bench.credentialPath(), 0o600)
    #expect(try await bench.run(["token"]).status == 0)

    for garbage in ["", "{", "\u{0}\u{1}\u{2}garbage", #"{"version": 1}"#, "[1,2,3]"] {
      try Data(garbage.utf8).write(to: URL(fileURLWithPath: bench.credentialPath()))
      chmod(bench.credentialPath(), 0o600)
      let result = try await bench.run(["token", "--template", "convex"])
      #expect(result.status == 3, "\(garbage): \(result.stderr)")
      #expect(result.stdout.isEmpty)
      #expect(result.stderr.split(separator: "\n").count == 1)
    }
  }
}
