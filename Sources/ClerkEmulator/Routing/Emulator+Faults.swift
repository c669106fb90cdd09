import ClerkctlCore
import ClerkctlHTTP
import ClerkctlHTTPServer
import Foundation

/// Faults queued through the test surface, applied before routing.
extension Emulator {
  /// Ends the delays of faults in progress at once, and makes later ones end at once: call it
  /// when the emulator stops, before the server's stop waits for its handlers.
  package func stopDelays() { faultDelays.wake() }

  /// Takes one use of the first queued fault matching the request, if any.
  func takeFault(method: String, path: String) -> Fault? {
    state.withStore { store in
      guard let index = store.faults.firstIndex(where: { $0.matches(method: method, path: path) })
      else { return nil }
      let fault = store.faults[index]
      store.faults[index].remaining -= 1
      if store.faults[index].remaining <= 0 { store.faults.remove(at: index) }
      return fault
    }
  }

  /// Applies a fault: delay, then drop, or a canned status/body; a delay-only fault then
  /// serves the request normally.
  func apply(_ fault: Fault, context: RequestContext) -> HTTPServerResponse {
    if fault.delayMilliseconds > 0 {
      faultDelays.sleep(Double(fault.delayMilliseconds) / 1000, on: clock)
    }
    if fault.drop { return .dropConnection }
    guard fault.status != nil || fault.body != nil else {
      return HTTPServerResponse(route(faultless: context))
    }
    let status = fault.status ?? 200
    var headers: HTTPHeaders = ["Content-Type": "application/json"]
    if let retryAfter = fault.retryAfter { headers.add(name: "Retry-After", value: retryAfter) }
    let body: [UInt8]
    if let text = fault.body {
      body = Array(text.utf8)
    } else {
      body =
        ClerkAPIFailure(
          status: status, code: status == 429 ? "too_many_requests" : "emulator_fault",
          message: "Injected fault", longMessage: "The emulator injected status \(status)."
        ).body(traceID: random.base62(32).lowercased()).encodedBytes
    }
    return HTTPServerResponse(HTTPResponse(status: status, headers: headers, body: body))
  }
}
