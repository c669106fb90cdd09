import ClerkctlCore
import Foundation

/// One file of `clerk-recorded` with its manifest entry.
package struct RecordedFixture: Sendable {
  /// The manifest's id, e.g. `fapi-sign-in-attempt-phone-code`.
  package var id: String
  /// The path under `clerk-recorded`, e.g. `fapi/clerk-sdk-flutter/….json`.
  package var file: String
  /// `fapi` or `bapi`.
  package var api: String
  /// The operation as `METHOD /template` (`POST /v1/client/sign_ins/{sign_in_id}/…`), when the
  /// file is a reply to one.
  package var endpoint: String?
  /// The request the recorder saw, when it kept one: `POST /v1/client/sign_ins/SIGN_IN_ID/…
  /// code=424242&strategy=email_code` (body fields sorted; a secret's value left out).
  package var recordedRequest: String?
  /// `sign_in_attempt`, `client`, `user`, `environment`, `error`, `jwks`, …
  package var objectKind: String
  /// `flutter-recording`, `plain`, `catalogue-entry`, `code-status-index` or `jwt-parts`.
  package var format: String
  /// `recorded`, `recorded-redacted`, `hand-maintained`, `catalogue`, …
  package var provenance: String
  /// The file as stored.
  package var raw: JSONValue
  /// The reply body (at the manifest's `body_pointer`) with the recorder's placeholders turned
  /// back into wire types: `"%%DATETIME n%%"` into milliseconds, `%%EMAIL%%` and the like into
  /// values of their kind, and the one key the recorder's id deflation rewrote
  /// (`api_keys_settings.USER_ID`, Clerk's `user_api_keys_enabled`) back.
  package var body: JSONValue

  /// The time `"%%DATETIME 0%%"` stands for: 2026-03-23T00:00:00Z, in milliseconds (the
  /// recorder stored times relative to the moment it replayed them).
  package static let recordedNow: Int64 = 1_774_224_000_000

  init(entry: JSONValue, directory: URL) throws {
    guard let id = entry["id"]?.stringValue, let file = entry["file"]?.stringValue else {
      throw RecordedReplies.Missing(what: "a manifest entry's id or file")
    }
    self.id = id
    self.file = file
    api = entry["api"]?.stringValue ?? ""
    endpoint = entry["endpoint"]?.stringValue
    recordedRequest = entry["recorded_request"]?.stringValue
    objectKind = entry["object_kind"]?.stringValue ?? ""
    format = entry["format"]?.stringValue ?? ""
    provenance = entry["provenance"]?.stringValue ?? ""
    raw = try JSONValue(
      parsing: Array(try Data(contentsOf: directory.appendingPathComponent(file))))
    var body = raw
    for key in (entry["body_pointer"]?.stringValue ?? "").split(separator: "/") {
      guard let inner = body[String(key)] else {
        throw RecordedReplies.Missing(what: "\(file)'s body at /\(key)")
      }
      body = inner
    }
    self.body = Self.restored(body)
  }

  /// The HTTP method of `endpoint`.
  package var method: String { String(endpoint?.split(separator: " ").first ?? "") }
  /// The path template of `endpoint`.
  package var template: String { String(endpoint?.split(separator: " ").last ?? "") }

  /// The path of `recordedRequest` (`/v1/client/sign_ins/SIGN_IN_ID/attempt_first_factor`).
  package var recordedPath: String? {
    recordedRequest.map { line in
      let parts = line.split(separator: " ")
      return parts.count > 1 ? String(parts[1].split(separator: "?").first ?? "") : ""
    }
  }

  /// The body fields of `recordedRequest`, with their values where the recorder kept them
  /// (`nil` for a field it named only).
  package var recordedFields: [String: String?] {
    let parts = recordedRequest?.split(separator: " ") ?? []
    guard parts.count > 2 else { return [:] }
    var fields: [String: String?] = [:]
    for field in parts[2].split(separator: "&") {
      let pair = field.split(separator: "=", maxSplits: 1)
      fields[String(pair[0])] = pair.count > 1 ? String(pair[1]) : String?.none
    }
    return fields
  }

  /// `value` with the placeholders of Clerk's Flutter recorder replaced.
  static func restored(_ value: JSONValue, key: String? = nil) -> JSONValue {
    switch value {
    case .string(let text):
      if let match = text.wholeMatch(of: #/%%DATETIME (-?\d+)%%/#), let offset = Int64(match.1) {
        return .int(recordedNow + offset * 1000)
      }
      return .string(placeholders[text] ?? text)
    case .array(let items):
      return .array(items.map { restored($0) })
    case .object(let members):
      var object: [String: JSONValue] = [:]
      for (name, member) in members {
        let wireName =
          key == "api_keys_settings" && name == "USER_ID" ? "user_api_keys_enabled" : name
        object[wireName] = restored(member, key: name)
      }
      return .object(object)
    default:
      return value
    }
  }

  /// The recorder's stand-ins for personal data, and values of the same kind.
  static let placeholders: [String: String] = [
    "%%EMAIL%%": "recorded+clerk_test@example.com", "%%PHONE%%": "+15555550105",
    "%%FIRSTNAME%%": "Recorded", "%%LASTNAME%%": "User",
  ]
}
