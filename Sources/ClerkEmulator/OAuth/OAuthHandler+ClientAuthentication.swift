import ClerkctlCore
import ClerkctlCrypto
import ClerkctlHTTP
import ClerkctlHTTPServer
import Foundation

/// Client authentication at the token, revocation and introspection endpoints: HTTP Basic
/// (`client_secret_basic`), `client_secret` in the form (`client_secret_post`; Clerk treats the
/// two alike), or, for a public client, `client_id` alone.
extension OAuthHandler {
  /// The credentials a request presents.
  struct ClientCredentials {
    var clientID: String?
    var secret: String?

    var isEmpty: Bool { clientID == nil && secret == nil }
  }

  /// Reads the Basic header and the form's `client_id`/`client_secret`.
  static func clientCredentials(
    _ context: RequestContext
  ) throws(OAuthFailure)
    -> ClientCredentials
  {
    let form = context.form
    var credentials = ClientCredentials(
      clientID: form.nonEmpty("client_id"), secret: form.nonEmpty("client_secret"))
    guard let header = context.request.headers["Authorization"]?.trimmingSpaces,
      header.lowercased().hasPrefix("basic ")
    else { return credentials }
    let encoded = String(header.dropFirst(6)).trimmingSpaces
    guard let data = Data(base64Encoded: encoded),
      let text = String(data: data, encoding: .utf8), let colon = text.firstIndex(of: ":")
    else { throw .invalidClient("The Basic Authorization header is malformed") }
    let id = FormData.decode(String(text[..<colon]))
    let secret = FormData.decode(String(text[text.index(after: colon)...]))
    guard credentials.secret == nil else {
      throw .invalidRequest("Use one client authentication method, not Basic and client_secret")
    }
    if let formID = credentials.clientID, formID != id {
      throw .invalidClient("client_id does not match the Basic credentials")
    }
    credentials.clientID = id
    credentials.secret = secret.isEmpty ? nil : secret
    return credentials
  }

  /// The application the credentials authenticate: a public client by its id, a confidential
  /// one by its id and secret.
  static func authenticate(
    _ credentials: ClientCredentials, store: Store
  ) throws(OAuthFailure)
    -> OAuthApplicationRecord
  {
    guard let clientID = credentials.clientID else {
      throw .invalidClient("client_id is missing (in the form, or as Basic credentials)")
    }
    guard let application = store.oauth.application(clientID: clientID) else {
      throw .invalidClient("No OAuth application has client_id \(clientID)")
    }
    if let expected = application.clientSecret, !application.isPublic {
      guard let secret = credentials.secret, ConstantTime.equals(secret, expected) else {
        throw .invalidClient("The client secret is missing or wrong")
      }
    }
    return application
  }
}
