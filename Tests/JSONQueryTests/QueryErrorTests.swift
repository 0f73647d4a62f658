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
