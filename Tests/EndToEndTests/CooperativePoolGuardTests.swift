import ClerkTestSupport
import Testing

/// The guard that keeps tests from starving each other (`expectOffCooperativePool`) lets a
/// child wait on a thread of its own, or awaited, pass. (A test that blocks on purpose to show
/// the guard firing would itself hold one of the two cooperative threads, so there is none.)
@Suite("Tests wait off the cooperative threads")
struct CooperativePoolGuardTests {
  @Test("the same wait on its own thread or awaited is not")
  func ownThreadAndAwaitedPass() async throws {
    let onItsOwn = try await onOwnThread {
      try ProcessRun.run("/bin/sh", ["-c", "exit 3"], environment: [:])
    }
    #expect(onItsOwn.status == 3)
    let awaited = try await ProcessRun.run("/bin/sh", ["-c", "exit 4"], environment: [:])
    #expect(awaited.status == 4)
  }
}
