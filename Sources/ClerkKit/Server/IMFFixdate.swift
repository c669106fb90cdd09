import FoundationEssentials

/// Formats dates as HTTP's IMF-fixdate, e.g. `Sun, 06 Nov 1994 08:49:37 GMT` (RFC 9110 5.6.7).
package enum IMFFixdate {
  private static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
  private static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  /// The IMF-fixdate for `date`, in UTC, whole seconds.
  package static func format(_ date: Date) -> String {
    let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let secondOfDay = seconds - days * 86_400
    let weekday = weekdays[Int(((days % 7) + 7) % 7)]
    let (year, month, day) = civilDate(daysSinceEpoch: days)
    return "\(weekday), \(pad(day)) \(months[month - 1]) \(year) "
      + "\(pad(secondOfDay / 3600)):\(pad(secondOfDay / 60 % 60)):\(pad(secondOfDay % 60)) GMT"
  }

  private static func pad(_ value: Int64) -> String {
    value < 10 ? "0\(value)" : "\(value)"
  }

  /// Howard Hinnant's `civil_from_days`: year, month (1-12), day (1-31).
  package static func civilDate(daysSinceEpoch: Int64) -> (Int64, Int, Int64) {
    let z = daysSinceEpoch + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthPrime = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthPrime + 2) / 5 + 1
    let month = monthPrime < 10 ? monthPrime + 3 : monthPrime - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (year, Int(month), day)
  }
}
