import ClerkctlCore
import ClerkctlJOSE
import ClerkctlKit
import FoundationEssentials
import Glibc

/// Runs `clerkctl doctor`'s checklist, in order, each check after the ones it needs.
///
/// Order: instance configured, instance reachable, credential file, signed in, session live,
/// template mints, iss, aud, sub, category (the header's `cat`), organization (when the template promises org claims or one
/// is active), signature, clock. A check whose input an earlier failure took
/// away is skipped, not failed.
package struct Doctor {
  /// Clock difference with Clerk that still passes, seconds.
  package static let maxClockSkew: Double = 5

  let context: CommandContext
  let template: String
  let audience: String

  package init(context: CommandContext, template: String, audience: String) {
    self.context = context
    self.template = template
    self.audience = audience
  }

  /// Runs every check.
  ///
  /// - Throws: only what stops the checklist from starting (a bad profile name, no config
  ///   directory, a bad `--request-timeout`, a stored credential of another instance than the
  ///   one flags or environment name: then nothing is sent).
  package func run() throws -> [DoctorCheck] {
    let profile = try context.profileName()
    let store = try context.profileStore()
    _ = try context.requestTimeout()
    // `nil` only when flags or environment name an invalid instance (the first check says so).
    let account = try? context.account()
    try account?.checkInstanceBinding()
    let loaded = Result { try store.load(profile: profile) }
    var checks: [DoctorCheck] = []

    // Instance configured and reachable.
    let instance = Result {
      try InstanceResolver.resolveWithSource(
        settings: context.instanceSettings, stored: (try? loaded.get())?.fapiURL)
    }
    let serverSkew = instanceChecks(instance, account: account, into: &checks)

    checks.append(fileCheck(store: store, profile: profile))

    // Signed in, session live.
    let signedIn = signedInCheck(loaded, profile: profile, into: &checks)
    let tokenChecks = [
      "session live", "template mints", "iss", "aud", "sub", "category", "signature",
    ]
    guard signedIn != nil, let account else {
      checks += tokenChecks.map { .skip($0, signedIn == nil ? "not signed in" : "no instance") }
      checks.append(clockCheck(skew: serverSkew, source: "the Date header"))
      return checks
    }
    guard sessionCheck(account, profile: profile, into: &checks) else {
      checks += tokenChecks.dropFirst().map { .skip($0, "no live session") }
      checks.append(clockCheck(skew: serverSkew, source: "the Date header"))
      return checks
    }

    // Template mints (a fresh mint, not the cache).
    guard let minted = mintCheck(account, profile: profile, into: &checks) else {
      checks += tokenChecks.dropFirst(2).map { .skip($0, "no token") }
      checks.append(clockCheck(skew: serverSkew, source: "the Date header"))
      return checks
    }
    checks += mintedTokenChecks(minted, instance: instance, profile: profile)
    return checks
  }

  // MARK: - Checks

  /// "instance configured" and "instance reachable"; the server's clock minus ours when it
  /// answered.
  private func instanceChecks(
    _ instance: Result<InstanceResolver.Resolution, some Error>, account: ClerkAccount?,
    into checks: inout [DoctorCheck]
  ) -> Double? {
    var serverSkew: Double?
    switch (instance, account) {
    case (.success(let resolution), let account?):
      checks.append(.pass("instance configured", "\(resolution.url) (from \(resolution.source))"))
      let api = account.api(fapiURL: resolution.url, clientToken: nil)
      do {
        _ = try api.environment()
        serverSkew = api.clockSkew
        checks.append(.pass("instance reachable", "GET \(resolution.url)/v1/environment answered"))
      } catch {
        checks.append(
          .fail(
            "instance reachable", error,
            fix: "check the URL, the network and any proxy; --verbose traces the request"))
      }
    case (.success, nil):
      checks.append(.skip("instance reachable", "no valid instance"))
    case (.failure(let error), _):
      checks.append(
        .fail(
          "instance configured", error,
          fix: FirstRunHint.remedy))
      checks.append(.skip("instance reachable", "no instance"))
    }
    return serverSkew
  }

  /// "signed in": the stored credential with a session, if any.
  private func signedInCheck(
    _ loaded: Result<ProfileCredential?, some Error>, profile: String,
    into checks: inout [DoctorCheck]
  ) -> ProfileCredential? {
    let signedIn: ProfileCredential?
    switch loaded {
    case .success(let credential?) where credential.sessionID != nil:
      signedIn = credential
      checks.append(
        .pass(
          "signed in",
          "profile '\(profile)' as \(credential.shownIdentifier ?? credential.userID ?? "unknown user")"
        ))
    case .success:
      signedIn = nil
      checks.append(
        .fail(
          "signed in", "profile '\(profile)' has no stored sign-in",
          fix: "run 'clerkctl login\(profileFlag(profile))'", code: .notSignedIn))
    case .failure(let error):
      signedIn = nil
      checks.append(.fail("signed in", error, fix: nil))
    }
    return signedIn
  }

  /// "session live": whether the session is.
  private func sessionCheck(
    _ account: ClerkAccount, profile: String, into checks: inout [DoctorCheck]
  ) -> Bool {
    do {
      let (_, session) = try account.liveSession()
      checks.append(.pass("session live", "session \(session.id) is \(session.status)"))
      return true
    } catch {
      let fix =
        ErrorReporter.exitCode(for: error) == .notSignedIn
        ? "run 'clerkctl login\(profileFlag(profile))'" : Self.fix(for: error)
      checks.append(.fail("session live", error, fix: fix))
      return false
    }
  }

  /// "template mints": a fresh mint (not the cache), if the template gave one.
  private func mintCheck(
    _ account: ClerkAccount, profile: String, into checks: inout [DoctorCheck]
  ) -> ClerkAccount.TokenResult? {
    let minted: ClerkAccount.TokenResult
    do {
      minted = try account.token(
        template: template, minTTL: 0, forceRefresh: true)
      checks.append(
        .pass(
          "template mints",
          "template '\(template)' gave a token valid for \(minted.expiresIn) s"))
    } catch {
      let code = ErrorReporter.exitCode(for: error)
      checks.append(
        .fail(
          "template mints", error,
          fix: code != .tokenRefused
            ? (code == .notSignedIn
              ? "run 'clerkctl login\(profileFlag(profile))'" : Self.fix(for: error))
            : "create a JWT template named '\(template)' with claims "
              + "{\"aud\": \"\(audience)\"} in the Clerk dashboard (Configure → JWT templates)"))
      return nil
    }
    return minted
  }

  /// The minted token's claims, category, organization, signature and clock.
  private func mintedTokenChecks(
    _ minted: ClerkAccount.TokenResult, instance: Result<InstanceResolver.Resolution, some Error>,
    profile: String
  ) -> [DoctorCheck] {
    var checks: [DoctorCheck] = []
    let claims = (try? ClerkAccount.claims(of: minted.token.jwt)) ?? [:]
    let instanceURL = (try? instance.get()).map(\.url) ?? minted.credential.fapiURL
    checks += claimChecks(claims, instanceURL: instanceURL)
    if let header = try? JWT(minted.token.jwt).header {
      checks.append(categoryCheck(header: header))
    }
    if let check = organizationCheck(
      claims, active: minted.credential.activeOrganization, profile: profile)
    {
      checks.append(check)
    }
    checks.append(
      signatureCheck(minted.token.jwt, claims: claims, skew: minted.credential.clockSkew))
    checks.append(clockCheck(skew: minted.credential.clockSkew, source: "the token mint"))
    return checks
  }

  func fileCheck(store: ProfileStore, profile: String) -> DoctorCheck {
    let name = "credential file"
    let path = store.directory.credentialPath(profile: profile)
    var info = stat()
    guard lstat(path, &info) == 0 else {
      return .skip(name, "no file at \(path) yet" + storeNote(profile: profile))
    }
    let mode = info.st_mode & 0o7777
    if info.st_uid != geteuid() {
      return .fail(
        name, "\(path) belongs to uid \(info.st_uid), not you",
        fix: "delete it and sign in again", code: .configuration)
    }
    if mode & 0o077 != 0 {
      return .fail(
        name, "\(path) has mode \(Self.octal(mode)); others can read it",
        fix: "chmod 600 '\(path)'", code: .configuration)
    }
    for directory in [store.directory.path, store.directory.profilesPath] {
      var dirInfo = stat()
      guard stat(directory, &dirInfo) == 0 else { continue }
      let dirMode = dirInfo.st_mode & 0o7777
      if dirMode & 0o077 != 0 {
        return .fail(
          name, "directory \(directory) has mode \(Self.octal(dirMode)); others can list it",
          fix: "chmod 700 '\(directory)'", code: .configuration)
      }
    }
    return .pass(
      name, "\(path) is \(Self.octal(mode)) in 0700 directories" + storeNote(profile: profile))
  }

  /// `; the secret in the OS keyring (…)` when the profile's next sign-in keeps it there (the
  /// file says nothing of it then); empty for the file.
  private func storeNote(profile: String) -> String {
    guard let store = try? context.signInStore(profile: profile), store.location == .keyring
    else { return "" }
    return "; the secret in the OS keyring (\(store.source.words))"
  }

  /// `iss`, `aud` and `sub`: what Convex matches a token against.
  private func claimChecks(_ claims: JSONValue, instanceURL: String) -> [DoctorCheck] {
    var checks: [DoctorCheck] = []
    let iss = claims["iss"]?.stringValue
    let expectedIssuer = Self.trimmingSlash(instanceURL)
    if let iss, Self.trimmingSlash(iss) == expectedIssuer {
      checks.append(.pass("iss", "'\(iss)' (the domain in convex/auth.config.ts)"))
    } else {
      checks.append(
        .fail(
          "iss", "expected '\(expectedIssuer)', got " + (iss.map { "'\($0)'" } ?? "no 'iss'"),
          fix: "use the publishable key (or --fapi-url) of the instance that issues the token, "
            + "and set the domain in convex/auth.config.ts to the token's iss",
          code: .jwtInvalid))
    }
    let audiences: [String]? =
      switch claims["aud"] {
      case .string(let single)?: [single]
      case .array(let many)?: many.map { $0.stringValue ?? $0.encoded }
      default: nil
      }
    let audFix =
      "set \"aud\": \"\(audience)\" (one audience) in the claims of JWT template "
      + "'\(template)', or pass --audience with the applicationID from convex/auth.config.ts"
    switch audiences {
    case [audience]?:
      checks.append(.pass("aud", "'\(audience)'"))
    case let list? where list.contains(audience):
      checks.append(
        .fail(
          "aud",
          "expected exactly '\(audience)', got \(list.count) audiences "
            + list.map { "'\($0)'" }.joined(separator: ", ") + "; Convex rejects extra ones",
          fix: audFix, code: .jwtInvalid))
    case let list?:
      checks.append(
        .fail(
          "aud",
          "expected exactly '\(audience)', got " + list.map { "'\($0)'" }.joined(separator: ", "),
          fix: audFix, code: .jwtInvalid))
    case nil:
      checks.append(
        .fail(
          "aud", "expected '\(audience)', the token has no 'aud'", fix: audFix, code: .jwtInvalid))
    }
    if let sub = claims["sub"]?.stringValue, !sub.isEmpty {
      checks.append(.pass("sub", "'\(sub)'"))
    } else {
      checks.append(
        .fail(
          "sub", "the token has no 'sub'",
          fix: "set \"sub\": \"{{user.id}}\" in the claims of JWT template '\(template)'",
          code: .jwtInvalid))
    }
    return checks
  }

  /// The signature, checked the way Convex does: keys found through the token's `iss`.
  func signatureCheck(_ jwt: String, claims: JSONValue, skew: Double) -> DoctorCheck {
    guard let iss = claims["iss"]?.stringValue else { return .skip("signature", "no 'iss'") }
    do {
      let keys = try OIDCDiscovery(http: context.httpClient()).jwks(issuer: iss)
      let now = context.clock.now().addingTimeInterval(skew)
      _ = try JWTVerifier(keys: keys).verify(
        jwt, options: JWTVerifier.Options(leeway: Self.maxClockSkew, now: now))
      return .pass(
        "signature", "RS256, verified with the keys from \(iss)/.well-known/openid-configuration")
    } catch {
      return .fail(
        "signature", error,
        fix: "the token must be signed by a key published at \(iss); check that the publishable "
          + "key and the backend's auth config name the same Clerk instance")
    }
  }

  func clockCheck(skew: Double?, source: String) -> DoctorCheck {
    guard let skew else { return .skip("clock", "Clerk's time is unknown") }
    // Clerk's Date header tells whole seconds: a skew under 1.5 s may be none at all, so it
    // is not reported as one (the check would flip between runs).
    let seconds = abs(skew) < 1.5 ? 0 : Int(abs(skew).rounded())
    let relation = skew >= 0 ? "behind" : "ahead of"
    let detail =
      seconds == 0
      ? "local clock agrees with Clerk's within its 1 s resolution (measured at \(source))"
      : "local clock is \(seconds) s \(relation) Clerk's (measured at \(source))"
    guard abs(skew) <= Self.maxClockSkew else {
      return .fail(
        "clock", detail + "; more than \(Int(Self.maxClockSkew)) s",
        fix: "sync the system clock with NTP (e.g. 'sudo timedatectl set-ntp true')",
        code: .jwtInvalid)
    }
    return .pass("clock", detail)
  }

  // MARK: - Helpers

  private func profileFlag(_ profile: String) -> String {
    profile == ProfileName.defaultName ? "" : " --profile \(profile)"
  }

  private static func octal(_ mode: mode_t) -> String {
    let digits = String(mode, radix: 8)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  private static func trimmingSlash(_ text: String) -> String {
    text.hasSuffix("/") ? String(text.dropLast()) : text
  }

  /// The fix for a failure that signing in again does not cure; `nil`: what the error's
  /// message says to do.
  static func fix(for error: any Error) -> String? {
    switch ErrorReporter.exitCode(for: error) {
    case .unavailable:
      "check the network connection and that the instance is reachable, then run "
        + "'clerkctl doctor' again"
    default: nil
    }
  }
}
