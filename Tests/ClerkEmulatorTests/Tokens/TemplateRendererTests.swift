import ClerkctlCore
import Foundation
import Testing

@testable import ClerkEmulator

@Suite("JWT template shortcodes")
struct TemplateRendererTests {
  private let renderer = TemplateRenderer(
    context: [
      "user": [
        "id": "user_1", "first_name": "Ada", "last_name": nil, "username": "",
        "primary_email_address": "ada@example.com",
        "public_metadata": ["plan": "pro", "limits": ["seats": 3]],
      ]
    ])

  @Test(
    "shortcodes keep types, interpolate in strings, fall back with ||",
    arguments: [
      ("{{user.id}}", "user_1"),
      ("{{user.public_metadata.limits.seats}}", 3),
      ("{{user.public_metadata.limits}}", ["seats": 3]),
      ("{{user.last_name}}", nil),
      ("{{user.nope.deeper}}", nil),
      ("{{user.last_name || user.first_name}}", "Ada"),
      ("{{user.username || 'anon'}}", "anon"),
      ("{{user.last_name || true}}", true),
      ("{{ user.last_name || 7 }}", 7),
      ("Hi {{user.first_name}} ({{user.public_metadata.limits.seats}})", "Hi Ada (3)"),
      ("{{user.first_name}} {{user.last_name}}", "Ada "),
      ("plain", "plain"),
      ("{braces} {{ unclosed", "{braces} {{ unclosed"),
    ] as [(String, JSONValue)])
  func render(template: String, expected: JSONValue) {
    #expect(renderer.render(.string(template)) == expected)
  }

  @Test("nested objects and arrays are rendered")
  func nested() {
    let rendered = renderer.render([
      "a": ["{{user.id}}", 1], "b": ["c": "{{user.primary_email_address}}"],
    ])
    #expect(rendered == ["a": ["user_1", 1], "b": ["c": "ada@example.com"]])
  }
}
