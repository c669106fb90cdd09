import ClerkTestSupport
import ClerkctlCore
import ClerkctlJOSE
import Foundation
import Glibc
import Testing

/// Files clerkctl reads are opened without blocking, read only when regular (or, for a request
/// body, up to a cap): a FIFO at `config.json` or given as `--jwks` cannot hang a command, and
/// `/dev/zero` cannot grow its memory.
@Suite("FIFOs and devices where files are read, through the binary", .tags(.security))
struct SpecialFileReadsEndToEndTests {
  @Test("a FIFO at config.json does not hang status, logout or token")
  func fifoSettings() async throws {
    let sandbox = CLIFixture.withoutEmulator()
    try FileManager.default.createDirectory(
      atPath: sandbox.configDir, withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
    #expect(mkfifo(sandbox.configDir + "/config.json", 0o600) == 0)
    for arguments in [["status"], ["logout"], ["token"], ["profile", "list"]] {
      let result = try await sandbox.run(arguments, timeout: 15)
      #expect(result.status != -1, "\(arguments) hung on the FIFO")
    }
  }

  @Test("--jwks from a FIFO or /dev/zero is refused at once (exit 3), not read")
  func specialJWKS() async throws {
    let sandbox = CLIFixture.withoutEmulator()
    let jwt = try JWTSigner(key: try RFC7515Key.privateKey(), kid: "k").sign(claims: [
      "sub": "user_x", "iss": "https://x.example",
    ])
    let fifo = sandbox.home.file("jwks.fifo")
    #expect(mkfifo(fifo, 0o600) == 0)
    for path in [fifo, "/dev/zero"] {
      let result = try await sandbox.run(
        ["jwt", "verify", jwt, "--jwks", path, "--issuer", "https://x.example"], timeout: 15)
      #expect(result.status != -1, "hung on \(path)")
      #expect(result.status == 3, "\(path): \(result.stderr)")
      #expect(result.stderr.contains("not a regular file"), "\(path): \(result.stderr)")
    }
  }

  @Test("api -d @/dev/zero stops at the cap with a usage error")
  func bodyFromDevZero() async throws {
    let sandbox = CLIFixture.withoutEmulator()
    let result = try await sandbox.run(
      ["api", "http://127.0.0.1:9/x", "-d", "@/dev/zero"], timeout: 30)
    #expect(result.status == 2, "\(result.status) \(result.stderr)")
    #expect(result.stderr.contains("more than"), "\(result.stderr)")
  }
}
