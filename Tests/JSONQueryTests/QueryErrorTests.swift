import JSONKit
import Testing

@testable import JSONQuery

@Suite("QueryError carries jq's error value")
struct QueryErrorTests {
  @Test("String value is the message")
  func stringValueIsTheMessage() {
    let error = QueryError.runtime("cannot iterate over null")
    #expect(error.message == "cannot iterate over null")
    #expect(error.value == JSON("cannot iterate over null"))
    #expect(error.kind == .runtime)
  }

  @Test("Other values print as compact JSON not a string")
  func otherValuesPrintAsCompactJSONNotAString() {
    let error = QueryError(value: ["code": 7])
    #expect(error.message == #"{"code":7} (not a string)"#)
    #expect(error.description == error.message)
  }
}

@Suite("fromjson errors")
struct FromJSONErrorTests {
  /// jq's own words ("<what> at line L, column C (while parsing '<text>')"), from its parser.
  @Test("Messages say what, where and which text")
  func sayWhatWhereAndWhichText() throws {
    let results = try Query("try fromjson catch .").values(on: JSON("[1,\n2,,3]"))
    #expect(
      results == [
        JSON("Expected value before ',' at line 2, column 3 (while parsing '[1,\n2,,3]')")
      ]
    )
  }
}

/// Inside `path(…)` and assignments, indexing or iterating a value the program computed
/// (rather than found in the input) fails with jq's wording.
@Suite("Invalid path expressions")
struct InvalidPathExpressionTests {
  static let input: JSON = ["a": [["b": 0], ["b": 1]], "c": "x"]

  @Test(
    "Runtime errors are worded as jq words them",
    arguments: [
      (
        "path(.a | map(select(.b == 0)) | .[0])",
        #"Invalid path expression near attempt to access element 0 of [{"b":0}]"#
      ),
      (
        "path(.a | map(select(.b == 0)) | .c)",
        #"Invalid path expression near attempt to access element "c" of [{"b":0}]"#
      ),
      (
        "path(.a | map(select(.b == 0)) | .[])",
        #"Invalid path expression near attempt to iterate through [{"b":0}]"#
      ),
      (
        "path(.a | map(.) | .[1:])",
        #"Invalid path expression near attempt to access element {"start":1,"end":null} of [{"b":0},{"b":1}]"#
      ),
      (
        "(.a | map(.) | .[0].b) = 5",
        #"Invalid path expression near attempt to access element 0 of [{"b":0},{"b":1}]"#
      ),
      (
        "path(.c | ascii_upcase | tostring | .[0])",
        #"Invalid path expression near attempt to access element 0 of "X""#
      ),
      ("path(1)", "Invalid path expression with result 1"),
    ])
  func wording(program: String, message: String) throws {
    var results = try Query(program).run(on: Self.input)
    var thrown: QueryError?
    do { while try results.next() != nil {} } catch { thrown = error }
    #expect(thrown?.value == JSON(message))
  }

  @Test("Values found in the input keep their paths through select, if, getpath, first and limit")
  func validPaths() throws {
    let paths = try Query(
      "[path(.a[] | select(.b > 0) | .b), path(if .c then .a[0] else empty end), path(getpath([\"a\", 1]) | .b),"
        + " path(first(.a[])), path(limit(2; .a[], .c))]"
    ).values(on: Self.input)
    #expect(
      paths == [[["a", 1, "b"], ["a", 0], ["a", 1, "b"], ["a", 0], ["a", 0], ["a", 1]]])
    let deleted = try Query("del(limit(1; .a[] | select(.b > 0)))").values(on: Self.input)
    #expect(deleted == [["a": [["b": 0]], "c": "x"]])
  }
}
