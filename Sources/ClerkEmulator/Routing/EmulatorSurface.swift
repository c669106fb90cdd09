import ClerkctlCore
import ClerkctlHTTP
import ClerkctlJOSE
import Foundation

/// A handler of one surface (or the emulator itself) over the shared ``EmulatorServices``,
/// with the helpers every surface uses.
protocol EmulatorSurface: Sendable {
  var services: EmulatorServices { get }
}

extension EmulatorSurface {
  var state: EmulatorState { services.state }
  var instanceID: String { services.instanceID }
  var secretKey: String { services.secretKey }
  var signer: JWTSigner { services.signer }
  var jwks: JWKS { services.jwks }
  var clock: Clock { services.clock }
  var random: RandomSource { services.random }

  /// The served origin: FAPI URL, BAPI base (without `/v1`), Convex URL and token issuer.
  var baseURL: String { state.withStore { $0.baseURL } }

  /// Milliseconds since the epoch, now.
  var nowMilliseconds: Int64 { Int64((clock.now().timeIntervalSince1970 * 1000).rounded(.down)) }

  /// A JSON response.
  func json(_ value: JSONValue, status: Int = 200, headers: HTTPHeaders = [:]) -> HTTPResponse {
    var headers = headers
    headers.replaceOrAdd(name: "Content-Type", value: "application/json")
    return HTTPResponse(status: status, headers: headers, body: value.encodedBytes)
  }

  /// A Clerk error response with a fresh trace id.
  func clerkError(_ failure: ClerkAPIFailure) -> HTTPResponse {
    json(
      failure.body(traceID: random.base62(32).lowercased()), status: failure.status,
      headers: failure.headers)
  }
}
