import ClerkTestSupport
import ClerkctlCore
import Foundation
import Testing

/// A machine secret goes to its Backend API and nowhere else: not into argv, an `exec`
/// child's environment, stdout, stderr, a `--verbose` trace or an `api` request.
@Suite("Machine secrets never leak", .tags(.security))
struct MachineSecretEndToEndTests {
  @Test("Traced runs, an exec child's environment and api requests never carry the secret")
  func secretStaysHome() async throws {
    let fixture = try await MachineFixture()
    let secret = MachineFixture.ciSecret
    let secretEnvironment = ["CLERK_MACHINE_SECRET_KEY": secret, "CLERKCTL_DEBUG": "1"]
    var runs: [(String, ProcessResult)] = []
    func run(
      _ arguments: [String], stdin: String? = nil, extra: [String: String] = [:]
    )
      async throws
    {
      runs.append(
        (
          arguments.joined(separator: " "),
          try await fixture.run(arguments, stdin: stdin, extra: extra)
        ))
    }
    // No flag takes the secret.
    let flag = try await fixture.run(["login", "--machine", "--secret", secret])
    #expect(flag.status == 2)

    try await run(["--verbose", "login", "--machine"], extra: secretEnvironment)
    try #require(runs.last?.1.status == 0, "\(runs.last?.1.stderr ?? "")")
    try await run(["--verbose", "token", "--force-refresh", "--json"], extra: secretEnvironment)
    try await run(["--verbose", "token", "--token-format", "jwt"], extra: secretEnvironment)
    try await run(["--verbose", "whoami", "--json"], extra: secretEnvironment)
    try await run(["--verbose", "exec", "--", "env"], extra: secretEnvironment)
    let child = try #require(runs.last?.1)
    #expect(child.status == 0, "\(child.stderr)")
    #expect(child.stdout.contains("CLERK_TOKEN=mt_"))
    try await run(
      ["--verbose", "exec", "--refresh", "--min-ttl", "1", "--", "env"], extra: secretEnvironment)
    #expect(runs.last?.1.stdout.contains("CLERK_TOKEN_FILE=") == true)
    try await fixture.bench.admin.clearRequests()
    try await run(
      ["--verbose", "api", fixture.apiURL + "/v1/environment"], extra: secretEnvironment)
    try await run(["--verbose", "logout"])

    for (command, result) in runs {
      #expect(!result.stdout.contains(secret), "stdout of \(command)")
      #expect(!result.stderr.contains(secret), "stderr of \(command)")
      #expect(!command.contains(secret))
    }
    #expect(!FileManager.default.fileExists(atPath: fixture.bench.credentialPath()))
    let files = try FileManager.default.subpathsOfDirectory(atPath: fixture.bench.home.path)
    for file in files {
      let data = FileManager.default.contents(atPath: fixture.bench.home.path + "/" + file)
      #expect(data.map { !String(decoding: $0, as: UTF8.self).contains(secret) } ?? true, "\(file)")
    }
  }
}
