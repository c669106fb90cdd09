import ClerkCLI
import ClerkTestSupport
import ClerkctlCore
import ClerkctlHTTP
import ClerkctlKit
import Testing

/// Every error body in Clerk's recorded catalogue, answered where Clerk answers it, ends
/// clerkctl with the exit code the contract documents for it (`clerkctl help exit-codes`),
/// through the one error-to-exit-code mapping, and with a message that says something.
///
/// clerkctl runs in process against the emulator in memory; the one operation under test gets
/// the recorded body instead (every time it is asked: retries included).
@Suite("Recorded Clerk errors give their documented exit codes")
struct RecordedErrorExitCodeTests {
  /// Where an error comes, and the exit code it means there.
  struct Case: Sendable, CustomTestStringConvertible {
    /// The catalogue entry (`name`), or the manifest id of a recorded error body.
    var error: String
    var arguments: [String]
    var stdin: String = ""
    /// The operation that answers with the error, `METHOD /template`.
    var operation: String
    var exitCode: Int32
    /// Whether the run starts signed in as demo@example.com.
    var signedIn = false
    /// More recorded replies for other operations (e.g. the client without the session).
    var alongside: [String: String] = [:]
    /// Whether the message quotes Clerk's text (else clerkctl states the fact in its own words:
    /// the session ended, the organizations the user has, the rate limit and the tries).
    var quotesClerk = true
    var testDescription: String { "\(error) on \(operation) → exit \(exitCode)" }
  }

  private static let password = ["login", "--identifier", "demo@example.com", "--password-stdin"]
  private static let emailCode = [
    "login", "--identifier", "demo+clerk_test@example.com", "--strategy", "email_code",
    "--code-stdin",
  ]
  private static let createSignIn = "POST /v1/client/sign_ins"
  private static let attemptFirstFactor =
    "POST /v1/client/sign_ins/{sign_in_id}/attempt_first_factor"
  private static let mintSessionToken = "POST /v1/client/sessions/{session_id}/tokens"

  /// Computed, not stored (a stored static array is reported as a leak under ASan).
  static var cases: [Case] {
    [
      // 6: refused by Clerk: wrong identifier, password, code or ticket; not a member.
      Case(
        error: "FormIdentifierNotFound", arguments: password, stdin: "demo-password\n",
        operation: createSignIn, exitCode: 6),
      Case(
        error: "FormPasswordIncorrect", arguments: password, stdin: "wrong\n",
        operation: createSignIn, exitCode: 6),
      Case(
        error: "FormIncorrectCode", arguments: emailCode, stdin: "000000\n",
        operation: attemptFirstFactor, exitCode: 6),
      Case(
        error: "VerificationFailed", arguments: emailCode, stdin: "000000\n",
        operation: attemptFirstFactor, exitCode: 6),
      Case(
        error: "TicketInvalid", arguments: ["login", "--ticket-stdin"], stdin: "ticket\n",
        operation: createSignIn, exitCode: 6),
      Case(
        error: "UserNotFound", arguments: ["login", "--user-id", "user_gone"],
        operation: "POST /v1/sign_in_tokens", exitCode: 6),
      Case(
        error: "OrganizationNotFoundOrUnauthorized", arguments: ["org", "use", "acme"],
        operation: "POST /v1/client/sessions/{session_id}/touch", exitCode: 6, signedIn: true,
        quotesClerk: false),
      // 3: the instance's configuration.
      Case(
        error: "NativeAPIDisabled", arguments: password, stdin: "demo-password\n",
        operation: createSignIn, exitCode: 3),
      // 4: the session ended (or Clerk no longer knows the client).
      Case(
        error: "InvalidAuthentication", arguments: ["whoami"], operation: "GET /v1/client",
        exitCode: 4, signedIn: true, quotesClerk: false),
      Case(
        error: "SignedOut", arguments: ["whoami"], operation: "GET /v1/client", exitCode: 4,
        signedIn: true, quotesClerk: false),
      Case(
        error: "SessionNotFound", arguments: ["token", "--force-refresh"],
        operation: mintSessionToken, exitCode: 4, signedIn: true,
        alongside: ["GET /v1/client": "fapi-client-get-no-sessions"]),
      // 7: the template cannot be minted.
      Case(
        error: "JWTTemplateNotFound", arguments: ["token", "--template", "convex"],
        operation: "POST /v1/client/sessions/{session_id}/tokens/{template_name}", exitCode: 7,
        signedIn: true),
      // 5: rate limited, after the retries.
      Case(
        error: "TooManyRequests", arguments: ["token", "--force-refresh"],
        operation: mintSessionToken, exitCode: 5, signedIn: true, quotesClerk: false),
      // 1: no row of the table fits (a sign-in never meets them: it starts from a new client
      // and never syncs a browser).
      Case(
        error: "SingleModeSessionExists", arguments: password, stdin: "demo-password\n",
        operation: createSignIn, exitCode: 1),
      Case(
        error: "fapi-error-envelope", arguments: password, stdin: "demo-password\n",
        operation: createSignIn, exitCode: 1),
    ]
  }

  @Test("every recorded error body has a case here")
  func everyErrorIsCovered() throws {
    let covered = Set(Self.cases.map(\.error))
    for entry in try RecordedReplies.catalogue() {
      #expect(covered.contains(entry.name), "no case for \(entry.name)")
    }
    for fixture in try RecordedReplies.all()
    where fixture.objectKind == "error" && fixture.format != "catalogue-entry" {
      #expect(covered.contains(fixture.id), "no case for \(fixture.id)")
    }
  }

  @Test("the exit code, and a one-line message with Clerk's words", arguments: cases)
  func exitCode(_ testCase: Case) throws {
    let (status, body) = try Self.error(testCase.error)
    let fixture =
      testCase.signedIn ? try CLIFixture.signedIn(.inProcess) : try CLIFixture(.inProcess)
    let inMemory = try #require(fixture.inMemory)
    var replies: [String: [RecordedFAPI.Reply]] = [
      testCase.operation: [RecordedFAPI.Reply(status: status, body: body)]
    ]
    for (operation, id) in testCase.alongside {
      replies[operation] = [.ok(try RecordedReplies.fixture(id).body)]
    }
    let emulator = inMemory.http
    let fapi = RecordedFAPI(replies) { try emulator.send($0) }
    let (terminal, recorder) = Terminal.capturing(input: testCase.stdin)
    var environment = fixture.environment
    environment["CLERK_SECRET_KEY"] = fixture.secretKey
    environment["CLERK_API_URL"] = fixture.fapiURL
    var context = CommandContext(
      terminal: terminal, environment: environment, clock: inMemory.time.clock)
    let http = fapi.http
    context.makeHTTPClient = { _ in http }
    let exit = CLI.run(arguments: testCase.arguments, context: context)

    #expect(exit == testCase.exitCode, "\(recorder.error)")
    #expect(fapi.requests.contains { RecordedFAPI.matches(testCase.operation, request: $0) })
    let lines = recorder.error.split(separator: "\n")
    let message = try #require(lines.last { $0.hasPrefix("clerkctl: ") }, "\(recorder.error)")
    #expect(!message.contains(": ;") && !message.hasSuffix(": "), "\(message)")
    #expect(!message.contains("()"), "\(message)")
    // Clerk's own words, when the catalogue has any without placeholders.
    if testCase.quotesClerk, let words = try Self.clerkWords(testCase.error) {
      #expect(message.contains(words), "\(message) lacks '\(words)'")
    }
  }

  @Test("the catalogue's identifier refusal, whose texts are empty, reads as its code in words")
  func emptyTexts() throws {
    let entry = try #require(
      try RecordedReplies.catalogue().first { $0.name == "FormIdentifierNotFound" })
    #expect(entry.message.isEmpty && entry.longMessage.isEmpty)
    let error = try #require(ClerkAPIError(status: entry.status, json: entry.body))
    #expect(
      ErrorReporter.message(for: ClerkError.inputRejected(error))
        == "sign-in rejected: form identifier not found; check the identifier: an email "
        + "address, a phone number with its country code (+15555550100) or a username")
  }

  /// The status and body of the recorded error `name` (a catalogue entry or a manifest id).
  private static func error(_ name: String) throws -> (Int, JSONValue) {
    if let entry = try RecordedReplies.catalogue().first(where: { $0.name == name }) {
      return (entry.status, entry.body)
    }
    let fixture = try RecordedReplies.fixture(name)
    let code = fixture.body["errors"]?.arrayValue?.first?["code"]?.stringValue ?? ""
    let status = try RecordedReplies.codeStatuses()[code]?.first ?? 400
    return (status, fixture.body)
  }

  /// The text clerkctl shows of `name`'s recorded body: its long message (else message),
  /// without the final full stop; `nil` when that has a placeholder or is empty.
  private static func clerkWords(_ name: String) throws -> String? {
    let (_, body) = try error(name)
    let first = body["errors"]?.arrayValue?.first
    let text = [first?["long_message"], first?["message"]].lazy.compactMap { $0?.stringValue }
      .first { !$0.isEmpty }
    guard let text, !text.contains("<") else { return nil }
    return text.hasSuffix(".") ? String(text.dropLast()) : text
  }
}
