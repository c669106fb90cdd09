import ClerkTestSupport
import Foundation
import Glibc
import Testing

/// While it holds a credential, clerkctl is not dumpable: no core file or same-user ptrace can
/// read the client token. A non-dumpable process's `/proc/PID/status` belongs to root; a
/// dumpable one's to its user — so the test runs clerkctl as an unprivileged user (when it is root) and
/// watches who owns `/proc/PID` while clerkctl waits for a sign-in ticket on stdin.
@Suite("Process dumpability, through the binary", .tags(.security))
struct ProcessDumpabilityEndToEndTests {
  @Test("clerkctl waiting on a ticket is not dumpable")
  func notDumpable() async throws {
    let sandbox = TemporaryDirectory(prefix: "clerkctl-dump")
    let arguments = [
      "login", "--ticket-stdin", "--fapi-url", "http://127.0.0.1:9", "--config-dir",
      sandbox.path + "/config",
      // Waiting until the test ends it: with the default 120 s, a look delayed past that by a
      // starved test pool (AddressSanitizer, beside two other suites) found clerkctl gone.
      "--sign-in-timeout", "3600",
    ]
    let user: uid_t
    let executable: String
    let command: [String]
    if geteuid() == 0 {
      user = 65534
      // The sandbox is private (0700, root's): the unprivileged clerkctl makes its config there.
      #expect(chown(sandbox.path, 65534, 65534) == 0)
      executable = "/usr/bin/setpriv"
      command =
        ["--reuid=65534", "--regid=65534", "--clear-groups", "--", BuiltProducts.path("clerkctl")]
        + arguments
    } else {
      user = geteuid()
      executable = BuiltProducts.path("clerkctl")
      command = arguments
    }
    // stdin stays open: clerkctl waits on the ticket while the test reads /proc.
    let child = try SpawnedProcess(
      executable, command,
      environment: ["PATH": "/usr/bin:/bin", "HOME": sandbox.path, "CI": "true"])
    defer {
      child.closeInput()
      child.send(SIGTERM)  // its own thread reaps it
    }
    let proc = "/proc/\(child.pid)"
    // Poll until clerkctl itself runs (setpriv has exec'd it) and /proc/PID/status shows root
    // as the owner, up to a generous deadline: on a dumpable clerkctl the owner stays `user`.
    var owner: uid_t?
    var name = ""
    // A loaded full suite can leave this task unscheduled past the deadline (the likely cause
    // of a failure under AddressSanitizer, whose last look still saw setpriv: a look before the
    // wait and the next after the deadline), so only looks made after the deadline end it, and clerkctl is looked at several times after it started (its
    // first instructions make it non-dumpable): one late look would catch it mid start-up.
    let deadline = Date().addingTimeInterval(60)
    var looksAsClerkctl = 0
    var lateLooks = 0
    while true {
      name = ((try? String(contentsOfFile: proc + "/comm", encoding: .utf8)) ?? "")
        .trimmingCharacters(in: .whitespacesAndNewlines)
      var info = stat()
      if name == "clerkctl", stat(proc + "/status", &info) == 0 {
        looksAsClerkctl += 1
        owner = info.st_uid
        if owner == 0 { break }
      }
      if Date() >= deadline {
        lateLooks += 1
        if name == "clerkctl" ? looksAsClerkctl >= 10 : lateLooks >= 2 { break }
      }
      try await Task.sleep(nanoseconds: 20_000_000)
    }
    #expect(name == "clerkctl", "clerkctl never ran")
    #expect(
      owner == 0,
      "/proc/PID/status of clerkctl (run as uid \(user)) belongs to uid \(owner.map(String.init) ?? "?"): it is dumpable"
    )
  }
}
