import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlKit

/// `clerkctl doctor` on a machine profile: the stored identity, the credential file, the
/// secret accepted and a token minted (one JWT-format M2M token creation), the token's `cat`
/// header and `sub`, its signature through the issuer's discovery, and the clock.
extension Doctor {
  /// The `cat` header value that marks an M2M JWT.
  static let m2mCategory = "cl_B7d4PD333AAA"

  /// Every check, in order; a check whose input an earlier failure took away is skipped.
  ///
  /// - Throws: what stops the checklist from starting: a bad profile name, no config
  ///   directory, a secret stored for another Backend API than the one named (nothing is sent).
  func runMachine() throws -> [DoctorCheck] {
    let profile = try context.profileName()
    let store = try context.profileStore()
    let account = try context.machineAccount()
    let (_, machine) = try account.requireCredential()
    var checks: [DoctorCheck] = [
      .pass(
        "machine identity",
        "\(machine.machineID ?? "machine not yet known") on the Backend API \(machine.apiURL)"),
      fileCheck(store: store, profile: profile),
    ]
    let later = ["category", "sub", "signature", "clock"]
    let result: MachineAccount.TokenResult
    do {
      result = try account.token(MachineTokenRequest(format: .jwt), minTTL: 10, forceRefresh: true)
    } catch let error as MachineAuthError {
      if case .secretRefused = error {
        checks.append(
          .fail(
            "secret accepted", error,
            fix: "store a valid secret with '\(MachineAuthError.loginCommand(profile: profile))'"))
        checks.append(.skip("token mints", "the secret was refused"))
      } else {
        checks.append(.pass("secret accepted", "\(machine.apiURL) took the machine secret"))
        checks.append(.fail("token mints", error, fix: Self.fix(for: error)))
      }
      return checks + later.map { .skip($0, "no token") }
    } catch {
      checks.append(.fail("secret accepted", error, fix: Self.fix(for: error)))
      return checks + (["token mints"] + later).map { .skip($0, "no answer from the Backend API") }
    }
    checks.append(.pass("secret accepted", "\(machine.apiURL) took the machine secret"))
    checks.append(
      .pass(
        "token mints",
        "a JWT M2M token \(result.token.id) for \(result.token.subject), \(result.expiresIn) s left"
      ))
    let jwt = result.token.token
    guard let parsed = try? JWT(jwt) else {
      checks.append(
        .fail(
          "category", "the token is not a JWT", fix: "check --api-url names Clerk's Backend API",
          code: .jwtInvalid))
      return checks + later.dropFirst().map { .skip($0, "no JWT") }
    }
    let category = parsed.header["cat"]?.stringValue
    checks.append(
      category == Self.m2mCategory
        ? .pass("category", "cat \(Self.m2mCategory): an M2M token")
        : .fail(
          "category", "cat is \(category ?? "absent"), not \(Self.m2mCategory)",
          fix: "check --api-url names Clerk's Backend API", code: .jwtInvalid))
    let sub = parsed.payload["sub"]?.stringValue ?? ""
    checks.append(
      sub.hasPrefix("mch_") && (machine.machineID == nil || sub == machine.machineID)
        ? .pass("sub", "\(sub), the machine")
        : .fail(
          "sub", "sub is '\(sub)', not the machine \(machine.machineID ?? "mch_…")",
          fix:
            "sign the machine in again with '\(MachineAuthError.loginCommand(profile: profile))'",
          code: .jwtInvalid))
    checks.append(signatureCheck(jwt, claims: parsed.payload, skew: result.credential.clockSkew))
    checks.append(clockCheck(skew: result.credential.clockSkew, source: machine.apiURL))
    return checks
  }
}
