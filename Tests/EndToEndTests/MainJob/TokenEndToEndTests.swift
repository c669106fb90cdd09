import ClerkKit
import ClerkTestSupport
import Foundation
import Testing

/// The built binary over loopback; the rest of `token` runs in process (ClerkCLITests'
/// TokenCommandTests).
@Suite("clerkctl token against the emulator")
struct TokenEndToEndTests {
  @Test("a miss costs exactly one request; a hit costs none")
  func cache() throws {
    let fixture = try CLIFixture(.binary)
    try fixture.signIn()
    let session = try #require(fixture.credential()["session_id"]?.stringValue)
    let first = try fixture.run(["token", "--template", "convex"])
    #expect(first.status == 0)
    #expect(first.stderr.isEmpty)
    let afterMiss = try fixture.admin.requests(containing: session)
    #expect(afterMiss.count == 1)
    #expect(afterMiss.first?.path.hasSuffix("/tokens/convex") == true)
    let second = try fixture.run(["token", "--template", "convex"])
    #expect(second.stdout == first.stdout)
    #expect(try fixture.admin.requests(containing: session).count == 1)
    let forced = try fixture.run(["token", "--template", "convex", "--force-refresh"])
    #expect(forced.status == 0)
    #expect(forced.stdout != first.stdout)
    #expect(try fixture.admin.requests(containing: session).count == 2)
  }
}
