import ClerkctlCore
import ClerkctlHTTP
import ClerkctlJOSE
import ClerkctlWire
import Foundation

/// The claims of session and template tokens (signed later, outside the lock).
extension EmulatorSurface {
  /// Session token, Clerk's v2 claims: `iss sub sid iat exp nbf(iat-10) jti v fva sts`, plus `o`
  /// with an active organization; `azp` only for a request with an `Origin` (added by the
  /// Frontend API handler; native calls carry none). `lifetime` (seconds)
  /// overrides the configured one (BAPI's `expires_in_seconds`).
  func sessionTokenClaims(
    _ session: SessionRecord, store: Store, now: Int64, lifetime: Int64? = nil
  ) -> JSONValue {
    let iat = now / 1000
    var claims: [String: JSONValue] = [
      "iss": .string(store.baseURL), "sub": .string(session.userID), "sid": .string(session.id),
      "iat": .int(iat), "exp": .int(iat + (lifetime ?? store.sessionTokenLifetime)),
      "nbf": .int(iat - 10),
      "jti": .string(random.base62(20).lowercased()), "v": 2,
      "fva": .array(store.factorAges(session, now: now).map(JSONValue.int)),
      "sts": .string(session.status.rawValue),
    ]
    // Clerk's `o` claim for the active organization: id, slug and the role without `org:`.
    // `per`/`fpm` list feature permissions, which the emulator's roles do not have.
    if let actor = session.actor { claims["act"] = actor }
    if let active = store.activeMembership(of: session) {
      claims["o"] = [
        "id": .string(active.organization.id), "slg": .string(active.organization.slug),
        "rol": .string(active.membership.shortRole),
      ]
    }
    return .object(claims)
  }

  /// Template token: the template's claims (shortcodes rendered), then Clerk's default claims
  /// `exp iat iss jti nbf(iat-skew) sub`, which the template cannot override; no `sid`.
  func templateTokenClaims(
    _ template: JWTTemplateRecord, session: SessionRecord, store: Store, now: Int64
  ) -> JSONValue {
    let iat = now / 1000
    let context: JSONValue = [
      "user": store.users[session.userID].map { templateUser($0) } ?? .null,
      "session": ["id": .string(session.id)],
      "org": store.activeMembership(of: session).map(templateOrganization) ?? .null,
    ]
    var claims = TemplateRenderer(context: context).render(template.claims).objectValue ?? [:]
    claims["iss"] = .string(store.baseURL)
    claims["sub"] = .string(session.userID)
    claims["iat"] = .int(iat)
    claims["exp"] = .int(iat + template.lifetime)
    claims["nbf"] = .int(iat - template.allowedClockSkew)
    claims["jti"] = .string(random.base62(20).lowercased())
    claims["azp"] = nil
    return .object(claims)
  }

  /// `{"object":"token","jwt":…}` for `claims`, signed by the caller's thread with the
  /// category's `cat` header. Never call it under the state lock: RSA signing is the expensive
  /// part of minting and runs in parallel.
  func tokenResponse(_ claims: JSONValue, category: JWTCategory) -> HTTPResponse {
    do {
      let jwt = try signer.sign(claims: claims, extraHeader: category.header)
      return json(["object": "token", "jwt": .string(jwt)])
    } catch {
      return clerkError(.signingFailed(error))
    }
  }

  /// The `org` object shortcodes read from (the active organization; `org.role` keeps Clerk's
  /// `org:` prefix, as the v1 `org_role` claim does).
  private func templateOrganization(
    _ active: (organization: OrganizationRecord, membership: OrganizationMembershipRecord)
  ) -> JSONValue {
    [
      "id": .string(active.organization.id), "name": .string(active.organization.name),
      "slug": .string(active.organization.slug), "role": .string(active.membership.role),
      "image_url": "", "has_image": false,
      "public_metadata": active.organization.publicMetadata,
    ]
  }

  /// The `user` object shortcodes read from.
  private func templateUser(_ user: UserRecord) -> JSONValue {
    let fullName = [user.firstName, user.lastName].compactMap { $0 }.joined(separator: " ")
    return [
      "id": .string(user.id), "external_id": nil,
      "first_name": user.firstName.map(JSONValue.string) ?? .null,
      "last_name": user.lastName.map(JSONValue.string) ?? .null,
      "full_name": fullName.isEmpty ? .null : .string(fullName),
      "username": user.username.map(JSONValue.string) ?? .null,
      "primary_email_address": user.emailAddress.map(JSONValue.string) ?? .null,
      "email_verified": .bool(user.emailAddress != nil),
      "primary_phone_number": user.phoneNumber.map(JSONValue.string) ?? .null,
      "phone_number_verified": .bool(user.phoneNumber != nil),
      "image_url": "", "has_image": false, "two_factor_enabled": .bool(user.hasSecondFactor),
      "public_metadata": user.publicMetadata, "unsafe_metadata": [:],
      "created_at": .int(user.createdAt / 1000), "updated_at": .int(user.updatedAt / 1000),
    ]
  }
}
