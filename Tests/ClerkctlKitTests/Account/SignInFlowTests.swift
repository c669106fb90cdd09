import ClerkTestSupport
import ClerkctlCore
import ClerkctlCurl
import ClerkctlKit
import ClerkctlWire
import Foundation
import Testing

/// The sign-in state machine against a scripted Frontend API over loopback: the states the
/// emulator never produces, and the order of requests for each.
@Suite("Sign-in flow")
struct SignInFlowTests {
  /// A Frontend API that answers each path from `replies` and records what was asked.
  private final class ScriptedFAPI: @unchecked Sendable {
    let responder: ScriptedHTTPResponder
    init(_ replies: @escaping @Sendable (String, String) -> (Int, JSONValue)) throws {
      responder = try ScriptedHTTPResponder { request in
        let path = String(request.target.split(separator: "?").first ?? "")
        let (status, body) = replies(request.method, path)
        return ScriptedHTTPResponder.response(
          status: status,
          headers: [("Content-Type", "application/json"), ("Authorization", "client-token-2")],
          body: body.encodedBytes)
      }
    }

    var paths: [String] {
      responder.requests.map { "\($0.method) \($0.target.split(separator: "?").first ?? "")" }
    }

    func client() -> FrontendAPIClient {
      FrontendAPIClient(
        baseURL: responder.url(""),
        clientToken: nil, http: .curl(), retry: .none)
    }
  }

  private static func signIn(_ status: String, extra: [String: JSONValue] = [:]) -> JSONValue {
    var object: [String: JSONValue] = [
      "object": "sign_in_attempt", "id": "sia_1", "status": .string(status),
    ]
    object.merge(extra) { _, new in new }
    return ["response": .object(object), "client": .null]
  }

  private static let completeClient: JSONValue = [
    "object": "client", "id": "client_1", "last_active_session_id": "sess_1",
    "sessions": [
      [
        "object": "session", "id": "sess_1", "status": "active",
        "user": [
          "id": "user_1", "primary_email_address_id": "idn_1",
          "email_addresses": [["id": "idn_1", "email_address": "a@example.com"]],
        ],
      ]
    ],
  ]

  /// A completed sign-in with its client.
  private static let completed: JSONValue = [
    "response": [
      "object": "sign_in_attempt", "id": "sia_1", "status": "complete",
      "created_session_id": "sess_1",
    ],
    "client": completeClient,
  ]

  private static func inputs(
    password: String = "pw", code: String = "123456", log: Recorder
  ) -> SignInInputs {
    SignInInputs(
      password: { identifier in
        log.add("password(\(identifier))")
        return password
      },
      code: { kind, _ in
        log.add("code(\(kind))")
        return code
      },
      ticket: {
        log.add("ticket")
        return "t"
      })
  }

  private final class Recorder: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    func add(_ item: String) { lock.withLock { items.append(item) } }
    var all: [String] { lock.withLock { items } }
  }

  @Test("needs_new_password ends with a message saying what to do")
  func needsNewPassword() throws {
    let fapi = try ScriptedFAPI { _, _ in (200, Self.signIn("needs_new_password")) }
    let log = Recorder()
    #expect {
      _ = try SignInFlow(api: fapi.client(), inputs: Self.inputs(log: log))
        .run(.password(identifier: "a@example.com"))
    } throws: { error in
      guard case ClerkError.signInUnsupported(.newPassword) = error else { return false }
      return "\(error)".contains("new password")
    }
    #expect(fapi.paths == ["POST /v1/client/sign_ins"])
  }

  @Test("needs_client_trust prepares an email code as second factor, then attempts it")
  func clientTrust() throws {
    let fapi = try ScriptedFAPI { _, path in
      switch path {
      case "/v1/client/sign_ins":
        return (
          200,
          Self.signIn(
            "needs_client_trust",
            extra: [
              "supported_second_factors": [
                [
                  "strategy": "email_code", "email_address_id": "idn_1",
                  "safe_identifier": "a***@example.com",
                ]
              ]
            ])
        )
      case "/v1/client/sign_ins/sia_1/prepare_second_factor":
        return (200, Self.signIn("needs_client_trust"))
      default:
        return (200, Self.completed)
      }
    }
    let log = Recorder()
    let outcome = try SignInFlow(api: fapi.client(), inputs: Self.inputs(log: log))
      .run(.password(identifier: "a@example.com"))
    #expect(outcome.sessionID == "sess_1")
    #expect(outcome.user.email == "a@example.com")
    #expect(outcome.clientToken == "client-token-2")
    #expect(log.all == ["password(a@example.com)", "code(emailSecondFactor)"])
    #expect(
      fapi.paths == [
        "POST /v1/client/sign_ins", "POST /v1/client/sign_ins/sia_1/prepare_second_factor",
        "POST /v1/client/sign_ins/sia_1/attempt_second_factor",
      ])
    let prepare = fapi.responder.requests[1].bodyText
    #expect(prepare.contains("strategy=email_code"))
    #expect(prepare.contains("email_address_id=idn_1"))
  }

  @Test("identifier first: the password is asked for only once Clerk offers it, naming who")
  func identifierFirst() throws {
    let fapi = try ScriptedFAPI { _, path in
      if path == "/v1/client/sign_ins" {
        return (
          200,
          Self.signIn(
            "needs_first_factor",
            extra: [
              "identifier": "a@example.com",
              "supported_first_factors": [["strategy": "password"]],
            ])
        )
      }
      return (200, Self.completed)
    }
    let log = Recorder()
    let outcome = try SignInFlow(api: fapi.client(), inputs: Self.inputs(log: log))
      .run(.identifierFirst(identifier: "a@example.com"))
    #expect(outcome.sessionID == "sess_1")
    #expect(log.all == ["password(a@example.com)"])
    #expect(
      fapi.paths == [
        "POST /v1/client/sign_ins", "POST /v1/client/sign_ins/sia_1/attempt_first_factor",
      ])
    #expect(!fapi.responder.requests[0].bodyText.contains("password"))
  }

  @Test(
    "identifier first with only a phone code: prepared with the phone_number_id, then attempted")
  func phoneCodeIdentifierFirst() throws {
    let fapi = try ScriptedFAPI { _, path in
      switch path {
      case "/v1/client/sign_ins":
        let factor: JSONValue = [
          "strategy": "phone_code", "phone_number_id": "idn_9", "safe_identifier": "+1555***0100",
        ]
        return (
          200, Self.signIn("needs_first_factor", extra: ["supported_first_factors": [factor]])
        )
      case "/v1/client/sign_ins/sia_1/prepare_first_factor":
        return (200, Self.signIn("needs_first_factor"))
      default:
        return (200, Self.completed)
      }
    }
    let log = Recorder()
    let outcome = try SignInFlow(api: fapi.client(), inputs: Self.inputs(log: log))
      .run(.identifierFirst(identifier: "phoneuser"))
    #expect(outcome.sessionID == "sess_1")
    #expect(log.all == ["code(phoneCode)"])
    let prepare = fapi.responder.requests[1].bodyText
    #expect(prepare.contains("strategy=phone_code"))
    #expect(prepare.contains("phone_number_id=idn_9"))
    #expect(fapi.responder.requests[2].bodyText.contains("strategy=phone_code"))
  }

  /// A sign-in that needs a second factor, offering `strategies`.
  private static func secondFactorFAPI(_ strategies: [String]) throws -> ScriptedFAPI {
    try ScriptedFAPI { _, path in
      guard path == "/v1/client/sign_ins" else { return (200, Self.completed) }
      let offered = JSONValue.array(strategies.map { ["strategy": .string($0)] })
      return (200, Self.signIn("needs_second_factor", extra: ["supported_second_factors": offered]))
    }
  }

  @Test("a backup code chosen up front is attempted as backup_code; TOTP is never asked for")
  func backupCodeChosen() throws {
    let fapi = try Self.secondFactorFAPI(["totp", "backup_code"])
    let log = Recorder()
    var inputs = Self.inputs(log: log)
    inputs.secondFactor = .backupCode
    _ = try SignInFlow(api: fapi.client(), inputs: inputs).run(.password(identifier: "a@b.co"))
    #expect(log.all == ["password(a@b.co)", "code(backupCode)"])
    #expect(fapi.responder.requests[1].bodyText.contains("strategy=backup_code"))
  }

  @Test("the answer that asks for a backup code is not sent as a TOTP code")
  func backupCodeAtTheQuestion() throws {
    let fapi = try Self.secondFactorFAPI(["totp", "backup_code"])
    let log = Recorder()
    var inputs = Self.inputs(log: log)
    inputs.wantsBackupCode = { $0 == "123456" }
    _ = try SignInFlow(api: fapi.client(), inputs: inputs).run(.password(identifier: "a@b.co"))
    #expect(log.all == ["password(a@b.co)", "code(totpOrBackupCode)", "code(backupCode)"])
    #expect(fapi.paths.filter { $0.hasSuffix("attempt_second_factor") }.count == 1)
    #expect(fapi.responder.requests[1].bodyText.contains("strategy=backup_code"))
  }

  @Test("a chosen second factor the account lacks is refused before any code is read")
  func chosenSecondFactorMissing() throws {
    let fapi = try Self.secondFactorFAPI(["totp"])
    let log = Recorder()
    var inputs = Self.inputs(log: log)
    inputs.secondFactor = .backupCode
    #expect(
      throws: ClerkError.signInUnsupported(
        .secondFactorNotOffered(chosen: "backup_code", offered: ["totp"]))
    ) {
      _ = try SignInFlow(api: fapi.client(), inputs: inputs).run(.password(identifier: "a@b.co"))
    }
    #expect(log.all == ["password(a@b.co)"])
    #expect(fapi.paths == ["POST /v1/client/sign_ins"])
  }

  @Test("a sign-in with no method this client knows names the offered ones and the other ways in")
  func unknownFactors() throws {
    let fapi = try ScriptedFAPI { _, _ in
      (
        200,
        Self.signIn(
          "needs_first_factor", extra: ["supported_first_factors": [["strategy": "passkey"]]])
      )
    }
    let log = Recorder()
    #expect {
      _ = try SignInFlow(api: fapi.client(), inputs: Self.inputs(log: log))
        .run(.identifierFirst(identifier: "a@example.com"))
    } throws: { error in
      guard case ClerkError.signInUnsupported(.firstFactors(let offered)) = error else {
        return false
      }
      let message = "\(error)"
      return offered == ["passkey"] && message.contains("passkey")
        && message.contains("sign-in ticket") && !message.contains("clerkctl")
    }
    #expect(log.all.isEmpty)
  }
}
