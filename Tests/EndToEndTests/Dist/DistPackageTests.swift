import ClerkTestSupport
import ClerkctlCore
import ClerkctlCrypto
import Foundation
import Testing

/// `make dist`: the tarball, the Debian package and `SHA256SUMS` hold what a release page offers,
/// and what they install runs: `clerkctl version`, `clerk-emulator --version`, and a sign-in and
/// token between the installed binaries. The package is installed into a scratch root with
/// `dpkg --root` (its own database there; the system's is never touched).
///
/// Skipped when there are no artifacts for this version (run `make dist`) and outside
/// `make test`, which builds them and sets `CLERKCTL_DIST_DIR`; the package tests also need dpkg.
@Suite(
  "Release artifacts (make dist)",
  .enabled(
    if: DistArtifacts.found != nil || DistArtifacts.required,
    "no make dist artifacts for \(ClerkVersion.current) in \(DistArtifacts.directory()): run `make dist`, or set CLERKCTL_DIST_DIR"
  ))
struct DistPackageTests {
  // dpkg looks for ldconfig and start-stop-daemon in the sbin directories.
  private let environment = ["LANG": "C", "PATH": "/usr/sbin:/usr/bin:/sbin:/bin"]

  private func artifacts() throws -> DistArtifacts {
    try #require(
      DistArtifacts.found,
      "no artifacts for \(ClerkVersion.current) in \(DistArtifacts.directory()): run `make dist`")
  }

  private func run(
    _ tool: String, _ arguments: [String], environment: [String: String]? = nil,
    stdin: String? = nil
  ) async throws -> ProcessResult {
    let result = try await ProcessRun.run(
      tool, arguments, environment: environment ?? self.environment, stdin: stdin, timeout: 120)
    try #require(result.status == 0, "\(tool) \(arguments) failed: \(result.stderr)")
    return result
  }

  @Test("SHA256SUMS lists the tarball and the package with their SHA-256")
  func checksums() throws {
    let dist = try artifacts()
    let lines = try String(contentsOfFile: dist.checksums, encoding: .utf8)
      .split(separator: "\n")
    var listed: [String: String] = [:]
    for line in lines {
      let parts = line.split(separator: " ", omittingEmptySubsequences: true)
      try #require(parts.count == 2, "not a sha256sum line: \(line)")
      listed[String(parts[1])] = String(parts[0])
    }
    let names = [dist.tarball, dist.package].map { URL(fileURLWithPath: $0).lastPathComponent }
    #expect(Set(listed.keys) == Set(names))
    for path in [dist.tarball, dist.package] {
      let digest = SHA256.hash([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
      let hex = digest.map { byte in
        let digits = String(byte, radix: 16)
        return digits.count == 1 ? "0" + digits : digits
      }.joined()
      #expect(listed[URL(fileURLWithPath: path).lastPathComponent] == hex, "\(path)")
    }
  }

  @Test("the tarball: one directory with bin/, man pages, completions, LICENSE and README; it runs")
  func tarball() async throws {
    let dist = try artifacts()
    let top = URL(fileURLWithPath: dist.tarball).lastPathComponent
      .replacingOccurrences(of: ".tar.gz", with: "")
    let listing = try await run("/bin/tar", ["-tzf", dist.tarball]).stdout
    let entries = Set(listing.split(separator: "\n").map(String.init))
    for entry in [
      "bin/clerkctl", "bin/clerk-emulator", "share/man/man1/clerkctl.1",
      "share/man/man1/clerkctl-token.1", "share/bash-completion/completions/clerkctl",
      "share/zsh/site-functions/_clerkctl", "share/fish/vendor_completions.d/clerkctl.fish",
      "LICENSE", "README.md",
    ] {
      #expect(entries.contains(top + "/" + entry), "the tarball lacks \(entry)")
    }
    #expect(entries.allSatisfy { $0.hasPrefix(top + "/") }, "entries outside \(top)/")

    let scratch = TemporaryDirectory(prefix: "dist-tarball")
    _ = try await run("/bin/tar", ["-xzf", dist.tarball, "-C", scratch.path])
    let bin = scratch.path + "/" + top + "/bin/"
    #expect(
      try await run(bin + "clerkctl", ["version"]).stdout.hasPrefix(
        "clerkctl \(ClerkVersion.current)\n"))
    #expect(
      try await run(bin + "clerk-emulator", ["--version"]).stdout
        == "clerk-emulator \(ClerkVersion.current)\n")
    let license = try String(contentsOfFile: scratch.path + "/" + top + "/LICENSE", encoding: .utf8)
    #expect(license.hasPrefix("MIT License"))
  }

  @Test(
    "the .deb: control fields, Debian's paths; installed into a scratch root with dpkg --root, it runs",
    .enabled(
      if: DistArtifacts.has("dpkg") && DistArtifacts.has("dpkg-deb"), "dpkg is not installed"))
  func debianPackage() async throws {
    let dist = try artifacts()
    let fields = try await run(
      "/usr/bin/dpkg-deb", ["-f", dist.package, "Package", "Version", "Architecture", "Depends"]
    ).stdout
    #expect(fields.contains("Package: clerkctl\n"))
    #expect(fields.contains("Version: \(ClerkVersion.current)\n"))
    #expect(fields.contains("Architecture: "))
    let depends = try #require(fields.split(separator: "\n").first { $0.hasPrefix("Depends: ") })
    for dependency in ["libcurl4", "libssl3", "libc6 (>= 2.34)"] {
      #expect(depends.contains(dependency), "\(depends)")
    }
    // libstdc++ is linked into the binaries.
    #expect(!depends.contains("libstdc++"), "\(depends)")
    let contents = try await run("/usr/bin/dpkg-deb", ["-c", dist.package]).stdout
    for path in [
      "./usr/bin/clerkctl", "./usr/bin/clerk-emulator", "./usr/share/man/man1/clerkctl.1.gz",
      "./usr/share/bash-completion/completions/clerkctl",
      "./usr/share/zsh/vendor-completions/_clerkctl",
      "./usr/share/fish/vendor_completions.d/clerkctl.fish", "./usr/share/doc/clerkctl/copyright",
    ] {
      #expect(contents.contains(" " + path + "\n"), "the package lacks \(path)")
    }
    #expect(!contents.contains(" ./usr/local"), "the package installs under /usr/local")

    // A scratch root with dpkg's own database: the system's dpkg knows nothing of it.
    let scratch = TemporaryDirectory(prefix: "dist-root")
    for directory in [
      "var/lib/dpkg/info", "var/lib/dpkg/updates", "var/lib/dpkg/triggers", "var/log",
    ] {
      try FileManager.default.createDirectory(
        atPath: scratch.file(directory), withIntermediateDirectories: true)
    }
    for file in ["var/lib/dpkg/status", "var/lib/dpkg/available"] {
      #expect(FileManager.default.createFile(atPath: scratch.file(file), contents: Data()))
    }
    // The root has none of the libraries the package depends on (the host has them).
    _ = try await run(
      "/usr/bin/dpkg",
      [
        "--root=\(scratch.path)", "--log=\(scratch.file("var/log/dpkg.log"))", "--force-depends",
        "--force-not-root", "-i", dist.package,
      ])
    let status = try await run("/usr/bin/dpkg", ["--root=\(scratch.path)", "-s", "clerkctl"]).stdout
    #expect(status.contains("Status: install ok installed"))
    let bin = scratch.file("usr/bin/")
    #expect(
      try await run(bin + "clerkctl", ["version"]).stdout.hasPrefix(
        "clerkctl \(ClerkVersion.current)\n"))
    #expect(
      try await run(bin + "clerk-emulator", ["--version"]).stdout
        == "clerk-emulator \(ClerkVersion.current)\n")
    try await signInBetween(emulator: bin + "clerk-emulator", clerkctl: bin + "clerkctl")
  }

  @Test(
    "apt would install the .deb on this machine: its dependencies resolve (apt-get -s)",
    .enabled(if: DistArtifacts.has("apt-get"), "apt-get is not installed"))
  func aptResolves() async throws {
    let dist = try artifacts()
    let simulated = try await run("/usr/bin/apt-get", ["install", "-s", "-q", dist.package])
    #expect(
      simulated.stdout.contains("Inst clerkctl (\(ClerkVersion.current)"), "\(simulated.stdout)")
  }

  /// Starts the installed emulator, signs in with the installed clerkctl and mints a token: the
  /// stripped binaries open libcurl and libcrypto and work end to end.
  private func signInBetween(emulator: String, clerkctl: String) async throws {
    let child = try SpawnedProcess(
      emulator, ["--port", "0", "--quiet"], environment: environment, input: .null)
    defer { child.send(SIGTERM) }
    #expect(await child.waitForOutput(timeout: 60) { stdout, _ in stdout.contains("\n") })
    let ready = try JSONValue(parsing: String(child.stdout.prefix { $0 != "\n" }))
    let fapi = try #require(ready["fapi_url"]?.stringValue)
    let home = TemporaryDirectory(prefix: "dist-home")
    var env = environment
    env["HOME"] = home.path
    env["CI"] = "true"
    env["CLERK_FAPI_URL"] = fapi
    _ = try await run(
      clerkctl, ["login", "--identifier", "demo@example.com", "--password-stdin"],
      environment: env, stdin: "demo-password\n")
    let token = try await run(clerkctl, ["token", "--template", "convex"], environment: env)
    #expect(token.stdout.split(separator: ".").count == 3, "not a JWT: \(token.stdout)")
    child.send(SIGTERM)
    #expect(await child.waitForExit().status == 0)
  }
}
