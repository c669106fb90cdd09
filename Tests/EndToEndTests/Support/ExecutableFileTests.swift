import ClerkTestSupport
import ClerkctlCore
import Glibc
import Testing

/// A program a test writes runs at once, even while other tests start children that inherit
/// everything: none of them can hold it open for writing (`execve` would fail with ETXTBSY,
/// "Text file busy", as a clerkctl copied into a test's home once did on a loaded run).
@Suite("ExecutableFile")
struct ExecutableFileTests {
  @Test("programs written while inheriting children start all run (no Text file busy)")
  func writtenWhileChildrenStart() async throws {
    let directory = TemporaryDirectory()
    let stop = Lock(false)
    let startedSoFar = Lock(0)
    // Children that inherit every descriptor not close-on-exec, started back to back; each
    // lives until the next few have started, as a careless library's children would. Their
    // thread starts here, not in a task: a task (`async let`) waits for one of the suite's two
    // cooperative threads, and on a loaded run it started only after the writes had ended.
    let spawner = JoinableThread.start {
      var alive: [InheritingChild] = []
      var started = 0
      while !stop.withLock({ $0 }) {
        if let child = try? InheritingChild(["/bin/sleep", "60"]) {
          alive.append(child)
          started += 1
          startedSoFar.withLock { $0 = started }
        }
        if alive.count > 4 { Self.end(alive.removeFirst().pid) }
      }
      for child in alive { Self.end(child.pid) }
    }
    let spawnerThread = try #require(spawner, "no thread for the spawner")
    // And spawns that take no gate, as Swift Testing's exit tests' do: each child holds a copy
    // of every descriptor between its clone and its exec.
    let ungated = JoinableThread.start {
      while !stop.withLock({ $0 }) {
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
        defer { free(argv[0]) }
        guard posix_spawn(&pid, "/bin/true", nil, nil, argv, environ) == 0 else { continue }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
      }
    }
    let ungatedThread = try #require(ungated, "no thread for the ungated spawner")
    let failures: [String] = try await onOwnThread {
      defer {
        stop.withLock { $0 = true }
        spawnerThread.join()
        ungatedThread.join()
      }
      var failures: [String] = []
      // At least 150 programs, and on until 20 children started beside them (a loaded machine
      // may give the spawner's thread little time).
      var round = 0
      while round < 150 || (startedSoFar.withLock { $0 } < 20 && round < 5_000) {
        defer { round += 1 }
        let path = directory.file("program-\(round)")
        try ExecutableFile.write("#!/bin/sh\necho ran \(round)\n", to: path)
        let result = try ProcessRun.run(path, [], environment: [:])
        if result.status != 0 || result.stdout != "ran \(round)\n" {
          failures.append("round \(round): \(result.status) \(result.stderr)")
        }
      }
      return failures
    }
    let started = startedSoFar.withLock { $0 }
    #expect(started >= 20, "the children must start beside the writes")
    #expect(failures.isEmpty, "\(failures.prefix(3))")
  }

  @Test("the file has exactly the mode asked for, whatever the umask, and replaces one there")
  func mode() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("tool")
    try ExecutableFile.write("old", to: path, mode: 0o600)
    try ExecutableFile.write("#!/bin/sh\n", to: path, mode: 0o750)
    var info = stat()
    #expect(stat(path, &info) == 0)
    #expect(info.st_mode & 0o7777 == 0o750)
    #expect(info.st_size == 10)
  }

  private static func end(_ pid: pid_t) {
    kill(pid, SIGKILL)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
  }
}
