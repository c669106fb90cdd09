import ClerkctlCore
import ClerkctlHTTP
import Glibc

/// Epoch seconds as a person reads them: `2026-11-30 08:15:32 UTC (in 48 s)`.
package enum EpochTime {
  /// `seconds` as a UTC date and time, and how far it is from `now`.
  package static func text(_ seconds: Int64, now: Int64) -> String {
    // Years 0000 to 9999 are shown as dates; anything else is only a number.
    guard (-limit...limit).contains(seconds) else {
      return "\(seconds) (not a date between years 0 and 9999)"
    }
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let secondOfDay = seconds - days * 86_400
    let (year, month, day) = HTTPDate.civil(fromDays: days)
    let date =
      "\(year)-\(pad(Int64(month)))-\(pad(Int64(day))) "
      + "\(pad(secondOfDay / 3600)):\(pad(secondOfDay / 60 % 60)):\(pad(secondOfDay % 60)) UTC"
    let delta = seconds.saturatingSubtract(now)
    let relative =
      delta == 0
      ? "now" : delta > 0 ? "in \(span(delta))" : "\(span(Int64(0).saturatingSubtract(delta))) ago"
    return "\(date) (\(relative))"
  }

  /// 9999-12-31 23:59:59 UTC; `-limit` is before year 0.
  static let limit: Int64 = 253_402_300_799

  /// The time of day of `seconds` in the local time zone (`TZ`, else /etc/localtime), as a
  /// person reading a deadline expects it: `10:12:05 CET`; UTC when the zone is unknown.
  package static func localTimeOfDay(_ seconds: Int64) -> String {
    var time = time_t(seconds)
    var parts = tm()
    guard localtime_r(&time, &parts) != nil else { return timeOfDay(seconds) }
    let zone = parts.tm_zone.map { String(cString: $0) } ?? ""
    let clock =
      "\(pad(Int64(parts.tm_hour))):\(pad(Int64(parts.tm_min))):\(pad(Int64(parts.tm_sec)))"
    return zone.isEmpty ? clock : clock + " " + zone
  }

  /// The time of day of `seconds`, in UTC: `09:12:05 UTC`.
  package static func timeOfDay(_ seconds: Int64) -> String {
    let secondOfDay = ((seconds % 86_400) + 86_400) % 86_400
    return "\(pad(secondOfDay / 3600)):\(pad(secondOfDay / 60 % 60)):\(pad(secondOfDay % 60)) UTC"
  }

  private static func span(_ seconds: Int64) -> String {
    if seconds < 120 { return "\(seconds) s" }
    if seconds < 7200 { return "\(seconds / 60) min" }
    if seconds < 172_800 { return "\(seconds / 3600) h" }
    return "\(seconds / 86_400) days"
  }

  private static func pad(_ value: Int64) -> String {
    value < 10 ? "0\(value)" : "\(value)"
  }
}
