import ClerkTestSupport
import Glibc
import Testing

/// A test's child inherits nothing above descriptor 2, whatever the test process holds open:
/// a child keeping a test server's connection (or a pipe) open would stall another test.
@Suite("SpawnedProcess descriptors")
struct SpawnedProcessDescriptorTests {
  @Test("a child holds 0, 1 and 2 only, even beside an inheritable descriptor of the test")
  func onlyStandardStreams() async throws {
    let inheritable = open("/dev/null", O_RDONLY)
    try #require(inheritable >= 0)
    defer { close(inheritable) }
    #expect(!OpenDescriptors.isCloseOnExec(inheritable))
    let result = try await ProcessRun.run(
      "/bin/sh",
      ["-c", #"l=; for f in /proc/$$/fd/*; do [ -L "$f" ] && l="$l ${f##*/}"; done; echo $l"#],
      environment: [:])
    #expect(result.status == 0)
    #expect(result.stdout == "0 1 2\n")
  }
}
