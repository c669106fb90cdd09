import ClerkctlCore

extension OAuthCredential {
  /// The `"oauth"` member of the credential document.
  package var jsonValue: JSONValue {
    func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
    return [
      "client_id": .string(clientID), "client_secret": optional(clientSecret),
      "refresh_token": optional(refreshToken), "scopes": .array(scopes.map(JSONValue.string)),
      "endpoints": endpoints.jsonValue, "resource": optional(resource),
      "access_token": optional(accessToken), "issued_at": .int(issuedAt),
      "expires_at": .int(expiresAt), "id_token": optional(idToken),
    ]
  }

  /// Reads the `"oauth"` member.
  ///
  /// - Throws: `CredentialStoreError.corrupt` when it is not well formed.
  package init(json: JSONValue, path: String) throws(CredentialStoreError) {
    func corrupt(_ reason: String) -> CredentialStoreError {
      .corrupt(path: path, reason: "'oauth' \(reason)")
    }
    guard let object = json.objectValue else { throw corrupt("is not an object") }
    guard let clientID = object["client_id"]?.stringValue, !clientID.isEmpty else {
      throw corrupt("has no 'client_id'")
    }
    guard let endpointsJSON = object["endpoints"],
      let endpoints = OAuthEndpoints(json: endpointsJSON)
    else { throw corrupt("has no well-formed 'endpoints'") }
    guard let issuedAt = object["issued_at"]?.intValue,
      let expiresAt = object["expires_at"]?.intValue
    else { throw corrupt("has no 'issued_at' or 'expires_at'") }
    self.init(
      clientID: clientID, clientSecret: object["client_secret"]?.stringValue,
      refreshToken: object["refresh_token"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 },
      scopes: object["scopes"]?.arrayValue?.compactMap(\.stringValue) ?? [],
      endpoints: endpoints, resource: object["resource"]?.stringValue,
      accessToken: object["access_token"]?.stringValue, issuedAt: issuedAt,
      expiresAt: expiresAt, idToken: object["id_token"]?.stringValue)
  }
}

extension OAuthEndpoints {
  /// The endpoints as the credential file keeps them (RFC 8414 names, without `_endpoint`).
  package var jsonValue: JSONValue {
    func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
    return [
      "issuer": .string(issuer), "authorization": .string(authorization),
      "token": .string(token), "userinfo": optional(userinfo),
      "revocation": optional(revocation), "introspection": optional(introspection),
      "registration": optional(registration),
    ]
  }

  /// Reads what ``jsonValue`` wrote; `nil` when the issuer, authorization or token URL is
  /// missing.
  package init?(json: JSONValue) {
    guard let issuer = json["issuer"]?.stringValue,
      let authorization = json["authorization"]?.stringValue,
      let token = json["token"]?.stringValue
    else { return nil }
    self.init(
      issuer: issuer, authorization: authorization, token: token,
      userinfo: json["userinfo"]?.stringValue, revocation: json["revocation"]?.stringValue,
      introspection: json["introspection"]?.stringValue,
      registration: json["registration"]?.stringValue)
  }

  /// Reads RFC 8414 / OpenID discovery metadata; `nil` without `issuer`,
  /// `authorization_endpoint` or `token_endpoint`.
  package init?(metadata json: JSONValue) {
    guard let issuer = json["issuer"]?.stringValue,
      let authorization = json["authorization_endpoint"]?.stringValue,
      let token = json["token_endpoint"]?.stringValue
    else { return nil }
    self.init(
      issuer: issuer, authorization: authorization, token: token,
      userinfo: json["userinfo_endpoint"]?.stringValue,
      revocation: json["revocation_endpoint"]?.stringValue,
      introspection: json["introspection_endpoint"]?.stringValue,
      registration: json["registration_endpoint"]?.stringValue)
  }
}
