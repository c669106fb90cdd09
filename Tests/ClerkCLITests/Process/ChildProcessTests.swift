import ClerkCLI
import ClerkTestSupport
import Foundation
import Testing

@Suite("ChildProcess")
struct ChildProcessTests {
  private func makeFile(_ path: String, mode: mode_t) throws {
    try ExecutableFile.write("#!/bin/sh\nexit 5\n", to: path, mode: mode)
  }

  @Test("A name is found on PATH, skipping files that cannot run")
  func resolvesOnPath() throws {
    let first = TemporaryDirectory()
    let second = TemporaryDirectory()
    try makeFile(first.file("tool"), mode: 0o644)
    try makeFile(second.file("tool"), mode: 0o755)
    let path = try ChildProcess.resolve("tool", path: "/nonexistent:\(first.path):\(second.path)")
    #expect(path == second.file("tool"))
  }

  @Test("Only files that cannot run: notExecutable (126); nothing: notFound (127)")
  func failures() throws {
    let directory = TemporaryDirectory()
    try makeFile(directory.file("tool"), mode: 0o644)
    #expect(throws: ChildProcessError.notExecutable(command: "tool", reason: "Permission denied")) {
      try ChildProcess.resolve("tool", path: directory.path)
    }
    #expect(throws: ChildProcessError.notFound(command: "absent")) {
      try ChildProcess.resolve("absent", path: directory.path)
    }
    #expect(throws: ChildProcessError.notFound(command: directory.file("absent"))) {
      try ChildProcess.resolve(directory.file("absent"), path: nil)
    }
    #expect(
      throws: ChildProcessError.notExecutable(command: directory.path, reason: "Is a directory")
    ) {
      try ChildProcess.resolve(directory.path, path: nil)
    }
  }

  @Test(
    "Exit status passes through; a signal gives 128+N; the environment is exactly the one given")
  func runs() throws {
    // Spawned apart from the programs other tests are writing (``ExecutableFile``).
    let gate = ExecutableFile.spawnGate
    #expect(
      try ChildProcess.run(
        ["sh", "-c", "exit 5"], environment: ["PATH": "/usr/bin:/bin"], gate: gate) == 5)
    #expect(
      try ChildProcess.run(
        ["sh", "-c", "kill -KILL $$"], environment: ["PATH": "/usr/bin:/bin"], gate: gate)
        == 137)
    let check = "[ \"$ONLY\" = yes ] && [ -z \"$HOME\" ]"
    #expect(
      try ChildProcess.run(
        ["sh", "-c", check], environment: ["PATH": "/usr/bin:/bin", "ONLY": "yes"], gate: gate)
        == 0)
    // The same through the fork that sets a parent-death signal (in this test: one child at a
    // time, as the signal forwarding wants), and an execve that fails is reported as
    // posix_spawn reports it.
    let path = ["PATH": "/usr/bin:/bin"]
    #expect(
      try ChildProcess.run(
        ["sh", "-c", "exit 5"], environment: path, parentDeathSignal: SIGTERM, gate: gate)
        == 5)
    #expect(
      try ChildProcess.run(
        ["sh", "-c", "kill -KILL $$"], environment: path, parentDeathSignal: SIGTERM, gate: gate)
        == 137)
    #expect(
      try ChildProcess.run(
        ["sh", "-c", check], environment: ["PATH": "/usr/bin:/bin", "ONLY": "yes"],
        parentDeathSignal: SIGTERM, gate: gate) == 0)
    let directory = TemporaryDirectory()
    let broken = directory.file("broken")
    try ExecutableFile.write("#!/nonexistent/interpreter\n", to: broken)
    #expect(
      throws: ChildProcessError.notExecutable(command: broken, reason: "No such file or directory")
    ) {
      try ChildProcess.run([broken], environment: path, parentDeathSignal: SIGTERM, gate: gate)
    }
  }
}
