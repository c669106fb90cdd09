import FuzzDriver
import Glibc
@testable import ClerkctlCore
@testable import ClerkctlHTTP
@testable import ClerkctlKit

/// Frontend API response decoding: the first byte picks a status, the rest is the body, decoded
/// as `FrontendAPIClient` does and then read as each model clerkctl uses.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  let statuses = [200, 201, 400, 401, 403, 404, 408, 422, 429, 500, 502, 503]
  let status = bytes.first.map { statuses[Int($0) % statuses.count] } ?? 200
  let response = HTTPResponse(
    status: status, headers: ["Content-Type": "application/json"], body: Array(bytes.dropFirst()))
  _ = FrontendAPIClient.summary(of: response)
  guard let json = try? FrontendAPIClient.decode(response) else { return 0 }
  _ = try? ClerkClient(json: json["response"])
  _ = try? ClerkClient(json: json["client"])
  if let response = json["response"] {
    _ = try? SignInAttempt(json: response)
    _ = try? ClerkSession(json: response)
    _ = try? ClerkUser(json: response)
  }
  return 0
}

exit(fuzz_driver_main(CommandLine.argc, CommandLine.unsafeArgv))
