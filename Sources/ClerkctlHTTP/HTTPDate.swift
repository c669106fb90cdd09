import ClerkctlCore
import FoundationEssentials

/// HTTP dates (RFC 9110 §5.6.7), as used in `Date`, `Retry-After`, `Expires` and `Last-Modified`.
///
/// Parsing accepts the three forms recipients must understand, always in GMT:
/// IMF-fixdate `Sun, 06 Nov 1994 08:49:37 GMT`, obsolete RFC 850 `Sunday, 06-Nov-94 08:49:37 GMT`
/// and asctime `Sun Nov  6 08:49:37 1994`. Hand-written (no `DateFormatter`), so it is
/// locale-independent and safe from any thread.
package enum HTTPDate {
  /// Parses an HTTP date.
  ///
  /// The day name must be a valid English day name but is not checked against the date; surrounding
  /// whitespace is ignored. RFC 850 two-digit years 70–99 are 19xx, 00–69 are 20xx.
  ///
  /// - Parameter text: the header value.
  /// - Returns: the instant, or `nil` when `text` is not an HTTP date (including delta-seconds
  ///   such as a `Retry-After: 120`, which callers handle themselves).
  package static func parse(_ text: String) -> Date? {
    let trimmed = text.trimmingWhitespace()
    let words = trimmed.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    if words.count == 6, words[0].hasSuffix(","), shortDays.contains(String(words[0].dropLast())),
      words[5] == "GMT", words[1].count == 2, words[3].count == 4
    {
      // IMF-fixdate: day-name "," SP day SP month SP year SP time SP "GMT"
      return make(year: words[3], month: words[2], day: words[1], time: words[4])
    }
    if words.count == 4, words[0].hasSuffix(","), longDays.contains(String(words[0].dropLast())),
      words[3] == "GMT"
    {
      // RFC 850: day-name-l "," SP dd-Mon-yy SP time SP "GMT"
      let parts = words[1].split(separator: "-", omittingEmptySubsequences: false).map(String.init)
      guard parts.count == 3, parts[0].count == 2, parts[2].count == 2, let yy = Int(parts[2])
      else { return nil }
      let year = String(yy < 70 ? 2000 + yy : 1900 + yy)
      return make(year: year, month: parts[1], day: parts[0], time: words[2])
    }
    if words.count == 5, shortDays.contains(words[0]), words[4].count == 4 {
      // asctime: day-name SP month SP ( 2DIGIT / ( SP DIGIT ) ) SP time SP year
      guard (1...2).contains(words[2].count) else { return nil }
      return make(year: words[4], month: words[1], day: words[2], time: words[3])
    }
    return nil
  }

  /// Formats `date` as an IMF-fixdate, e.g. `Sun, 06 Nov 1994 08:49:37 GMT` (fractions dropped).
  package static func format(_ date: Date) -> String {
    let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let secondOfDay = Int(seconds - days * 86_400)
    let (year, month, day) = civil(fromDays: days)
    // 1970-01-01 was a Thursday.
    let weekday = Int(((days % 7) + 7 + 4) % 7)
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
    return "\(shortDays[weekday]), \(two(day)) \(months[month - 1]) \(yearText) "
      + "\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60)) GMT"
  }

  private static let shortDays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
  private static let longDays = [
    "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday",
  ]
  private static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  private static func make(year: String, month: String, day: String, time: String) -> Date? {
    guard year.allSatisfy(\.isASCIIDigit), day.allSatisfy(\.isASCIIDigit),
      let year = Int(year), let day = Int(day),
      let monthIndex = months.firstIndex(of: month)
    else { return nil }
    let clock = time.split(separator: ":", omittingEmptySubsequences: false)
    guard clock.count == 3, clock.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCIIDigit) }),
      let hour = Int(clock[0]), let minute = Int(clock[1]), let second = Int(clock[2]),
      hour < 24, minute < 60, second <= 60
    else { return nil }
    let month = monthIndex + 1
    guard day >= 1, day <= daysIn(month: month, year: year) else { return nil }
    let days = daysFromCivil(year: year, month: month, day: day)
    let total = days * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    return Date(timeIntervalSince1970: TimeInterval(total))
  }

  private static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Days since 1970-01-01 for a proleptic Gregorian date (Howard Hinnant's algorithm).
  private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int64 {
    let y = Int64(month <= 2 ? year - 1 : year)
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let m = Int64(month)
    let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The proleptic Gregorian date `days` after 1970-01-01 (the inverse of `daysFromCivil`);
  /// also what `EpochTime` shows.
  package static func civil(fromDays days: Int64) -> (year: Int, month: Int, day: Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = Int(dayOfYear - (153 * mp + 2) / 5 + 1)
    let month = Int(mp < 10 ? mp + 3 : mp - 9)
    let year = Int(yearOfEra + era * 400) + (month <= 2 ? 1 : 0)
    return (year, month, day)
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
