import ClerkTestSupport
import Testing

/// The guard that keeps tests from starving each other: a blocking wait on a child run inside a
/// task (on one of Swift Testing's few cooperative threads) records an issue; the same wait on
/// a thread of its own, or awaited, does not.
@Suite("Tests wait off the cooperative threads")
struct CooperativePoolGuardTests {
  @Test("a blocking child wait inside a task is an issue")
  func blockingWaitInTaskIsAnIssue() throws {
    try withKnownIssue("the guard must report the blocking wait") {
      let result = try ProcessRun.run("/bin/sh", ["-c", "exit 0"], environment: [:])
      #expect(result.status == 0)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("blocks a cooperative thread") }
    }
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
