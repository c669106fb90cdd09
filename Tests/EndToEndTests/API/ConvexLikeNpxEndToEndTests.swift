import ClerkTestSupport
import ClerkctlCore
import Foundation
import Testing

/// `convex` like `npx convex run`, `api` with a relative path, and `status` on a machine
/// with no profile (issue 28, gaps 15 and 17).
@Suite("convex args from stdin, CONVEX_URL from .env.local, api paths, empty status")
struct ConvexLikeNpxEndToEndTests {
  @Test("ARGS_JSON - reads stdin; CONVEX_URL comes from ./.env.local when unset")
  func stdinAndDotEnv() async throws {
    let fixture = try await CLIFixture.signedIn(.binary)
    let directory = TemporaryDirectory(prefix: "clerkctl-convex")
    try "# written by npx convex dev\nCONVEX_URL=\"\(fixture.fapiURL)\" # dev\n".write(
      toFile: directory.file(".env.local"), atomically: true, encoding: .utf8)
    let binary = BuiltProducts.path("clerkctl")
    let result = try await ProcessRun.run(
      "/bin/sh",
      [
        "-c", "cd \"$1\" && exec \"$2\" convex query users:whoami -", "sh", directory.path,
        binary,
      ],
      environment: fixture.environment, stdin: "{}\n")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("\"subject\""), "\(result.stdout)")
    let bad = try await fixture.run(
      ["convex", "query", "users:whoami", "-", "--url", fixture.fapiURL], stdin: "[1]\n")
    #expect(bad.status == 2)
    #expect(bad.stderr.contains("stdin must hold the arguments as a JSON object"))
  }

  @Test("api /path goes against --base-url, else the profile's convex_url")
  func relativePath() async throws {
    let fixture = try await CLIFixture.signedIn(.binary)
    let none = try await fixture.run(["api", "/v1/client"])
    #expect(none.status == 2)
    #expect(none.stderr.contains("pass --base-url URL"), "\(none.stderr)")
    let body = #"{"path":"users:whoami","args":{},"format":"json"}"#
    let based = try await fixture.run([
      "api", "--base-url", fixture.fapiURL + "/", "/api/query", "-d", body, "-t", "convex",
    ])
    #expect(based.status == 0, "\(based.stderr)")
    #expect(based.stdout.contains("\"subject\""), "\(based.stdout)")
    #expect(try await fixture.run(["config", "set", "convex_url", fixture.fapiURL]).status == 0)
    let configured = try await fixture.run(["api", "/api/query", "-d", body, "-t", "convex"])
    #expect(configured.status == 0, "\(configured.stderr)")
  }

  @Test("status with no profile at all says how to sign in; exit 4 as before")
  func emptyStatus() async throws {
    let fixture = try await CLIFixture(.binary)
    let result = try await fixture.run(["status"])
    #expect(result.status == 4)
    #expect(result.stderr.contains("To sign in, run: clerkctl login"), "\(result.stderr)")
  }
}
