/// The running `ClerkMachineTokenProvider.tokens(…)` streams, behind the provider's mutex.
struct MachineTokenStreams {
  /// A stream's task and how to finish the stream.
  struct Entry {
    let task: Task<Void, Never>
    let finish: @Sendable () -> Void
  }

  var entries: [Int: Entry] = [:]
  var next = 0

  /// Registers a stream; returns its id.
  mutating func add(_ entry: Entry) -> Int {
    next += 1
    entries[next] = entry
    return next
  }

  /// Ends every stream (logout).
  mutating func stopAll() {
    for entry in entries.values {
      entry.task.cancel()
      entry.finish()
    }
    entries = [:]
  }
}
