import ClerkTestSupport
import ClerkctlCore
import ClerkctlCurl
import ClerkctlHTTP
import Foundation
import Testing

/// A template name is one path segment of the token URL, checked before anything is sent.
@Suite("Template names, through the binary", .tags(.security))
struct TemplateNameEndToEndTests {
  @Test(
    "a template name is one path segment: '.', '..', '/' and empty are exit 2, nothing sent",
    arguments: ["..", ".", "a/b", "../sessions", ""])
  func templateNames(name: String) async throws {
    let bench = try await CLIFixture.signedIn(.binary)
    let runs: [[String]] = [
      ["token", "--template", name],
      ["exec", "--template", name, "--", "true"],
      ["api", "--template", name, (bench.process?.convexURL ?? "") + "/x"],
      [
        "convex", "query", "echo:args", "--template", name, "--url",
        (bench.process?.convexURL ?? ""),
      ],
      ["doctor", "--template", name],
    ]
    for arguments in runs {
      let result = try await bench.run(arguments)
      #expect(result.status == 2, "\(arguments): \(result.stderr)")
    }
    #expect(try await bench.requests().isEmpty)
  }
}
