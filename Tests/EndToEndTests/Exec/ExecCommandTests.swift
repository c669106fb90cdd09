import ClerkTestSupport
import ClerkctlCore
import Foundation
import Glibc
import Testing

@Suite("clerkctl exec, end to end")
struct ExecCommandTests {
  @Test("The command's exit status is passed through")
  func exitStatus() async throws {
    let env = try await CLIFixture.signedIn(.binary)
    let result = try await env.run(["exec", "--", "sh", "-c", "exit 7"])
    #expect(result.status == 7)
    #expect(result.stdout.isEmpty)
  }

  @Test("The child gets a convex JWT in CLERK_TOKEN and its expiry in CLERK_TOKEN_EXPIRES_AT")
  func tokenInEnvironment() async throws {
    let env = try await CLIFixture.signedIn(.binary)
    let result = try await env.run([
      "exec", "--template", "convex", "--",
      "sh", "-c", "printf '%s\\n%s\\n' \"$CLERK_TOKEN\" \"$CLERK_TOKEN_EXPIRES_AT\"",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    try #require(lines.count == 2)
    let jwt = try JWT(lines[0])
    #expect(jwt.payload["aud"]?.stringValue == "convex")
    #expect(jwt.payload["sub"]?.stringValue == env.userID)
    #expect(jwt.payload["iss"]?.stringValue == env.emulator.fapiURL)
    #expect(jwt.payload["exp"]?.intValue == Int64(lines[1]))
  }

  @Test("--env names the variables; the default name is then unset")
  func customVariable() async throws {
    let env = try await CLIFixture.signedIn(.binary)
    let result = try await env.run([
      "exec", "--env", "MY_TOKEN", "--",
      "sh", "-c", "echo \"${MY_TOKEN:+set} ${MY_TOKEN_EXPIRES_AT:+set} ${CLERK_TOKEN:-unset}\"",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "set set unset\n")
  }

  @Test("An --env that is not a variable name is a usage error", arguments: ["1X", "A-B", ""])
  func badVariable(name: String) async throws {
    let env = try await CLIFixture(.binary)
    let result = try await env.run(["exec", "--env", name, "--", "true"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("'--env'"))
  }

  @Test("A machine secret in clerkctl's environment never reaches the child of a user profile")
  func machineSecretNotInherited() async throws {
    let env = try await CLIFixture.signedIn(.binary)
    let result = try await env.run(
      ["exec", "--", "sh", "-c", "printf '%s' \"${CLERK_MACHINE_SECRET_KEY-unset}\""],
      extra: ["CLERK_MACHINE_SECRET_KEY": "ak_canary0123456789abcdef"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "unset")
  }

  @Test("The token is never on the child's command line")
  func tokenNotInArgv() async throws {
    let env = try await CLIFixture.signedIn(.binary)
    let result = try await env.run([
      "exec", "--", "sh", "-c",
      "echo \"$@\"; tr '\\0' ' ' < /proc/$$/cmdline; echo; printf '%s' \"$CLERK_TOKEN\"",
      "sh", "first", "second",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    try #require(lines.count == 3)
    #expect(lines[0] == "first second")
    let token = String(lines[2])
    #expect(token.split(separator: ".").count == 3)
    #expect(!lines[1].contains(token))
    #expect(!lines[0].contains(token))
  }

  @Test("Death by signal N exits 128+N")
  func signalDeath() async throws {
    let env = try await CLIFixture.signedIn(.binary)
    let result = try await env.run(["exec", "--", "sh", "-c", "kill -TERM $$"])
    #expect(result.status == 143)
    #expect(!result.signaled)
  }

  @Test("A command that is not found exits 127; one that cannot run exits 126")
  func notFound() async throws {
    let env = try await CLIFixture.signedIn(.binary)
    let missing = try await env.run(["exec", "--", "clerkctl-no-such-command"])
    #expect(missing.status == 127)
    #expect(missing.stderr.contains("clerkctl-no-such-command: command not found"))
    let file = env.home.file("not-executable")
    try ExecutableFile.write("#!/bin/sh\n", to: file, mode: 0o644)
    let denied = try await env.run(["exec", "--", file])
    #expect(denied.status == 126)
    #expect(denied.stderr.contains("Permission denied"))
  }

  @Test("Not signed in exits 4 and runs nothing")
  func notSignedIn() async throws {
    let env = try await CLIFixture(.binary)
    let result = try await env.run(["exec", "--", "sh", "-c", "echo ran"])
    #expect(result.status == 4)
    #expect(result.stdout.isEmpty)
  }

  @Test("SIGTERM sent to clerkctl is forwarded to the child")
  func forwardsSignals() async throws {
    let env = try await CLIFixture.signedIn(.binary)
    let child = try SpawnedProcess(
      BuiltProducts.path("clerkctl"),
      [
        "exec", "--", "sh", "-c",
        "trap 'kill $!; echo got-term; exit 3' TERM; echo ready; sleep 30 >/dev/null 2>&1 & wait",
      ], environment: env.environment, input: .null)
    #expect(await child.waitForOutput(timeout: 60) { stdout, _ in stdout.contains("\n") })
    #expect(child.stdout == "ready\n")
    child.send(SIGTERM)
    let exit = await child.waitForExit()
    #expect(child.stdout == "ready\ngot-term\n")
    #expect(exit == SpawnedProcess.Exit(status: 3, signaled: false))
  }
}
