import ClerkctlCore
import ClerkctlCrypto
import ClerkctlHTTP
import ClerkctlKeyring
import ClerkctlKit

/// The CLI's wording of ClerkKit's errors whose remedy is a clerkctl command or flag.
///
/// ClerkKit's errors carry the facts (the profile, the lifetime, the step Clerk asked for) and
/// describe them without naming any tool; here they are worded with the command or flag a
/// clerkctl user types.
extension ErrorReporter {
  /// The message for `error` when clerkctl words it differently from the error's own
  /// description; `nil` otherwise.
  static func cliWording(for error: any Error) -> String? {
    switch error {
    case let error as ClerkError: cliWording(for: error)
    case let error as CredentialStoreError: cliWording(for: error)
    case let error as HTTPError: cliWording(for: error)
    case let error as MachineAuthError: error.cliWording
    case let error as OAuthError: error.cliWording
    case InstanceError.boundElsewhere: InstanceBindingHint.message(for: error)
    case ClerkAuthError.noActiveSession: "no active Clerk session; run 'clerkctl login'"
    case InstanceError.notConfigured: FirstRunHint.message
    case InstanceError.untrustedAPIURL(let value, _):
      "\(error); to use that Backend API, pass --api-url \(value)"
    case InstanceError.unverifiedToken(let profile, _):
      "\(error) once the instance is back: '\(loginCommand(profile: profile))'"
    default: nil
    }
  }

  /// `clerkctl login`, with `--profile` when `profile` is not the default.
  static func loginCommand(profile: String) -> String {
    "clerkctl login" + (profile == ProfileName.defaultName ? "" : " --profile \(profile)")
  }

  private static func cliWording(for error: ClerkError) -> String? {
    switch error {
    case .notSignedIn(let profile, let loss):
      let what = loss == .noSignIn ? "not signed in (profile '\(profile)')" : loss.summary
      return "\(what); run '\(loginCommand(profile: profile))'"
    case .signInUnsupported(let step):
      return cliWording(for: step)
    case .signUpNotAllowed:
      return "sign-in rejected: Clerk has no account for this identity "
        + "(external_account_not_found) and --no-sign-up forbids creating one"
    case .redirectRefused(let url, let error):
      return
        "Clerk refused the redirect URL \(Redaction.endpoint(url)): \(error.description) (\(error.code)); "
        + "allowlist it in the Clerk dashboard (Native applications, allowlist for mobile SSO "
        + "redirect) or pass an allowlisted --redirect-url (see docs/browser-sign-in.md)"
    case .callbackPortInUse(let port):
      return "port \(port) on 127.0.0.1 is in use, so clerkctl cannot receive the sign-in "
        + "callback; pass --callback-port with a free port (the redirect URL must be "
        + "allowlisted in Clerk) or --callback-port 0"
    case .signInNotStored(let reason, let sessionEnded):
      return "signed in, but the credential could not be stored: \(reason); "
        + ClerkError.unstoredSessionFate(sessionEnded)
        + "; free disk space or make the config directory writable, then run 'clerkctl login' "
        + "again"
    case .tokenTooShortLived(let lifetime, let minTTL):
      return "the token lives \(lifetime) s in all, less than --min-ttl \(Int(minTTL)) s; "
        + "lower --min-ttl or lengthen the template's lifetime"
    case .signInTimedOut(let seconds):
      return "sign-in timed out after \(seconds.secondsText) s; run 'clerkctl login' "
        + "again (or raise --sign-in-timeout)"
    case .organizationNotFound(let profile, let reference, let memberships):
      return organizationWording(profile: profile, reference: reference, memberships)
    case .inputRejected(let refusal):
      return inputRemedy(for: refusal.code).map { "\(error.description); \($0)" }
    case .transport(let error):
      return cliWording(for: error)
    case .api, .unavailable, .malformedResponse, .tokenRefused, .signInRejected, .configuration:
      return nil
    }
  }

  /// What to do about a refused identifier, password, code or ticket, by Clerk's error code.
  private static func inputRemedy(for code: String) -> String? {
    switch code {
    case "form_identifier_not_found", "identifier_not_found":
      return "check the identifier: an email address, a phone number with its country code "
        + "(+15555550100) or a username"
    case "form_password_incorrect":
      return "check the password (stdin's first line with --password-stdin)"
    case "form_code_incorrect":
      return "check the code: it is the latest one Clerk sent or your authenticator shows, "
        + "and each backup code works once"
    case "verification_expired":
      return "the code expired; run 'clerkctl login' again to have a new one sent"
    case "verification_failed":
      return "too many wrong codes; run 'clerkctl login' again to start over"
    case "user_locked":
      return "the account is locked after too many failed tries; wait, or unlock it in the "
        + "Clerk dashboard"
    case _ where code.hasPrefix("ticket_") || code.hasPrefix("sign_in_token_"):
      return "the ticket was used, revoked or has expired; make a new sign-in token"
    default:
      return nil
    }
  }

  /// Not a member: the user's organizations and the command that chooses one of them.
  private static func organizationWording(
    profile: String, reference: String, _ memberships: [OrganizationMembership]
  ) -> String {
    let flag = profile == ProfileName.defaultName ? "" : " --profile \(profile)"
    let refusal =
      "'\(reference)' is not an organization you are a member of "
      + "(organization_not_found_or_unauthorized)"
    guard let first = memberships.first else {
      return refusal + "; you are a member of none: join one in Clerk, or run "
        + "'clerkctl org use --personal\(flag)'"
    }
    let items = memberships.map { membership in
      "\(membership.slug ?? membership.organizationID) (\(membership.name), \(membership.role))"
    }
    return refusal + "; yours: " + items.joined(separator: ", ")
      + "; run 'clerkctl org use \(first.slug ?? first.organizationID)\(flag)'"
  }

  private static func cliWording(for error: HTTPError) -> String? {
    guard let remedy = error.remedy else { return nil }
    let words =
      switch remedy {
      case .moreTime: "check your network, or raise --request-timeout"
      case .caBundle: "fix --cacert or CLERKCTL_CA_BUNDLE"
      case .trustCA:
        "check that the server speaks https with a valid certificate, or pass its CA with "
          + "--cacert"
      }
    return error.message + "; " + words
  }

  private static func cliWording(for step: ClerkError.UnsupportedSignIn) -> String {
    switch step {
    case .firstFactors(let offered):
      let methods = offered.isEmpty ? "no method clerkctl knows" : offered.joined(separator: ", ")
      return "this account signs in with \(methods); "
        + "use 'clerkctl login --oauth PROVIDER', '--ticket-stdin' or '--user-id'"
    case .secondFactors:
      return step.summary + " by clerkctl; use a TOTP app, an email or phone code, or a backup code"
    case .secondFactorNotOffered(_, let offered):
      return step.summary + "; drop --second-factor"
        + (offered.isEmpty ? "" : " or pass one of: " + offered.joined(separator: ", "))
    case .newPassword:
      return step.summary + ", then run 'clerkctl login' again"
    case .state:
      return step.summary + "; run 'clerkctl login' again"
    case .signUpIncomplete:
      return step.summary + "; sign up once through the app, then run 'clerkctl login' again"
    case .identifier:
      return step.summary + ": pass --identifier EMAIL"
    case .protectCheck:
      return step.summary + "; use 'clerkctl login --ticket-stdin' or '--user-id' instead"
    case .incomplete:
      return step.summary
    }
  }

  private static func cliWording(for error: CredentialStoreError) -> String? {
    if let directory = error.unwritableDirectory,
      case .io(let path, let operation, let reason) = error
    {
      let undone =
        switch operation {
        case "delete", "remove": "deleted"
        case "create": "created"
        case "lock", "open": "locked"
        default: "saved"
        }
      return "cannot write in '\(directory)' (\(reason))"
        + (path == directory ? "" : ", so '\(path)' was not \(undone)")
        + "; make it writable (chmod u+w '\(directory)') or use another config directory "
        + "(--config-dir DIR or CLERKCTL_CONFIG_DIR)"
    }
    switch error {
    case .noConfigDirectory:
      return "cannot find a config directory: HOME is not set; pass --config-dir DIR or set "
        + "CLERKCTL_CONFIG_DIR"
    case .insecureOwner(let path, let owner):
      return "credential file '\(path)' belongs to another user (uid \(owner)); refusing to "
        + "use it. Delete it and sign in again, or pass --config-dir with a directory you own"
    case .insecureDirectory(let path, let reason):
      return "refusing to use the directory '\(path)': \(reason); fix it with chmod go-w "
        + "'\(path)' if it is yours, or pass --config-dir with a directory only you own"
    case .corrupt(let path, let reason):
      return "credential file '\(path)' is corrupt (\(reason)); run 'clerkctl logout --profile "
        + "\(CredentialStoreError.profileName(from: path))' or delete '\(path)' and sign in again"
    case .unsupportedVersion(let path, let version):
      return "credential file '\(path)' has format version \(version), but this clerkctl "
        + "reads only version \(ProfileCredential.formatVersion); upgrade clerkctl, or run "
        + "'clerkctl logout --profile \(CredentialStoreError.profileName(from: path))' and sign "
        + "in again"
    case .otherTrustAnchor(let path, let recorded, let current):
      let profile = CredentialStoreError.profileName(from: path)
      let fix =
        recorded == nil
        ? "run it without --cacert and CLERKCTL_CA_BUNDLE"
        : "give the bundle it was created with (--cacert or CLERKCTL_CA_BUNDLE)"
      return "profile '\(profile)' was created with "
        + CredentialStoreError.anchorText(recorded) + ", but this run trusts "
        + CredentialStoreError.anchorText(current) + "; a credential goes out only under the "
        + "TLS trust it was created with, so nothing was sent. \(fix), or sign in again "
        + "with 'clerkctl login --profile \(profile)' under the trust you mean"
    case .lockTimeout(let path, let seconds):
      return "timed out after \(seconds.secondsText) s waiting for the lock "
        + "'\(path)'; another clerkctl process is holding it: wait for it to finish or stop it"
    case .keyring(let error):
      return "\(error.description); or keep the secret in the profile's file: clerkctl login "
        + "--store file"
    case .keyringItemMissing(let path):
      let profile = CredentialStoreError.profileName(from: path)
      return "profile '\(profile)' keeps its secret in the OS keyring, which holds none for it; "
        + "delete '\(path)' and run 'clerkctl login --profile \(profile)'"
    default:
      return nil
    }
  }
}
