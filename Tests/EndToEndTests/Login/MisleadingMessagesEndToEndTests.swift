import ClerkTestSupport
import ClerkctlCore
import Foundation
import Testing

/// Messages that used to mislead (issue 28, bug 5): each says what is true and what to do.
@Suite("Messages that say what to do next, end to end")
struct MisleadingMessagesEndToEndTests {
  @Test("a mistyped profile gets 'did you mean', not 'create it'")
  func didYouMeanProfile() async throws {
    let fixture = try await CLIFixture(.binary)
    try await fixture.signIn(profile: "work")
    let result = try await fixture.run(["token", "--profile", "wrok"])
    #expect(result.status == 4)
    #expect(result.stderr.contains("did you mean 'work'?"), "\(result.stderr)")
  }

  @Test("a Frontend API URL that is not Clerk says so, with the flag to check")
  func notClerk() async throws {
    let fixture = try await CLIFixture(.binary)
    let responder = try ScriptedHTTPResponder { _ in
      ScriptedHTTPResponder.response(
        status: 404, headers: [("Content-Type", "text/html")],
        body: Array("<html><title>Not Found</title></html>".utf8))
    }
    defer { responder.stop() }
    let result = try await fixture.run(
      ["login", "--identifier", "demo@example.com", "--password-stdin"], stdin: "x\n",
      extra: ["CLERK_FAPI_URL": responder.url("")])
    let host = URLParts.authority(of: responder.url("")) ?? ""
    #expect(result.status == 3, "\(result.stderr)")
    #expect(
      result.stderr.contains(
        "\(host) does not look like a Clerk Frontend API (GET /v1/environment → 404); "
          + "check --fapi-url"), "\(result.stderr)")
    #expect(!result.stderr.contains("try again later"), "\(result.stderr)")
  }

  @Test("the CI refusal of browser sign-in keeps --profile")
  func ciRefusalKeepsProfile() async throws {
    let fixture = try await CLIFixture(.binary)
    let result = try await fixture.run(
      ["login", "--oauth", "google", "--profile", "work"], extra: ["CI": "true"])
    #expect(result.status == 2)
    #expect(
      result.stderr.contains("'clerkctl login --profile work --user-id USER_ID'"),
      "\(result.stderr)")
  }

  @Test("--user-id with a loopback Frontend API and no CLERK_API_URL names the fix")
  func userIDNeedsEmulatorAPI() async throws {
    let fixture = try await CLIFixture(.binary)
    var extra = ["CLERK_SECRET_KEY": "sk_test_x"]
    extra["CLERK_API_URL"] = ""
    let result = try await fixture.run(["login", "--user-id", "user_123"], extra: extra)
    #expect(result.status == 2)
    #expect(result.stderr.contains("set CLERK_API_URL (or --api-url)"), "\(result.stderr)")
    let other = try await fixture.run(
      ["login", "--user-id", "bob@example.com"],
      extra: ["CLERK_SECRET_KEY": "sk_test_x", "CLERK_API_URL": fixture.fapiURL])
    #expect(other.status == 2)
    #expect(other.stderr.contains("takes a Clerk user id (user_…)"), "\(other.stderr)")
  }

  @Test("an unknown template names the port; '-d @FILE' quotes the whole argument")
  func portsAndQuotes() async throws {
    let fixture = try await CLIFixture.signedIn(.binary)
    let token = try await fixture.run(["token", "--template", "nosuch"])
    #expect(token.status == 7)
    #expect(
      token.stderr.contains("no JWT template named 'nosuch' on 127.0.0.1:\(fixture.port)"),
      "\(token.stderr)")
    let api = try await fixture.run(["api", "-d", "@nosuch.json", fixture.fapiURL + "/x"])
    #expect(api.status == 2)
    #expect(api.stderr.contains("cannot read '-d @nosuch.json'"), "\(api.stderr)")
  }

  @Test("convex qurey gets a did-you-mean; convex's help example names --url")
  func convexWording() async throws {
    let fixture = try await CLIFixture(.binary)
    let typo = try await fixture.run(["convex", "qurey", "messages:list"])
    #expect(typo.status == 2)
    #expect(typo.stderr.contains("did you mean 'query'?"), "\(typo.stderr)")
    let help = try await fixture.run(["convex", "--help"], extra: ["COLUMNS": "200"])
    #expect(help.stdout.contains("messages:list '{\"channel\":\"general\"}' --url https://"))
  }
}
