import ClerkctlCore

/// Captures what a test ``Terminal`` writes, and feeds it stdin.
package final class TerminalRecorder: Sendable {
  private struct Captured {
    var outputBytes: [UInt8] = []
    var errorBytes: [UInt8] = []
    var prompts: [String] = []
  }

  private let captured = Lock(Captured())

  package init() {}

  /// Everything written to stdout.
  package var output: String {
    captured.withLock { String(decoding: $0.outputBytes, as: UTF8.self) }
  }

  /// Everything written to stderr.
  package var error: String {
    captured.withLock { String(decoding: $0.errorBytes, as: UTF8.self) }
  }

  /// The prompts passed to `readSecret`, in order.
  package var secretPrompts: [String] { captured.withLock { $0.prompts } }

  func appendOutput(_ bytes: [UInt8]) { captured.withLock { $0.outputBytes += bytes } }
  func appendError(_ bytes: [UInt8]) { captured.withLock { $0.errorBytes += bytes } }
  func appendPrompt(_ prompt: String) { captured.withLock { $0.prompts.append(prompt) } }
}
