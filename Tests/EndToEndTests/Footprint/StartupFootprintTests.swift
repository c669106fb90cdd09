import ClerkTestSupport
import Foundation
import Testing

/// What the built `clerkctl` carries and loads: a cached token is printed by every script and CI
/// step, so its start must stay near a bare Swift program's (`make bench` measures it; these
/// guards time nothing, they fail when what made it cheap regresses).
///
/// They inspect the binary the tests run (`make test` builds debug; set `CLERKCTL_BIN_DIR` to
/// `.build/release` to inspect what `make build` ships). In the debug build the Swift libraries
/// are linked dynamically, so any use of Foundation proper shows as a `libFoundation.so`
/// dependency and `$s10Foundation…` symbols; in the static release build the same code pulls
/// CoreFoundation in, whose `__CFInitialize` runs on every start. Both are checked.
@Suite("What clerkctl loads")
struct StartupFootprintTests {
  @Test("clerkctl links no Foundation proper (CoreFoundation, ICU), libcurl or libcrypto")
  func linkedLibraries() async throws {
    let binary = BuiltProducts.path("clerkctl")
    let needed = try await Self.neededLibraries(of: binary)
    // The reader sees the dependencies every Swift program on Linux has.
    #expect(needed.contains("libc.so.6"), "readelf listed \(needed)")
    let foundation = needed.filter {
      [
        "libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so",
        "libCoreFoundation.so",
      ].contains($0)
    }
    #expect(
      foundation.isEmpty,
      "clerkctl depends on \(foundation): something on clerkctl's path (the Clerkctl* layers, ClerkCLI) uses Foundation proper; use FoundationEssentials, the stdlib or Glibc"
    )
    let loadedOnDemand = needed.filter {
      $0.hasPrefix("libcurl") || $0.hasPrefix("libcrypto") || $0.hasPrefix("libsecret")
        || $0.hasPrefix("libglib") || $0.hasPrefix("libgio")
    }
    #expect(
      loadedOnDemand.isEmpty,
      "clerkctl links \(loadedOnDemand); they are opened on first use (CurlLibrary, CryptoLibrary, SecretLibrary)"
    )

    let symbols = try await Self.run("/usr/bin/nm", [binary]).stdout
    // The reader sees clerkctl's own symbols (the binary is not stripped).
    #expect(symbols.contains("$s11ClerkctlKit"))
    let foundationSymbols = symbols.split(separator: "\n").filter {
      $0.contains("__CFInitialize") || $0.contains("$s10Foundation")
    }
    #expect(
      foundationSymbols.isEmpty, "Foundation symbols in clerkctl: \(foundationSymbols.prefix(5))")
  }

  /// The FoundationEssentials types clerkctl may use. `ProcessInfo`, `FileManager`,
  /// `URLComponents`, `JSONDecoder`/`JSONEncoder`, `Data`'s file I/O and the like each bring
  /// start-up work or a large share of the library with them; clerkctl has its own small
  /// replacements (`ProcessEnvironment`, `LocalFile`, `AbsoluteURL`, `JSONValue`). Not even
  /// `LocalizedError`: its descriptor links most of the library in the static build (see
  /// `releaseCarriesOnlyDate`); `ClerkAuthError`'s conformance is in ClerkctlKitLocalizedError,
  /// which clerkctl does not link.
  static let allowedFoundationEssentialsTypes = ["4DateV"]

  @Test("clerkctl uses nothing from FoundationEssentials but Date")
  func foundationEssentialsUse() async throws {
    let binary = BuiltProducts.path("clerkctl")
    let undefined = try await Self.run("/usr/bin/nm", ["--undefined-only", binary]).stdout
    let prefix = "$s20FoundationEssentials"
    let used = undefined.split(separator: "\n").compactMap { line -> String? in
      guard let range = line.range(of: prefix) else { return nil }
      return String(line[range.lowerBound...])
    }
    // Without a dynamic FoundationEssentials (a static build) there is nothing to inspect.
    let linked = try await Self.neededLibraries(of: binary).contains("libFoundationEssentials.so")
    try #require(!linked || !used.isEmpty, "the reader found no FoundationEssentials symbols")
    let unexpected = used.filter { symbol in
      !Self.allowedFoundationEssentialsTypes.contains {
        symbol.dropFirst(prefix.count).hasPrefix($0)
      }
    }
    #expect(
      unexpected.isEmpty,
      "clerkctl now uses more of FoundationEssentials (demangle with `swift demangle`): \(unexpected.prefix(5)); use the stdlib or ClerkKit's own types, or allow it here with the benchmark that shows it costs nothing"
    )
  }

  /// The static release build (`make build`) carries what it uses of FoundationEssentials, by
  /// object file. One reference beyond `Date` (`LocalizedError`'s descriptor, in `CocoaError`'s
  /// object) linked most of the library: 21.9 → 33 MB, ~1,300 more protocol conformances, which
  /// every conformance lookup at start scans (a cache hit ran 0.4 M instructions more). The
  /// debug build's check above sees only the symbols clerkctl names, not what they drag in.
  @Test(
    "the release clerkctl carries no FoundationEssentials conformance but Date's",
    .enabled(
      if: ELFVersionTests.releaseDirectory != nil,
      "no release build to inspect: run `make build`, or set CLERKCTL_RELEASE_DIR"))
  func releaseCarriesOnlyDate() async throws {
    let directory = try #require(ELFVersionTests.releaseDirectory)
    let binary = directory.appendingPathComponent("clerkctl").path
    let symbols = try await Self.run("/usr/bin/nm", ["--defined-only", binary]).stdout
    // Protocol conformance descriptors (`…Mc`) of the library's types.
    let conformances = symbols.split(separator: "\n").compactMap { line -> Substring? in
      guard let name = line.split(separator: " ").last, name.hasSuffix("Mc"),
        name.hasPrefix("$s20FoundationEssentials") || name.hasPrefix("$s22_FoundationCollections")
      else { return nil }
      return name
    }
    // The reader sees Date's own (Equatable, Hashable, Comparable…).
    #expect(
      conformances.contains { $0.hasPrefix("$s20FoundationEssentials4DateV") },
      "nm listed no conformance of Date in \(binary)")
    let others = conformances.filter { !$0.hasPrefix("$s20FoundationEssentials4DateV") }
    // The count, not the list: a regression lists a thousand of them.
    let otherCount = others.count
    #expect(
      otherCount == 0,
      "\(binary) links FoundationEssentials beyond Date (\(others.count) conformances, e.g. \(others.prefix(3))); find the use with `nm -u` on .build/release/*.build/*.o (e.g. a Date interpolated into a string: print its timeIntervalSince1970)"
    )
  }

  @Test("a cache-hit token maps neither libcurl nor libcrypto; the cold mint before it maps both")
  func cacheHitLoadsNoLibcurl() async throws {
    let fixture = try await CLIFixture(.binary)
    // On the real clock: the template's 60 s could run out (under --min-ttl) between the
    // mint and the hit on a loaded machine.
    try await fixture.admin.setTokenLifetime(template: "convex", seconds: 3600)
    try await fixture.signIn()
    let traced = ["LD_DEBUG": "libs"]
    let mint = try await fixture.run(["token", "--template", "convex"], extra: traced)
    try #require(mint.status == 0, "token failed: \(mint.stderr)")
    // The trace names what the loader maps, so the check below can see libcurl when it is there.
    let mintMapped = Self.mapped(mint.stderr)
    #expect(mintMapped.contains { $0.hasPrefix("libcurl.so") }, "the mint mapped \(mintMapped)")
    #expect(mintMapped.contains { $0.hasPrefix("libcrypto.so") })
    let requests = try await fixture.admin.requests().count

    let hit = try await fixture.run(["token", "--template", "convex"], extra: traced)
    #expect(hit.status == 0)
    #expect(hit.stdout == mint.stdout)
    #expect(
      try await fixture.admin.requests().count == requests, "the second token was not a cache hit")
    let unwanted = Self.onDemandLibraries(in: hit.stderr)
    #expect(unwanted.isEmpty, "a cache hit mapped \(unwanted)")
  }

  @Test("an API-key profile's token maps neither libcurl nor libcrypto")
  func apiKeyTokenLoadsNoLibcurl() async throws {
    let fixture = try await CLIFixture(.binary)
    let login = try await fixture.run(
      ["--profile", "key", "login", "--api-key-stdin"], stdin: "ak_footprint_0123456789\n")
    try #require(login.status == 0, "login failed: \(login.stderr)")
    let hit = try await fixture.run(["--profile", "key", "token"], extra: ["LD_DEBUG": "libs"])
    #expect(hit.status == 0)
    #expect(hit.stdout == "ak_footprint_0123456789\n")
    let unwanted = Self.onDemandLibraries(in: hit.stderr)
    #expect(unwanted.isEmpty, "an API-key token mapped \(unwanted)")
  }

  /// The libraries clerkctl opens on first use (and theirs) that the loader trace `trace` shows
  /// mapped; records an issue when `trace` is no loader trace.
  private static func onDemandLibraries(in trace: String) -> Set<String> {
    let mapped = Self.mapped(trace)
    #expect(mapped.contains("libc.so.6"), "no loader trace in: \(trace.prefix(300))")
    return mapped.filter {
      $0.hasPrefix("libcurl") || $0.hasPrefix("libcrypto") || $0.hasPrefix("libssl")
        || $0.hasPrefix("libsecret") || $0.hasPrefix("libglib")
    }
  }

  /// The libraries the loader trace (`LD_DEBUG=libs`) says it looked up (`find library=NAME`)
  /// or initialised (`calling init: PATH`), by file name.
  private static func mapped(_ trace: String) -> Set<String> {
    var names: Set<String> = []
    for line in trace.split(separator: "\n") {
      if let range = line.range(of: "find library=") {
        names.insert(String(line[range.upperBound...].prefix { $0 != " " }))
      } else if let range = line.range(of: "calling init: ") {
        let path = line[range.upperBound...]
        names.insert(String(path.split(separator: "/").last ?? path))
      }
    }
    return names
  }

  /// The `DT_NEEDED` entries of the ELF file at `path`.
  private static func neededLibraries(of path: String) async throws -> [String] {
    let dynamic = try await run("/usr/bin/readelf", ["--dynamic", path]).stdout
    return dynamic.split(separator: "\n").compactMap { line in
      guard line.contains("(NEEDED)"), let open = line.lastIndex(of: "["),
        let close = line.lastIndex(of: "]")
      else { return nil }
      return String(line[line.index(after: open)..<close])
    }
  }

  private static func run(_ tool: String, _ arguments: [String]) async throws -> ProcessResult {
    let result = try await ProcessRun.run(tool, arguments, environment: ["LANG": "C"])
    try #require(result.status == 0, "\(tool) failed: \(result.stderr)")
    return result
  }
}
