import ClerkctlCore
import ClerkctlHTTP
import ClerkctlJOSE
import ClerkctlWire
import Foundation

/// `last_active_token`, as Clerk fills it: every active session in a client reply carries the
/// session token minted last — one is minted when a session first appears in a reply (a
/// completed sign-in or sign-up), and each token the session asks for replaces it.
extension FrontendAPIHandler {
  /// `body` with `last_active_token` filled for each active session that has none yet; the
  /// tokens are signed outside the lock and remembered on the sessions.
  func withLastActiveTokens(_ body: JSONValue) -> JSONValue {
    var wanted: Set<String> = []
    Self.collectTokenless(body, into: &wanted)
    guard !wanted.isEmpty else { return body }
    let now = nowMilliseconds
    let claims: [(String, JSONValue)] = state.withStore { store in
      wanted.sorted().compactMap { id in
        guard let session = store.sessions[id], session.status == .active else { return nil }
        return (id, sessionTokenClaims(session, store: store, now: now))
      }
    }
    var tokens: [String: String] = [:]
    for (id, sessionClaims) in claims {
      guard
        let jwt = try? signer.sign(claims: sessionClaims, extraHeader: JWTCategory.session.header)
      else { continue }
      tokens[id] = jwt
    }
    guard !tokens.isEmpty else { return body }
    state.withStore { store in
      for (id, jwt) in tokens where store.sessions[id]?.lastActiveToken == nil {
        store.sessions[id]?.lastActiveToken = jwt
      }
    }
    return Self.filling(body, tokens)
  }

  /// A session token reply that also becomes the session's `last_active_token`.
  func rememberedSessionTokenResponse(_ claims: JSONValue) -> HTTPResponse {
    let jwt: String
    do { jwt = try signer.sign(claims: claims, extraHeader: JWTCategory.session.header) } catch {
      return clerkError(.signingFailed(error))
    }
    if let id = claims["sid"]?.stringValue {
      state.withStore { $0.sessions[id]?.lastActiveToken = jwt }
    }
    return json(["object": "token", "jwt": .string(jwt)])
  }

  /// The ids of active session objects whose `last_active_token` is null.
  private static func collectTokenless(_ value: JSONValue, into ids: inout Set<String>) {
    if let object = value.objectValue {
      if object["object"]?.stringValue == "session",
        object["status"]?.stringValue == SessionStatus.active.rawValue,
        object["last_active_token"] == .null, let id = object["id"]?.stringValue
      {
        ids.insert(id)
      }
      for child in object.values { collectTokenless(child, into: &ids) }
    } else if let array = value.arrayValue {
      for child in array { collectTokenless(child, into: &ids) }
    }
  }

  private static func filling(_ value: JSONValue, _ tokens: [String: String]) -> JSONValue {
    if var object = value.objectValue {
      for (key, child) in object { object[key] = filling(child, tokens) }
      if object["object"]?.stringValue == "session", object["last_active_token"] == .null,
        let id = object["id"]?.stringValue, let jwt = tokens[id]
      {
        object["last_active_token"] = ["object": "token", "jwt": .string(jwt)]
      }
      return .object(object)
    }
    if let array = value.arrayValue { return .array(array.map { filling($0, tokens) }) }
    return value
  }
}
