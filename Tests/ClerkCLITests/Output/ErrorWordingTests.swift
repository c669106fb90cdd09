import ClerkCLI
import ClerkctlHTTP
import ClerkctlKit
import Testing

/// ClerkKit's errors state facts and name no tool; clerkctl words their remedies with its own
/// commands and flags. Each CLI message here is the one clerkctl printed before the split.
@Suite("CLI wording of library errors")
struct ErrorWordingTests {
  private static let apiError = ClerkAPIError(
    status: 400, code: "invalid_redirect_url", message: "bad redirect", longMessage: nil)

  /// Computed, not stored: a stored static array of errors is reported as a leak under ASan.
  static var cases: [(any Error & Sendable, String)] {
    [
      (
        ClerkError.notSignedIn(profile: "default", .noSignIn),
        "not signed in (profile 'default'); run 'clerkctl login'"
      ),
      (
        ClerkError.notSignedIn(profile: "ci", .noSignIn),
        "not signed in (profile 'ci'); run 'clerkctl login --profile ci'"
      ),
      (
        ClerkError.notSignedIn(profile: "ci", .ended),
        "the session has ended, expired or was revoked; run 'clerkctl login --profile ci'"
      ),
      (
        ClerkError.notSignedIn(profile: "default", .state("revoked")),
        "the session is revoked at Clerk; run 'clerkctl login'"
      ),
      (
        ClerkError.signInUnsupported(.firstFactors(offered: ["passkey", "web3"])),
        "this account signs in with passkey, web3; "
          + "use 'clerkctl login --oauth PROVIDER', '--ticket-stdin' or '--user-id'"
      ),
      (
        ClerkError.signInUnsupported(.firstFactors(offered: [])),
        "this account signs in with no method clerkctl knows; "
          + "use 'clerkctl login --oauth PROVIDER', '--ticket-stdin' or '--user-id'"
      ),
      (
        ClerkError.signInUnsupported(.secondFactors(offered: ["passkey"])),
        "this account's second factor (passkey) is not supported by clerkctl; "
          + "use a TOTP app, an email or phone code, or a backup code"
      ),
      (
        ClerkError.signInUnsupported(
          .secondFactorNotOffered(chosen: "backup_code", offered: ["totp"])),
        "this account has no backup_code second factor (Clerk offers totp); "
          + "drop --second-factor or pass one of: totp"
      ),
      (
        ClerkError.signInUnsupported(.secondFactors(offered: [])),
        "this account's second factor (none offered) is not supported by clerkctl; "
          + "use a TOTP app, an email or phone code, or a backup code"
      ),
      (
        ClerkError.signInUnsupported(.newPassword),
        "Clerk requires a new password for this account: set one through the app's sign-in "
          + "page, then run 'clerkctl login' again"
      ),
      (
        ClerkError.signInUnsupported(.identifier),
        "Clerk needs an identifier: pass --identifier EMAIL"
      ),
      (
        ClerkError.signInUnsupported(.protectCheck),
        "Clerk asks for a bot-protection check that only a browser can pass; "
          + "use 'clerkctl login --ticket-stdin' or '--user-id' instead"
      ),
      (
        ClerkError.signInUnsupported(.state("abandoned")),
        "the sign-in ended in state 'abandoned'; run 'clerkctl login' again"
      ),
      (
        ClerkError.signInUnsupported(.incomplete(state: "needs_second_factor")),
        "sign-in did not complete (still 'needs_second_factor')"
      ),
      (
        ClerkError.signInUnsupported(
          .signUpIncomplete(status: "missing_requirements", missing: [])),
        "Clerk needs more before it creates the account (missing_requirements); "
          + "sign up once through the app, then run 'clerkctl login' again"
      ),
      (
        ClerkError.signInUnsupported(
          .signUpIncomplete(status: "missing_requirements", missing: ["username", "phone_number"])),
        "Clerk needs more before it creates the account (missing_requirements: username, "
          + "phone_number); sign up once through the app, then run 'clerkctl login' again"
      ),
      (
        ClerkError.signUpNotAllowed,
        "sign-in rejected: Clerk has no account for this identity (external_account_not_found) "
          + "and --no-sign-up forbids creating one"
      ),
      (
        ClerkError.redirectRefused(url: "myapp://cb", error: apiError),
        "Clerk refused the redirect URL myapp://cb: bad redirect (invalid_redirect_url); "
          + "allowlist it in the Clerk dashboard (Native applications, allowlist for mobile SSO "
          + "redirect) or pass an allowlisted --redirect-url (see docs/browser-sign-in.md)"
      ),
      (
        ClerkError.callbackPortInUse(port: 8765),
        "port 8765 on 127.0.0.1 is in use, so clerkctl cannot receive the sign-in callback; "
          + "pass --callback-port with a free port (the redirect URL must be allowlisted in "
          + "Clerk) or --callback-port 0"
      ),
      (
        ClerkError.tokenTooShortLived(lifetime: 60, minTTL: 120),
        "the token lives 60 s in all, less than --min-ttl 120 s; "
          + "lower --min-ttl or lengthen the template's lifetime"
      ),
      (
        ClerkError.signInTimedOut(seconds: 30),
        "sign-in timed out after 30 s; run 'clerkctl login' again (or raise --sign-in-timeout)"
      ),
      (
        ClerkError.signInTimedOut(seconds: 0.5),
        "sign-in timed out after 0.5 s; run 'clerkctl login' again (or raise --sign-in-timeout)"
      ),
      (
        CredentialStoreError.noConfigDirectory,
        "cannot find a config directory: HOME is not set; pass --config-dir DIR or set "
          + "CLERKCTL_CONFIG_DIR"
      ),
      (
        CredentialStoreError.insecureOwner(path: "/c/profiles/default.json", owner: 7),
        "credential file '/c/profiles/default.json' belongs to another user (uid 7); refusing to "
          + "use it. Delete it and sign in again, or pass --config-dir with a directory you own"
      ),
      (
        CredentialStoreError.corrupt(path: "/c/profiles/ci.json", reason: "not JSON"),
        "credential file '/c/profiles/ci.json' is corrupt (not JSON); run 'clerkctl logout "
          + "--profile ci' or delete '/c/profiles/ci.json' and sign in again"
      ),
      (
        CredentialStoreError.unsupportedVersion(path: "/c/profiles/ci.json", version: 9),
        "credential file '/c/profiles/ci.json' has format version 9, but this clerkctl reads "
          + "only version \(ProfileCredential.formatVersion); upgrade clerkctl, or run "
          + "'clerkctl logout --profile ci' and sign in again"
      ),
      (
        CredentialStoreError.lockTimeout(path: "/c/profiles/ci.lock", seconds: 30),
        "timed out after 30 s waiting for the lock '/c/profiles/ci.lock'; another clerkctl "
          + "process is holding it: wait for it to finish or stop it"
      ),
      (
        ClerkError.organizationNotFound(
          profile: "work", reference: "initech",
          memberships: [
            OrganizationMembership(
              id: "orgmem_1", role: "org:admin", organizationID: "org_1", slug: "acme",
              name: "Acme Inc"),
            OrganizationMembership(
              id: "orgmem_2", role: "org:member", organizationID: "org_2", slug: nil,
              name: "No Slug"),
          ]),
        "'initech' is not an organization you are a member of "
          + "(organization_not_found_or_unauthorized); yours: acme (Acme Inc, org:admin), "
          + "org_2 (No Slug, org:member); run 'clerkctl org use acme --profile work'"
      ),
      (
        ClerkError.organizationNotFound(profile: "default", reference: "acme", memberships: []),
        "'acme' is not an organization you are a member of "
          + "(organization_not_found_or_unauthorized); you are a member of none: join one in "
          + "Clerk, or run 'clerkctl org use --personal'"
      ),
      (ClerkAuthError.noActiveSession, "no active Clerk session; run 'clerkctl login'"),
      (
        HTTPError(
          .timeout, url: "https://clerk.example.com/v1/client",
          message: "no answer from clerk.example.com within 15 s", remedy: .moreTime),
        "no answer from clerk.example.com within 15 s; check your network, or raise "
          + "--request-timeout"
      ),
      (
        ClerkError.transport(
          HTTPError(
            .timeout, url: "https://clerk.example.com/v1/client",
            message: "no answer from clerk.example.com within 2 s", remedy: .moreTime)),
        "no answer from clerk.example.com within 2 s; check your network, or raise "
          + "--request-timeout"
      ),
      (
        HTTPError(
          .caBundleUnusable, url: "https://x.example",
          message: "cannot use CA bundle /tmp/ca.pem: No such file or directory", remedy: .caBundle),
        "cannot use CA bundle /tmp/ca.pem: No such file or directory; fix --cacert or CLERKCTL_CA_BUNDLE"
      ),
      (
        HTTPError(
          .tls, url: "https://x.example", message: "TLS failure with x.example:443: bad cert",
          remedy: .trustCA),
        "TLS failure with x.example:443: bad cert; check that the server speaks https with a "
          + "valid certificate, or pass its CA with --cacert"
      ),
      (
        ClerkError.inputRejected(
          ClerkAPIError(
            status: 422, code: "form_code_incorrect", message: "Incorrect code", longMessage: nil)
        ),
        "sign-in rejected: Incorrect code; check the code: it is the latest one Clerk sent or "
          + "your authenticator shows, and each backup code works once"
      ),
      (
        ClerkError.inputRejected(
          ClerkAPIError(
            status: 422, code: "form_identifier_not_found",
            message: "Couldn't find your account.", longMessage: nil)),
        "sign-in rejected: Couldn't find your account; check the identifier: an email address, "
          + "a phone number with its country code (+15555550100) or a username"
      ),
      (
        ClerkError.inputRejected(
          ClerkAPIError(
            status: 422, code: "verification_expired", message: "expired", longMessage: nil)),
        "sign-in rejected: expired; the code expired; run 'clerkctl login' again to have a new "
          + "one sent"
      ),
    ]
  }

  @Test("clerkctl words each library error with its commands and flags", arguments: cases.indices)
  func cliWording(index: Int) {
    let (error, expected) = Self.cases[index]
    #expect(ErrorReporter.message(for: error) == expected)
    #expect(ErrorReporter.report(for: error, commandPath: []) == "clerkctl: \(expected)\n")
  }

  @Test("the library's own descriptions name no clerkctl command or flag", arguments: cases.indices)
  func neutralDescription(index: Int) {
    let description = String(describing: Self.cases[index].0)
    #expect(!description.contains("clerkctl"), "\(description)")
    #expect(description.firstRange(of: " --") == nil, "\(description)")
    #expect(!description.isEmpty)
  }

  @Test("the new library cases keep their exit codes")
  func exitCodes() {
    #expect(ErrorReporter.exitCode(for: ClerkError.signUpNotAllowed) == .signInRejected)
    #expect(ErrorReporter.exitCode(for: ClerkError.callbackPortInUse(port: 1)) == .configuration)
    #expect(
      ErrorReporter.exitCode(for: ClerkError.redirectRefused(url: "x", error: Self.apiError))
        == .configuration)
    #expect(
      ErrorReporter.exitCode(for: ClerkError.notSignedIn(profile: "p", .ended)) == .notSignedIn)
    #expect(ErrorReporter.exitCode(for: ClerkError.signInUnsupported(.identifier)) == .failure)
    #expect(
      ErrorReporter.exitCode(
        for: ClerkError.organizationNotFound(profile: "p", reference: "x", memberships: []))
        == .signInRejected)
    #expect(
      ErrorReporter.exitCode(for: ClerkAuthError.organizationNotFound("x")) == .signInRejected)
  }
}
