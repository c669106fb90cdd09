import Foundation
import Testing

@testable import ClerkctlHTTP

@Suite("HTTP dates")
struct HTTPDateTests {
  @Test(
    "parses the three RFC 9110 forms",
    arguments: [
      ("Sun, 06 Nov 1994 08:49:37 GMT", 784_111_777),
      ("Sunday, 06-Nov-94 08:49:37 GMT", 784_111_777),
      ("Sun Nov  6 08:49:37 1994", 784_111_777),
      ("Thu, 01 Jan 1970 00:00:00 GMT", 0),
      ("Thu, 01 Jan 2026 12:00:00 GMT", 1_767_268_800),
      ("Tue, 29 Feb 2028 23:59:59 GMT", 1_835_481_599),
      ("  Wed, 31 Dec 1969 23:59:59 GMT ", -1),
      ("Saturday, 01-Jan-00 00:00:00 GMT", 946_684_800),
      ("Wed Jan 21 10:00:00 2026", 1_768_989_600),
    ])
  func parses(text: String, epoch: Int) {
    #expect(HTTPDate.parse(text) == Date(timeIntervalSince1970: TimeInterval(epoch)))
  }

  @Test(
    "refuses what is not an HTTP date",
    arguments: [
      "", "120", "Sun, 06 Nov 1994 08:49:37 UTC", "Sun, 6 Nov 1994 08:49:37 GMT",
      "Sun, 06 Nov 94 08:49:37 GMT", "Sun, 31 Feb 1994 08:49:37 GMT",
      "Sun, 06 Foo 1994 08:49:37 GMT", "Sun, 06 Nov 1994 24:00:00 GMT",
      "Sun, 06 Nov 1994 08:49 GMT", "Xyz, 06 Nov 1994 08:49:37 GMT",
      "Sun 06 Nov 1994 08:49:37 GMT", "2026-01-01T00:00:00Z", "Sun, 00 Nov 1994 08:49:37 GMT",
      "Sun, 06 Nov 1994 08:60:37 GMT", "Sun, +6 Nov 1994 08:49:37 GMT",
    ])
  func refuses(text: String) {
    #expect(HTTPDate.parse(text) == nil)
  }

  @Test(
    "formats IMF-fixdate and round-trips",
    arguments: [
      (784_111_777, "Sun, 06 Nov 1994 08:49:37 GMT"),
      (0, "Thu, 01 Jan 1970 00:00:00 GMT"),
      (-1, "Wed, 31 Dec 1969 23:59:59 GMT"),
      (1_835_481_599, "Tue, 29 Feb 2028 23:59:59 GMT"),
      (951_782_400, "Tue, 29 Feb 2000 00:00:00 GMT"),
      (4_102_444_799, "Thu, 31 Dec 2099 23:59:59 GMT"),
    ])
  func formats(epoch: Int, text: String) {
    let date = Date(timeIntervalSince1970: TimeInterval(epoch))
    #expect(HTTPDate.format(date) == text)
    #expect(HTTPDate.parse(HTTPDate.format(date)) == date)
  }

  @Test("drops fractions of a second when formatting")
  func fractions() {
    #expect(HTTPDate.format(Date(timeIntervalSince1970: 0.75)) == "Thu, 01 Jan 1970 00:00:00 GMT")
  }
}
