import Foundation

/// Captures what a test ``Terminal`` writes, and feeds it stdin.
package final class TerminalRecorder: @unchecked Sendable {
  private let lock = NSLock()
  private var outputBytes: [UInt8] = []
  private var errorBytes: [UInt8] = []
  private var prompts: [String] = []

  package init() {}

  /// Everything written to stdout.
  package var output: String {
    lock.withLock { String(decoding: outputBytes, as: UTF8.self) }
  }

  /// Everything written to stderr.
  package var error: String {
    lock.withLock { String(decoding: errorBytes, as: UTF8.self) }
  }

  /// The prompts passed to `readSecret`, in order.
  package var secretPrompts: [String] { lock.withLock { prompts } }

  func appendOutput(_ bytes: [UInt8]) { lock.withLock { outputBytes += bytes } }
  func appendError(_ bytes: [UInt8]) { lock.withLock { errorBytes += bytes } }
  func appendPrompt(_ prompt: String) { lock.withLock { prompts.append(prompt) } }
}
