import ClerkctlCore
import FoundationEssentials

/// API keys of the signed-in user (or its active organization), through the Frontend API with
/// a fresh session JWT as `Bearer`.
extension ClerkAccount {
  /// Whose keys: the user, or with `organization` the session's active organization.
  package enum APIKeyOwner: Sendable {
    case user
    case activeOrganization
  }

  /// The Frontend API's API keys client for the signed-in session (its token minted or taken
  /// from the cache), the credential, and the subject `owner` names.
  package func apiKeys(
    owner: APIKeyOwner
  ) throws -> (client: FrontendAPIKeysClient, credential: ProfileCredential, subject: String) {
    let result = try token(template: nil, minTTL: 10, forceRefresh: false)
    let credential = result.credential
    let subject = try Self.subject(owner, credential)
    let client = FrontendAPIKeysClient(
      baseURL: instance?.url ?? credential.fapiURL, sessionToken: result.token.jwt, http: http,
      requestTimeout: requestTimeout)
    return (client, credential, subject)
  }

  /// The subject of `owner`: the user id, or the active organization's id.
  package static func subject(
    _ owner: APIKeyOwner, _ credential: ProfileCredential
  ) throws -> String {
    switch owner {
    case .user:
      guard let userID = credential.userID else {
        throw ClerkError.malformedResponse("the stored sign-in has no user id")
      }
      return userID
    case .activeOrganization:
      guard case .organization(let id) = credential.activeOrganization else {
        throw ClerkError.configuration(
          "no organization is active in this session; make one active first")
      }
      return id
    }
  }

  /// Stores `key` as profile `name` of kind `api_key` (nothing to mint, nothing to refresh).
  package func saveAPIKeyProfile(
    _ key: APIKeyCredential, name: String, store: any CredentialStore
  ) throws -> ProfileCredential {
    var credential = ProfileCredential(
      profile: name, fapiURL: "", clientToken: "",
      signedInAt: Int64(clock.now().timeIntervalSince1970))
    credential.kind = .apiKey
    credential.apiKey = key
    try store.save(credential)
    return credential
  }
}
