import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlHTTP
import ClerkctlKit

/// Rewords an error a command threw with what the command line knows besides it: a profile
/// name that is a typo of a stored one, a Frontend API URL that is not Clerk's, the previous
/// sign-in that survives a failed login. Exit codes stay those of the contract.
enum ErrorRefinement {
  /// `error`, or a ``ReportedError`` that words it better for `context`'s command.
  static func refine(_ error: any Error, _ context: CommandContext) -> any Error {
    switch error {
    case ClerkError.notSignedIn(let profile, .noSignIn):
      return misspelledProfile(profile, context, error) ?? error
    case ClerkError.inputRejected(let refusal)
    where refusal.code == "form_password_incorrect" && context.commandPath.first == "login"
      && context.canPrompt:
      return wrongPasswordAtTerminal(context, error)
    case ClerkError.unavailable(let status, _) where status != 429:
      return notClerk(context, error) ?? error
    case ClerkError.malformedResponse:
      return notClerk(context, error) ?? error
    default:
      return error
    }
  }

  private static func misspelledProfile(
    _ profile: String, _ context: CommandContext, _ error: any Error
  ) -> (any Error)? {
    guard let store = try? context.profileStore() else { return nil }
    let stored = store.listProfiles()
    guard !stored.contains(profile), let near = Suggestion.nearest(to: profile, in: stored) else {
      return nil
    }
    return ReportedError(
      "no profile named '\(profile)'; did you mean '\(near)'? (stored: "
        + stored.joined(separator: ", ") + "; 'clerkctl login --profile \(profile)' creates it)",
      exitCode: .notSignedIn, underlying: error)
  }

  private static func wrongPasswordAtTerminal(
    _ context: CommandContext, _ error: any Error
  ) -> any Error {
    let profile = (try? context.profileName()) ?? ProfileName.defaultName
    let login = ErrorReporter.loginCommand(profile: profile)
    var message = "wrong password, three tries made; run '\(login)' to try again"
    if let store = try? context.profileStore(), let stored = try? store.load(profile: profile),
      stored.sessionID != nil
    {
      let who = stored.shownIdentifier ?? stored.userID ?? "the previous user"
      message += "; the previous sign-in (\(who)) is still in place"
    }
    return ReportedError(
      message, exitCode: .signInRejected, underlying: error)
  }

  /// For `login`: when the Frontend API URL answers like no Clerk (`GET /v1/environment` is
  /// not Clerk's JSON), says so, with the flag to check; `nil` when it does look like Clerk.
  private static func notClerk(_ context: CommandContext, _ error: any Error) -> (any Error)? {
    guard context.commandPath.first == "login", let fapiURL = try? context.fapiURL(stored: nil)
    else { return nil }
    var request = HTTPRequest(method: "GET", url: fapiURL + "/v1/environment?_is_native=true")
    request.timeout = 5
    request.headers.add(name: "Accept", value: "application/json")
    guard let response = try? context.httpClient().send(request) else { return nil }
    let json = try? JSONValue(parsing: response.body)
    if response.isSuccess, json?["auth_config"] != nil || json?["display_config"] != nil {
      return nil
    }
    let host = URLParts.authority(of: fapiURL) ?? fapiURL
    return ReportedError(
      "\(host) does not look like a Clerk Frontend API (GET /v1/environment → "
        + "\(response.status)); check --fapi-url (or CLERK_FAPI_URL) or the publishable key",
      exitCode: .configuration, underlying: error)
  }
}
