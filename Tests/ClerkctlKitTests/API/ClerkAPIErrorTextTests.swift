import ClerkctlCore
import ClerkctlKit
import Testing

/// Clerk's error texts can be empty (its catalogue has `form_identifier_not_found` with an empty
/// message and long message); clerkctl's words for an error never are.
@Suite("Clerk API error text")
struct ClerkAPIErrorTextTests {
  private static func error(
    code: String, message: JSONValue?, longMessage: JSONValue?, status: Int = 422
  ) throws -> ClerkAPIError {
    var entry: [String: JSONValue] = ["code": .string(code)]
    if let message { entry["message"] = message }
    if let longMessage { entry["long_message"] = longMessage }
    return try #require(ClerkAPIError(status: status, json: ["errors": [.object(entry)]]))
  }

  @Test(
    "the long message, else the message, else the code in words, else the status",
    arguments: [
      (
        "form_password_incorrect", "Password is incorrect.", "Wrong. Try again.", "Wrong. Try again"
      ),
      ("form_code_incorrect", "is incorrect", "", "is incorrect"),
      ("form_code_incorrect", "is incorrect", "  ", "is incorrect"),
      ("form_identifier_not_found", "", "", "form identifier not found"),
      ("ticket_invalid_code", " ", "", "ticket invalid"),
      ("", "", "", "HTTP 422"),
    ])
  func fallbacks(code: String, message: String, longMessage: String, expected: String) throws {
    let error = try Self.error(
      code: code, message: .string(message), longMessage: .string(longMessage))
    #expect(error.description == expected)
  }

  @Test("a missing or null text counts as empty")
  func missingTexts() throws {
    #expect(
      try Self.error(code: "signed_out", message: nil, longMessage: nil).description
        == "signed out")
    #expect(
      try Self.error(code: "signed_out", message: .null, longMessage: .null).description
        == "signed out")
    #expect(
      try Self.error(code: "signed_out", message: "Signed out", longMessage: .null).description
        == "Signed out")
  }

  @Test("a refused identifier with empty texts never reads 'sign-in rejected: ;'")
  func refusalWording() throws {
    let error = try Self.error(code: "form_identifier_not_found", message: "", longMessage: "")
    let refusal = ClerkError.inputRejected(error)
    #expect(refusal.description == "sign-in rejected: form identifier not found")
    #expect(
      ClerkError.api(error).description
        == "Clerk refused the request: form identifier not found (form_identifier_not_found, "
        + "HTTP 422)")
  }

  @Test("a failed verification's empty error text is no text")
  func verificationErrorText() {
    let verification = SignInAttempt.Verification(json: [
      "status": "failed",
      "error": ["code": "external_account_not_found", "message": "", "long_message": ""],
    ])
    #expect(verification?.errorCode == "external_account_not_found")
    #expect(verification?.errorMessage == nil)
    let worded = SignInAttempt.Verification(json: [
      "status": "failed", "error": ["code": "x", "message": "Short", "long_message": ""],
    ])
    #expect(worded?.errorMessage == "Short")
  }
}
