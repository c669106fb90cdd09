import ClerkctlCore
import ClerkctlHTTP

/// A JSON request to one of Clerk's APIs with a bearer credential, and the one way it is sent:
/// shared by the Backend API, the machine endpoints and the Frontend API's API-key calls, so
/// the headers Clerk reads and the mapping of transport failures are written once.
enum ClerkAPIRequest {
  /// `method url` with `Authorization: Bearer bearer`, Clerk's API version, and `body` as JSON
  /// when given.
  static func make(
    _ method: String, url: String, bearer: String, body: JSONValue?, timeout: Double
  ) -> HTTPRequest {
    var request = HTTPRequest(method: method, url: url)
    request.timeout = timeout
    request.headers.add(name: "Authorization", value: "Bearer \(bearer)")
    request.headers.add(name: "Accept", value: "application/json")
    request.headers.add(name: "Clerk-API-Version", value: FrontendAPIClient.apiVersion)
    if let body {
      request.headers.add(name: "Content-Type", value: "application/json")
      request.body = body.encodedBytes
    }
    return request
  }

  /// `request` sent through `http`; anything that is not a complete response is
  /// `ClerkError.transport`.
  static func send(
    _ request: HTTPRequest, through http: HTTPClient
  ) throws(ClerkError)
    -> HTTPResponse
  {
    do {
      return try http.send(request)
    } catch let error as HTTPError {
      throw .transport(error)
    } catch {
      throw .transport(HTTPError(.transport, url: request.url, message: "\(error)"))
    }
  }
}
