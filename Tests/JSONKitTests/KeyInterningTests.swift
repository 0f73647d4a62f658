import Foundation
import JSONKit
import Testing

/// Keys are interned per document and guessed from the key order of sibling objects; a
/// wrong guess must never give a member the wrong name.
@Suite("Key interning")
struct KeyInterningTests {
  @Test("Siblings with changing key orders, same-length keys and prefixes keep their names")
  func changingKeyOrders() throws {
    let text = #"""
      [{"ab":1,"cd":2,"x":0},{"ab":3,"ce":4},{"cd":5,"ab":6},{"ab":7},{"a":8,"ab":9,"abc":10},
       {"ab":{"cd":11,"ab":12}},{"cd":13},{"\u0061b":14,"cd":15},{"ab":16,"ab":17,"cd":18}]
      """#
    let json = try JSONParser.parse(Data(text.utf8))
    let expected =
      #"[{"ab":1,"cd":2,"x":0},{"ab":3,"ce":4},{"cd":5,"ab":6},{"ab":7},{"a":8,"ab":9,"abc":10},"#
      + #"{"ab":{"cd":11,"ab":12}},{"cd":13},{"ab":14,"cd":15},{"ab":17,"cd":18}]"#
    #expect(JSONWriter().string(json) == expected)
    #expect(json[1]["ce"].int == 4)
    #expect(json[1]["cd"].int == nil)
    #expect(json[4]["abc"].int == 10)
    #expect(json[5]["ab"]["ab"].int == 12)
    #expect(json[8]["ab"].int == 17)
  }

  @Test("Every document of a stream has its own keys")
  func keysPerDocument() throws {
    let parser = JSONStreamParser()
    var values = try parser.feed(
      Array(#"{"id":1,"name":"a"} {"id":2,"nom":"b"} {"nom":"c","id":3}"#.utf8))
    values += try parser.finish()
    #expect(
      values.map { JSONWriter().string($0) } == [
        #"{"id":1,"name":"a"}"#, #"{"id":2,"nom":"b"}"#, #"{"nom":"c","id":3}"#,
      ])
  }
}
