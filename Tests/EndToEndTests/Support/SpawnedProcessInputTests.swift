import ClerkTestSupport
import Testing

/// Writing input to a child that has already exited (a usage error before it reads stdin)
/// must not end the whole test run with SIGPIPE.
@Suite("SpawnedProcess input")
struct SpawnedProcessInputTests {
  @Test("input for a child that has exited is dropped, not a SIGPIPE for the test process")
  func writeAfterExit() async {
    await #expect(processExitsWith: .success) {
      let child = try SpawnedProcess("/bin/true", [], environment: [:])
      #expect(await child.waitForExit().status == 0)
      child.write(Array(repeating: 0x61, count: 1 << 20))
    }
  }
}
