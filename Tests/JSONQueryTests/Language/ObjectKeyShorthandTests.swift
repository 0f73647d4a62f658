import JSONKit
import Testing

@testable import JSONQuery

/// `{"\(k)"}` as jq 1.8.2 builds it: the value is the input's member at each key the
/// interpolation gives, not a second run of the key (which multiplied the outputs).
@Suite(#"jq 1.8.2: the {"\(gen)"} shorthand"#)
struct ObjectKeyShorthandTests: PrintedOutputs {
  @Test("one object per output of the key")
  func oneObjectPerKey() throws {
    #expect(try printed(#"{"\(1,2)"}"#) == [#"{"1":null}"#, #"{"2":null}"#])
    #expect(
      try printed(#"{"\(1,2)", a: (3,4)}"#, #"{"1":"x","2":"y"}"#) == [
        #"{"1":"x","a":3}"#, #"{"1":"x","a":4}"#, #"{"2":"y","a":3}"#, #"{"2":"y","a":4}"#,
      ])
    #expect(
      try printed(#"{"a\(1,2)": 0, "\("a","b")"}"#, #"{"a":"A","b":"B"}"#) == [
        #"{"a1":0,"a":"A"}"#, #"{"a1":0,"b":"B"}"#, #"{"a2":0,"a":"A"}"#, #"{"a2":0,"b":"B"}"#,
      ])
    #expect(
      try printed(#"{@base64 "\("a","b")"}"#, #"{"a":1}"#) == [
        #"{"YQ==":null}"#, #"{"Yg==":null}"#,
      ])
  }

  @Test("the member is read as jq indexes it")
  func indexError() throws {
    #expect(
      try failure(#""a" | {"\(1)"}"#)
        == Failure(outputs: [], message: #"Cannot index string with string ("1")"#))
  }
}
