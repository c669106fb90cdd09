import FoundationEssentials

/// API keys: made, listed and revoked by the signed-in user through the Frontend API (with a
/// fresh session token as `Bearer`); and an API key stored as the provider's credential, which
/// `AuthenticatedRequestSender` then sends as is (never minted or refreshed).
extension ClerkAuthProvider {
  /// Creates an API key for the signed-in user (or, with `forOrganization`, the session's
  /// active organization); the returned value carries the secret, once.
  public func createApiKey(
    name: String, description: String? = nil, expiresIn: TimeInterval? = nil,
    forOrganization: Bool = false
  ) async throws -> ClerkApiKey {
    try await apiKeyCall { account in
      let (client, _, subject) = try account.apiKeys(
        owner: forOrganization ? .activeOrganization : .user)
      return try ClerkApiKey(
        client.create(
          name: name, subject: subject, description: description,
          expiresInSeconds: expiresIn.map { max(1, Int($0.rounded(.up))) }))
    }
  }

  /// The signed-in user's (or active organization's) API keys, revoked and expired ones too;
  /// never their secrets.
  public func apiKeys(forOrganization: Bool = false) async throws -> [ClerkApiKey] {
    try await apiKeyCall { account in
      let (client, _, subject) = try account.apiKeys(
        owner: forOrganization ? .activeOrganization : .user)
      return try client.list(subject: subject, includeInvalid: true).map(ClerkApiKey.init)
    }
  }

  /// Revokes an API key of the signed-in user or its organizations.
  public func revokeApiKey(id: String, reason: String? = nil) async throws {
    _ = try await apiKeyCall { account in
      let (client, _, _) = try account.apiKeys(owner: .user)
      return try ClerkApiKey(client.revoke(id: id, reason: reason))
    }
  }

  /// Stores `key` (an API key, `ak_…`) as this provider's credential, replacing any sign-in:
  /// `AuthenticatedRequestSender` then sends it as `Authorization: Bearer`, as is.
  public func useApiKey(_ key: String) async throws {
    guard key.hasPrefix("ak_") else {
      throw ClerkAuthError.configuration("an API key starts with ak_")
    }
    _ = try await apiKeyCall { account in
      _ = try account.saveAPIKeyProfile(
        APIKeyCredential(key: key), name: account.profile, store: account.store)
      return 0
    }
  }

  private func apiKeyCall<T: Sendable>(
    _ body: @escaping @Sendable (ClerkAccount) throws -> T
  ) async throws -> T {
    do {
      return try await Self.offload { [self] in try body(try account()) }
    } catch {
      throw ClerkAuthError(error, during: .token)
    }
  }
}
