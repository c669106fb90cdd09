import ClerkTestSupport
import ClerkctlHTTP
import Foundation
import Testing

@testable import ClerkctlKit

/// A body that is not Clerk's JSON is summed up from its first few KiB by a linear scan: a
/// large hostile page cannot pin a CPU.
@Suite("Summary of a non-JSON body", .tags(.security))
struct NonJSONSummaryTests {
  func summary(_ text: String) -> String {
    FrontendAPIClient.summary(of: HTTPResponse(status: 502, body: Array(text.utf8)))
  }

  @Test("titles and headings are found in the first 8 KiB")
  func titleAndHeading() {
    #expect(
      summary("<html><title>Bad <b>Gateway</b></title></html>")
        == "an HTML page titled 'Bad Gateway'")
    #expect(summary("<!DOCTYPE html><body><h1>Oops</h1></body>") == "an HTML page headed 'Oops'")
    #expect(summary("plain words here") == "'plain words here'")
  }

  @Test("only the first 8 KiB are looked at")
  func onlyThePrefix() {
    let page = "<html>" + String(repeating: " ", count: 9000) + "<title>Late</title></html>"
    #expect(!summary(page).contains("Late"), "\(summary(page))")
    #expect(summary(page).hasPrefix("an HTML page ("))
  }

  @Test("a 40 KB page of unclosed tags is summed up at once")
  func pathologicalPage() {
    let page = String(repeating: "<title", count: 6_000) + String(repeating: "<h1", count: 2_000)
    let start = ContinuousClock.now
    _ = summary(page)
    let elapsed = ContinuousClock.now - start
    #expect(elapsed < .seconds(2), "took \(elapsed)")
  }
}
