import ClerkCLI
import ClerkTestSupport
import ClerkctlCore
import Foundation
import Testing

/// The class Clerk stamps in a JWT's `cat` header, as `jwt decode` shows it and `jwt verify
/// --category` requires it.
@Suite("jwt: the cat header's category")
struct JWTCategoryTests {
  private static func unsigned(header: String) -> String {
    let payload = Base64URL.encode(Array(#"{"sub":"user_1"}"#.utf8))
    return Base64URL.encode(Array(header.utf8)) + "." + payload + ".c2ln"
  }

  @Test(
    "jwt decode names the category in words on stderr",
    arguments: [
      (#"{"alg":"RS256","cat":"cl_B7d4PD111AAA"}"#, "clerkctl: category session"),
      (#"{"alg":"RS256","cat":"cl_B7d4PD222AAA"}"#, "clerkctl: category template"),
      (#"{"alg":"RS256","cat":"cl_B7d4PD333AAA"}"#, "clerkctl: category M2M"),
      (#"{"alg":"RS256"}"#, "clerkctl: category unknown (no 'cat' header)"),
      (#"{"alg":"RS256","cat":"cl_other"}"#, "clerkctl: category unknown (cat cl_other)"),
      (
        #"{"alg":"RS256","cat":"cl_I7d4PD111III"}"#,
        "clerkctl: category unknown (cat cl_I7d4PD111III: the instance omits the class)"
      ),
    ])
  func decodeShowsCategory(header: String, line: String) throws {
    let (terminal, recorder) = Terminal.capturing()
    let context = CommandContext(terminal: terminal, environment: [:])
    let code = CLI.run(
      arguments: ["jwt", "decode", Self.unsigned(header: header)], context: context)
    #expect(code == 0)
    #expect(
      recorder.error.split(separator: "\n").map(String.init).contains(line), "\(recorder.error)")
    #expect(try JSONValue(parsing: recorder.output)["header"]?["alg"] == "RS256")
  }

  @Test("jwt verify --category takes session, template or m2m; another word is exit 2")
  func categoryWords() throws {
    let (terminal, recorder) = Terminal.capturing()
    let context = CommandContext(terminal: terminal, environment: [:])
    let token = Self.unsigned(header: #"{"alg":"RS256"}"#)
    let code = CLI.run(arguments: ["jwt", "verify", "--category", "user", token], context: context)
    #expect(code == 2)
    #expect(recorder.error.contains("session, template, m2m"), "\(recorder.error)")
  }

  @Test(
    "jwt verify --category passes the emulator's tokens for their own class only, else exit 9",
    arguments: [CLIFixture.Mode.inProcess, .binary])
  func verifyRequiresCategory(mode: CLIFixture.Mode) async throws {
    let fixture = try await CLIFixture.signedIn(mode)
    let session = try await fixture.run(["token"]).stdout.trimmingCharacters(in: .newlines)
    let template = try await fixture.run(["token", "--template", "convex"]).stdout
      .trimmingCharacters(in: .newlines)
    let verify = ["jwt", "verify", "--issuer", fixture.fapiURL]

    let asSession = try await fixture.run(verify + ["--category", "session", session])
    #expect(asSession.status == 0, "\(asSession.stderr)")
    #expect(try JSONValue(parsing: asSession.stdout)["sid"]?.stringValue != nil)
    let asTemplate = try await fixture.run(verify + ["--category", "template", template])
    #expect(asTemplate.status == 0, "\(asTemplate.stderr)")

    let templateAsSession = try await fixture.run(verify + ["--category", "session", template])
    #expect(templateAsSession.status == 9)
    #expect(templateAsSession.stdout.isEmpty)
    #expect(
      templateAsSession.stderr.contains(
        "wrong token category: expected a session token (cat cl_B7d4PD111AAA), got a template "
          + "token"), "\(templateAsSession.stderr)")
    let sessionAsM2M = try await fixture.run(verify + ["--category", "m2m", session])
    #expect(sessionAsM2M.status == 9)
    #expect(
      sessionAsM2M.stderr.contains("expected an M2M token (cat cl_B7d4PD333AAA), got a session"),
      "\(sessionAsM2M.stderr)")
  }
}
