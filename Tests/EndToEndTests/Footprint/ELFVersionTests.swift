import ClerkTestSupport
import Foundation
import Testing

/// The release binaries start on glibc 2.34 (RHEL 9) and with GCC 11's libstdc++ (Ubuntu 22.04,
/// RHEL 9): the loader refuses a binary that needs a symbol version its libraries lack before
/// `main` runs. The Makefile links without packed relative relocations (`GLIBC_ABI_DT_RELR`,
/// glibc 2.36) and `CCompat` pins the newer symbols the static Swift runtime calls; these
/// guards read what `make build` produced with `readelf -V`.
///
/// They inspect `CLERKCTL_RELEASE_DIR` when it is set (`make test` builds the release binaries
/// and sets it; they must be there), else the release build beside the tests' build
/// (`.build/release`) when there is one, else they are skipped: the debug build links the Swift
/// runtime dynamically, so its version needs say nothing about the shipped binaries.
@Suite("Where the release binaries run")
struct ELFVersionTests {
  /// The release build directory, or nil when there is none to inspect.
  static let releaseDirectory: URL? = {
    if let set = ProcessInfo.processInfo.environment["CLERKCTL_RELEASE_DIR"], !set.isEmpty {
      return URL(fileURLWithPath: set)
    }
    let beside = BuiltProducts.directory.deletingLastPathComponent()
      .appendingPathComponent("release")
    let found = ["clerkctl", "clerk-emulator"].allSatisfy {
      FileManager.default.isExecutableFile(atPath: beside.appendingPathComponent($0).path)
    }
    return found ? beside : nil
  }()

  @Test(
    "neither release binary needs glibc > 2.34, DT_RELR, GLIBCXX > 3.4.29, CXXABI > 1.3.13, a RUNPATH or libstdc++.so",
    .enabled(
      if: releaseDirectory != nil,
      "no release build to inspect: run `make build`, or set CLERKCTL_RELEASE_DIR"),
    arguments: ["clerkctl", "clerk-emulator"])
  func versionNeeds(binary: String) async throws {
    let directory = try #require(Self.releaseDirectory)
    let path = directory.appendingPathComponent(binary).path
    try #require(
      FileManager.default.isExecutableFile(atPath: path),
      "\(path) is missing: run `make build`")
    let needs = ELFVersionNeeds(readelf: try await Self.readelf(["-V", "-W", path]))
    // The reader sees what every program on Linux needs.
    #expect(
      needs.needs["libc.so.6"]?.contains("GLIBC_2.2.5") == true,
      "readelf -V of \(path) parsed as \(needs.needs)")
    #expect(
      needs.tooNew.isEmpty,
      "\(binary) needs \(needs.tooNew): Ubuntu 22.04 (glibc 2.35) or RHEL 9 (glibc 2.34, GCC 11) cannot start it; pin the symbol in Sources/CCompat/compat.c (`objdump -T` names it) or link without packed relocations"
    )
    let dynamic = try await Self.readelf(["--dynamic", path]).split(separator: "\n")
    let relr = dynamic.filter { $0.contains("(RELR)") }
    #expect(relr.isEmpty, "\(binary) has packed relative relocations: \(relr)")
    // No search path of its own: with RUNPATH $ORIGIN, a libcurl.so.4 planted beside the binary
    // in a shared directory would be loaded (and run) inside it.
    let searchPaths = dynamic.filter { $0.contains("(RUNPATH)") || $0.contains("(RPATH)") }
    #expect(
      searchPaths.isEmpty,
      "\(binary) carries \(searchPaths): build with --disable-local-rpath (the Makefile does)")
    // libstdc++ is linked in, not loaded: one library fewer to map, relocate and search at every
    // start and for every symbol of libcurl's libraries (Makefile, STATIC_CXX_DIR).
    let needed = dynamic.filter { $0.contains("(NEEDED)") }
    #expect(needed.contains { $0.contains("[libc.so.6]") }, "readelf listed \(needed)")
    let cxx = needed.filter { $0.contains("libstdc++") }
    #expect(
      cxx.isEmpty,
      "\(binary) loads \(cxx): `make build` links libstdc++.a (the Makefile's STATIC_CXX_DIR)")
  }

  @Test("the reader catches what the binaries needed before: DT_RELR, hypotf, condition_variable")
  func readerCatchesNewerVersions() {
    // `readelf -V` of clerk-emulator linked with `-z pack-relative-relocs`, before CCompat.
    let output = """
      Version symbols section '.gnu.version' contains 486 entries:
       Addr: 0x0000000000003e00  Offset: 0x00003e00  Link: 6 (.dynsym)
        000:   0 (*local*)       2 (GLIBC_2.2.5)   3 (GLIBC_2.2.5)   4 (GLIBC_2.2.5)

      Version needs section '.gnu.version_r' contains 3 entries:
       Addr: 0x0000000000004cb8  Offset: 0x00004cb8  Link: 7 (.dynstr)
        000000: Version: 1  File: libstdc++.so.6  Cnt: 2
        0x0010:   Name: GLIBCXX_3.4.30  Flags: none  Version: 33
        0x0020:   Name: GLIBCXX_3.4.29  Flags: none  Version: 29
        0x0030: Version: 1  File: libm.so.6  Cnt: 2
        0x0040:   Name: GLIBC_2.35  Flags: none  Version: 10
        0x0050:   Name: GLIBC_2.2.5  Flags: none  Version: 3
        0x0060: Version: 1  File: libc.so.6  Cnt: 4
        0x0070:   Name: GLIBC_ABI_DT_RELR  Flags: none  Version: 38
        0x0080:   Name: GLIBC_PRIVATE  Flags: none  Version: 39
        0x0090:   Name: GLIBC_2.34  Flags: none  Version: 15
        0x00a0:   Name: GLIBC_2.2.5  Flags: none  Version: 2
      """
    let needs = ELFVersionNeeds(readelf: output)
    #expect(needs.needs["libc.so.6"]?.count == 4)
    #expect(
      needs.tooNew == [
        "libc.so.6: GLIBC_ABI_DT_RELR", "libm.so.6: GLIBC_2.35", "libstdc++.so.6: GLIBCXX_3.4.30",
      ])
  }

  private static func readelf(_ arguments: [String]) async throws -> String {
    let result = try await ProcessRun.run(
      "/usr/bin/readelf", arguments, environment: ["LANG": "C"])
    try #require(result.status == 0, "readelf failed: \(result.stderr)")
    return result.stdout
  }
}
