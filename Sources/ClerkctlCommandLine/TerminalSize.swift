internal import CSystem

/// The size a terminal reports for itself (`TIOCGWINSZ`), as argument-parser, cobra and git
/// read it to wrap help.
package enum TerminalSize {
  /// The width in columns of the terminal on `descriptor`; `nil` when it is not a terminal or
  /// reports no size.
  package static func columns(of descriptor: Int32) -> Int? {
    let columns = Int(csystem_terminal_columns(descriptor))
    return columns > 0 ? columns : nil
  }
}
