extension StringProtocol {
  /// The text without leading and trailing whitespace and newlines (`Character.isWhitespace`).
  ///
  /// Used instead of Foundation's `trimmingCharacters(in:)`, whose `CharacterSet` would link
  /// all of Foundation (CoreFoundation and ICU) into clerkctl and slow every start.
  package func trimmingWhitespace() -> String {
    guard let first = firstIndex(where: { !$0.isWhitespace }),
      let last = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(self[first...last])
  }
}
