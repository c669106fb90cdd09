import ClerkTestSupport
import Foundation
import Testing

/// The pattern matching every token mint.
let mintPath = "/v1/client/sessions/*/tokens*"

/// Runs `body` for each element on its own thread at once and awaits the results, in order
/// (the waiting, too, on a thread of its own).
func inParallel<T: Sendable, R: Sendable>(
  _ items: [T], _ body: @escaping @Sendable (T) throws -> R
) async -> [Result<R, any Error>] {
  await onOwnThread { inParallelBlocking(items, body) }
}

private func inParallelBlocking<T: Sendable, R: Sendable>(
  _ items: [T], _ body: @escaping @Sendable (T) throws -> R
) -> [Result<R, any Error>] {
  let results = ResultBox<R>(count: items.count)
  let group = DispatchGroup()
  for (index, item) in items.enumerated() {
    group.enter()
    Thread.detachNewThread {
      results.set(index, Result { try body(item) })
      group.leave()
    }
  }
  group.wait()
  return results.values
}

private final class ResultBox<R: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [Result<R, any Error>?]

  init(count: Int) { storage = Array(repeating: nil, count: count) }

  func set(_ index: Int, _ value: Result<R, any Error>) {
    lock.lock()
    defer { lock.unlock() }
    storage[index] = value
  }

  var values: [Result<R, any Error>] {
    lock.lock()
    defer { lock.unlock() }
    return storage.map { $0 ?? .failure(CancellationError()) }
  }
}
