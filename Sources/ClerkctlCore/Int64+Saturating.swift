/// Arithmetic for numbers that come from outside (a token's times, a server's clock, a cached
/// file): never traps, saturating at `Int64.min` and `Int64.max`.
extension Int64 {
  /// `value` rounded toward zero, clamped to Int64's range (`NaN` is 0).
  package init(saturating value: Double) {
    if value.isNaN {
      self = 0
    } else if value >= 9_223_372_036_854_775_807.0 {
      self = .max
    } else if value <= -9_223_372_036_854_775_808.0 {
      self = .min
    } else {
      self = Int64(value)
    }
  }

  /// `self - other`, clamped to Int64's range.
  package func saturatingSubtract(_ other: Int64) -> Int64 {
    let (result, overflow) = subtractingReportingOverflow(other)
    guard overflow else { return result }
    return other < 0 ? .max : .min
  }

  /// `self + other`, clamped to Int64's range.
  package func saturatingAdd(_ other: Int64) -> Int64 {
    let (result, overflow) = addingReportingOverflow(other)
    guard overflow else { return result }
    return other > 0 ? .max : .min
  }
}
