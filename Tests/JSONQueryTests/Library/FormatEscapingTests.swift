import JSONKit
import Testing

@testable import JSONQuery

/// `@csv`, `@tsv`, `@sh` and `@uri` escape scalar by scalar, as jq does byte by byte: a
/// quote stays a quote to escape when a combining mark follows it (one `Character`).
@Suite("Library: @csv, @tsv, @sh and @uri escaping")
struct FormatEscapingTests {
  /// A quote, an apostrophe and a backslash each followed by U+0301, and CR LF.
  let text = "\"\u{301}'\u{301}\\\u{301}\r\n\tz"

  @Test("@csv doubles every quote")
  func csv() throws {
    let results = try Query("[.] | @csv").values(on: JSON(text))
    #expect(results == [JSON("\"\"\"\u{301}'\u{301}\\\u{301}\r\n\tz\"")])
  }

  @Test("@tsv escapes every backslash, tab, CR and LF")
  func tsv() throws {
    let results = try Query("[.] | @tsv").values(on: JSON(text))
    #expect(results == [JSON("\"\u{301}'\u{301}\\\\\u{301}\\r\\n\\tz")])
  }

  @Test("@sh closes, escapes and reopens at every apostrophe")
  func sh() throws {
    let results = try Query("@sh").values(on: JSON(text))
    #expect(results == [JSON("'\"\u{301}'\\''\u{301}\\\u{301}\r\n\tz'")])
  }

  @Test("@uri percent-encodes every byte but the unreserved ones, in upper-case hex")
  func uri() throws {
    let results = try Query("@uri").values(on: JSON("a-_.~ é/\u{7F}"))
    #expect(results == [JSON("a-_.~%20%C3%A9%2F%7F")])
  }
}
