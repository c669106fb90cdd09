import ClerkctlCore
import ClerkctlHTTP
import Foundation

/// The loopback-only test surface under `/__emulator/`:
/// - `GET /__emulator/requests`: the request log, `[{"method","path","status"}]` (status 0 =
///   dropped). Test-surface requests themselves are not logged.
/// - `DELETE /__emulator/requests`: clears the log.
/// - `POST /__emulator/faults`: queues a fault, JSON `{"path","method"?,"count"?,"status"?,
///   "retry_after"?,"delay_ms"?,"body"?,"drop"?}` (see `Fault`).
/// - `POST /__emulator/sessions/{session_id}/revoke`: revokes a session server-side.
/// - `GET /__emulator/emails[?to=ADDRESS]`: email codes sent, `[{"to","code","sign_in_id",
///   "factor","created_at"}]`, oldest first (`+clerk_test` addresses send nothing).
/// - `GET /__emulator/oauth/authorize?state=…`: the fake OAuth/SSO provider page.
/// - `POST /__emulator/jwt_templates/{name}` `{"lifetime": SECONDS}`: a template's (for
///   `session`, the session token's) lifetime, below Clerk's 30 s minimum if need be.
/// - `POST /__emulator/clock` `{"advance": SECONDS}`: moves the emulator's clock ahead.
extension TestSurfaceHandler {
  func serveTestSurface(_ context: RequestContext) -> HTTPResponse {
    var context = context
    guard
      let route = Emulator.routes.first(where: {
        $0.surface == .testSurface && $0.method == context.method
          && $0.match(path: context.path) != nil
      }),
      case .testSurface(let endpoint) = route.endpoint
    else { return clerkError(.routeNotFound) }
    context.params = route.match(path: context.path) ?? [:]
    switch endpoint {
    case .requests:
      return json(.array(state.requests.map(\.json)))
    case .clearRequests:
      state.withStore { $0.requests.removeAll() }
      return json(["deleted": true])
    case .emails:
      let address = context.query["to"]?.lowercased()
      let emails = state.emails.filter { address == nil || $0.to.lowercased() == address }
      return json(.array(emails.map(\.json)))
    case .revokeSession:
      return backend.revokeSession(context.params["session_id"] ?? "")
    case .faults:
      return queueFault(context)
    case .oauthAuthorize:
      return serveOAuthAuthorize(context)
    case .tokenLifetime:
      return setTokenLifetime(context)
    case .clock:
      return advanceClock(context)
    case .armOAuthConsent:
      return armOAuthConsent(context)
    case .tuneOAuthApplication:
      return tuneOAuthApplication(context)
    }
  }

  private func queueFault(_ context: RequestContext) -> HTTPResponse {
    guard let body = context.jsonBody, let path = body["path"]?.stringValue, !path.isEmpty else {
      return clerkError(.paramMissing("path"))
    }
    let count = body["count"]?.intValue ?? 1
    guard count > 0 else { return clerkError(.paramInvalid("count", "count must be positive")) }
    let status = body["status"]?.intValue
    if let status, !(100...599).contains(status) {
      return clerkError(.paramInvalid("status", "status must be 100…599"))
    }
    // A delay holds a worker: capped, so no local process can park the emulator for ever.
    let delay = body["delay_ms"] ?? .int(0)
    guard let delayMilliseconds = delay.intValue, (0...60_000).contains(delayMilliseconds) else {
      return clerkError(.paramInvalid("delay_ms", "delay_ms must be an integer 0…60000"))
    }
    let retryAfter =
      body["retry_after"]?.stringValue ?? body["retry_after"]?.intValue.map(String.init)
    let fault = Fault(
      pathPattern: path, method: body["method"]?.stringValue, remaining: Int(count),
      status: status.map(Int.init), retryAfter: retryAfter,
      delayMilliseconds: Int(delayMilliseconds),
      body: body["body"]?.stringValue, drop: body["drop"]?.boolValue ?? false)
    state.withStore { $0.faults.append(fault) }
    return json(["queued": true, "path": .string(path), "count": .int(count)])
  }
}
