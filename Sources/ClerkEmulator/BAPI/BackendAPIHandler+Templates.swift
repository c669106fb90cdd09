import ClerkctlCore
import Foundation

/// JWT templates over the Backend API: `POST /v1/jwt_templates`, `GET|PATCH
/// /v1/jwt_templates/{id}`, with Clerk's rules: `name` and `claims` (an object) required,
/// `lifetime` 30…315360000 s (default 60), `allowed_clock_skew` 0…300 s (default 5), names
/// unique. A PATCH replaces name and claims and keeps a lifetime or skew it does not send.
extension BackendAPIHandler {
  func createTemplate(
    _ body: JSONValue, store: inout Store, now: Int64
  ) throws(ClerkAPIFailure) -> JSONValue {
    let fields = try templateFields(body, current: nil, store: store)
    let template = JWTTemplateRecord(
      id: random.id("jtmp"), name: fields.name, claims: fields.claims, lifetime: fields.lifetime,
      allowedClockSkew: fields.skew, createdAt: now, updatedAt: now)
    store.templates[template.name] = template
    store.templateOrder.append(template.name)
    return templateJSON(template)
  }

  func updateTemplate(
    id: String, _ body: JSONValue, store: inout Store, now: Int64
  ) throws(ClerkAPIFailure) -> JSONValue {
    var template = try template(id: id, store: store)
    let fields = try templateFields(body, current: template, store: store)
    let oldName = template.name
    template.name = fields.name
    template.claims = fields.claims
    template.lifetime = fields.lifetime
    template.allowedClockSkew = fields.skew
    template.updatedAt = now
    store.templates[oldName] = nil
    store.templates[template.name] = template
    if let index = store.templateOrder.firstIndex(of: oldName) {
      store.templateOrder[index] = template.name
    }
    return templateJSON(template)
  }

  /// The template with this id (`jtmp_…`), or 404.
  func template(id: String, store: Store) throws(ClerkAPIFailure) -> JWTTemplateRecord {
    guard let template = store.templates.values.first(where: { $0.id == id }) else {
      throw .notFound("JWT template", id: id)
    }
    return template
  }

  private func templateFields(
    _ body: JSONValue, current: JWTTemplateRecord?, store: Store
  ) throws(ClerkAPIFailure) -> (name: String, claims: JSONValue, lifetime: Int64, skew: Int64) {
    guard let name = body["name"]?.stringValue, !name.isEmpty else { throw .paramMissing("name") }
    guard let claims = body["claims"], claims != .null else { throw .paramMissing("claims") }
    guard claims.objectValue != nil else {
      throw .paramInvalid("claims", "claims must be a JSON object")
    }
    let lifetime = try integer(body, "lifetime") ?? current?.lifetime ?? 60
    let skew = try integer(body, "allowed_clock_skew") ?? current?.allowedClockSkew ?? 5
    guard (30...315_360_000).contains(lifetime) else {
      throw .paramInvalid("lifetime", "lifetime must be between 30 and 315360000")
    }
    guard (0...300).contains(skew) else {
      throw .paramInvalid("allowed_clock_skew", "allowed_clock_skew must be between 0 and 300")
    }
    if let other = store.templates[name], other.id != current?.id {
      throw .paramInvalid("name", "A JWT template named \(other.name) already exists.")
    }
    return (name, claims, lifetime, skew)
  }

  /// An optional integer field: absent or null is nil, anything but an integer is invalid.
  private func integer(_ body: JSONValue, _ key: String) throws(ClerkAPIFailure) -> Int64? {
    guard let value = body[key], value != .null else { return nil }
    guard let number = value.intValue else {
      throw .paramInvalid(key, "\(key) must be an integer")
    }
    return number
  }

  func templateJSON(_ template: JWTTemplateRecord) -> JSONValue {
    [
      "object": "jwt_template", "id": .string(template.id), "name": .string(template.name),
      "claims": template.claims, "lifetime": .int(template.lifetime),
      "allowed_clock_skew": .int(template.allowedClockSkew), "custom_signing_key": false,
      "signing_algorithm": "RS256", "created_at": .int(template.createdAt),
      "updated_at": .int(template.updatedAt),
    ]
  }
}
