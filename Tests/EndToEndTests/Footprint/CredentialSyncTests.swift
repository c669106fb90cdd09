import ClerkTestSupport
import Foundation
import Testing

/// What the built `clerkctl` flushes to disk. A mint that changes only the token cache flushes
/// the new credential file before renaming it over the old one (a crash leaves the old file or
/// the new, both whole) but not the directory: if the rename is lost, the old file comes back
/// with the same sign-in, and the next run mints again. A write that changes the sign-in (here
/// the sign-in itself) flushes the directory too, so the new credential survives a crash.
///
/// Counted with `strace` (the `fsync` calls, with the path of each descriptor); skipped where
/// it is not installed.
@Suite(
  "What clerkctl flushes",
  .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/strace")))
struct CredentialSyncTests {
  static let strace = "/usr/bin/strace"

  @Test("a mint flushes the credential file only; a sign-in flushes its directory too")
  func mintSkipsTheDirectoryFlush() async throws {
    let fixture = try await CLIFixture(.binary)
    let login = try await Self.flushes(
      fixture, ["login", "--identifier", "demo@example.com", "--password-stdin"],
      stdin: "demo-password\n")
    // strace names the resolved path (the temporary HOME may be spelled with a `//`).
    let profiles = (fixture.configDir + "/profiles").replacingOccurrences(of: "//", with: "/")
    #expect(login.contains(profiles), "the sign-in flushed \(login)")
    // The temp file shows as the unnamed file it was created as (`profiles/#INODE (deleted)`).
    #expect(login.contains { $0.hasPrefix(profiles + "/") })

    let mint = try await Self.flushes(
      fixture, ["token", "--template", "convex", "--force-refresh"])
    #expect(mint.count == 1, "the mint flushed \(mint)")
    #expect(mint.allSatisfy { $0.hasPrefix(profiles + "/") })
    #expect(!mint.contains(profiles))
  }

  /// The paths `clerkctl arguments…` called `fsync` or `fdatasync` on, in order.
  private static func flushes(
    _ fixture: CLIFixture, _ arguments: [String], stdin: String? = nil
  ) async throws -> [String] {
    let trace = TemporaryDirectory()
    let log = trace.path + "/strace.log"
    // LeakSanitizer cannot run under ptrace (it stops the process to scan it and fails), so a
    // `make sanitize` build checks the traced run for leaks no more; ignored by other builds.
    var environment = fixture.environment
    environment["ASAN_OPTIONS"] = "detect_leaks=0"
    let result = try await ProcessRun.run(
      strace,
      ["-f", "-y", "-e", "trace=fsync,fdatasync", "-o", log, BuiltProducts.path("clerkctl")]
        + arguments, environment: environment, stdin: stdin)
    try #require(result.status == 0, "clerkctl failed: \(result.stderr)")
    let text = try String(contentsOfFile: log, encoding: .utf8)
    // `12345 fsync(7</home/…/profiles/#1234 (deleted)>) = 0`
    return text.split(separator: "\n").compactMap { line in
      guard line.contains("sync("), let open = line.firstIndex(of: "<"),
        let close = line[open...].firstIndex(of: ">")
      else { return nil }
      return String(line[line.index(after: open)..<close])
    }
  }
}
