import ClerkTestSupport
import ClerkctlCore
import ClerkctlHTTP
import Testing

/// A fault's delay is capped: a huge `delay_ms` (292 million years) is refused (422), so
/// no local process can park the emulator's workers for ever.
@Suite("Fault delays are capped", .tags(.security))
struct FaultDelayCapTests {
  @Test("delay_ms above 60000 or not a number is refused; 60000 is taken")
  func capped() throws {
    let harness = try EmulatorHarness()
    for delay: JSONValue in [.int(Int64.max), .int(60_001), .double(1e300), .int(-1)] {
      let response = harness.send(
        "POST", "/__emulator/faults", headers: ["Content-Type": "application/json"],
        body: JSONValue.object(["path": "/v1/environment", "delay_ms": delay]).encodedBytes)
      // Clerk's parameter errors are 422.
      #expect([400, 422].contains(response.status), "\(delay): \(response.status)")
    }
    harness.queueFault(["path": "/v1/environment", "delay_ms": 60_000])
  }
}
