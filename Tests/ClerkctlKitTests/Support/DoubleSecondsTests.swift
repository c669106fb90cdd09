import ClerkctlCore
import Testing

@Suite("Seconds in messages")
struct DoubleSecondsTests {
  @Test(
    "whole seconds without .0, fractions as they are",
    arguments: [(15.0, "15"), (0.5, "0.5"), (120, "120"), (2.25, "2.25"), (1e20, "1e+20")])
  func text(value: Double, expected: String) {
    #expect(value.secondsText == expected)
  }
}
