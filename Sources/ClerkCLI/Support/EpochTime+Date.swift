import ClerkctlHTTP

extension EpochTime {
  /// The UTC date of `seconds`: `2026-11-30`.
  package static func date(_ seconds: Int64) -> String {
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let (year, month, day) = HTTPDate.civil(fromDays: days)
    return "\(year)-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
  }
}
