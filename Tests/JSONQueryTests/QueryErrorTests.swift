import JSONKit
import Testing

@testable import JSONQuery

@Suite("QueryError carries jq's error value")
struct QueryErrorTests {
  @Test func stringValueIsTheMessage() {
    let error = QueryError.runtime("cannot iterate over null")
    #expect(error.message == "cannot iterate over null")
    #expect(error.value == JSON("cannot iterate over null"))
    #expect(error.kind == .runtime)
  }

  @Test func otherValuesPrintAsCompactJSONNotAString() {
    let error = QueryError(value: ["code": 7])
    #expect(error.message == #"{"code":7} (not a string)"#)
    #expect(error.description == error.message)
  }
}

@Suite("fromjson errors")
struct FromJSONErrorTests {
  /// jq's shape ("<what> at line L, column C (while parsing '<text>')") with JSONKit's
  /// description of the problem; it echoed the text in place of the problem before.
  @Test func sayWhatWhereAndWhichText() throws {
    let results = try Query("try fromjson catch .").values(on: JSON("[1,\n2,,3]"))
    #expect(results == [JSON("Unexpected character ',' at line 2, column 3 (while parsing '[1,\n2,,3]')")])
  }
}
