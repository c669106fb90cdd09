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

  /// Takes every stream out, to be ended outside the lock (finishing a stream runs its
  /// termination handler, which takes the lock).
  mutating func takeAll() -> [Entry] {
    defer { entries = [:] }
    return Array(entries.values)
  }
}
