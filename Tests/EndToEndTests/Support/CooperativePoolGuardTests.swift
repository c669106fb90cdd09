import ClerkTestSupport
import Testing

/// The guard that keeps tests from starving each other (`expectOffCooperativePool`): it reports
/// a blocking wait inside a task, and lets a child wait on a thread of its own, or awaited,
/// pass. (The check is called directly to show it firing: a test that really blocked would
/// itself hold one of the two cooperative threads.)
@Suite("Tests wait off the cooperative threads")
struct CooperativePoolGuardTests {
  @Test("the check inside a task reports the wait; on a thread of its own it does not")
  func reportsInsideATask() async {
    withKnownIssue { expectOffCooperativePool("a blocking wait") }
    await onOwnThread { expectOffCooperativePool("a blocking wait") }
  }

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
