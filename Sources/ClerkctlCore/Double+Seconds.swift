extension Double {
  /// Seconds as a person reads them in a message: `15`, `0.5` (whole numbers without `.0`).
  package var secondsText: String {
    rounded() == self && Swift.abs(self) < 1e15 ? String(Int64(self)) : String(self)
  }
}
