import Testing

@testable import ClerkctlCore

@Suite("JSON parser")
struct JSONParserTests {
  @Test("parses every kind of value and round-trips through the encoder")
  func roundTrip() throws {
    let text = #"{"a":[1,-2.5,true,false,null],"b":"x\"\u00e9\ud83d\ude00","c":{}}"#
    let value = try JSONValue(parsing: text)
    #expect(value["a"] == [1, -2.5, true, false, nil])
    #expect(value["b"]?.stringValue == "x\"é😀")
    #expect(try JSONValue(parsing: value.encoded) == value)
  }

  @Test("writes compact and indented text byte for byte: sorted keys, escapes, nesting")
  func encodedText() throws {
    let value: JSONValue = [
      "b": ["x\"\\\n\t\u{01}é😀", 3, -2.5, 4.0, nil, true],
      "a": ["nested": [:], "list": []],
      "c": "plain",
    ]
    let compact =
      #"{"a":{"list":[],"nested":{}},"# + #""b":["x\"\\\n\t\u0001é😀",3,-2.5,4,null,true],"#
      + #""c":"plain"}"#
    #expect(value.encoded == compact)
    #expect(value.encodedBytes == Array(compact.utf8))
    let pretty = """
      {
        "a": {
          "list": [],
          "nested": {}
        },
        "b": [
          "x\\"\\\\\\n\\t\\u0001é😀",
          3,
          -2.5,
          4,
          null,
          true
        ],
        "c": "plain"
      }
      """
    #expect(value.prettyEncoded == pretty)
  }

  @Test("keeps large integers exact")
  func integers() throws {
    let value = try JSONValue(parsing: "[1767225600, 9007199254740993]")
    #expect(value.arrayValue?[1].intValue == 9_007_199_254_740_993)
  }

  @Test(
    "refuses malformed documents",
    arguments: [
      "", "{", "[1,]", "{\"a\" 1}", "01", "\"\u{01}\"", "tru", "[1] x", "\"\\ud800\"", "1e",
    ]
  )
  func refuses(text: String) {
    #expect(throws: JSONParser.Failure.self) { try JSONValue(parsing: text) }
  }

  @Test("bounds nesting depth")
  func depth() {
    let deep = String(repeating: "[", count: 1000) + String(repeating: "]", count: 1000)
    #expect(throws: JSONParser.Failure.self) { try JSONValue(parsing: deep) }
  }
}
