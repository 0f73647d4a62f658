import Foundation
import JSONKit
import Mapping
import Testing

/// Each row of the porting guide: what the ported line gives now, and that the replacement
/// gives the old library's result.
@Suite("The porting guide's replacements give the old results")
struct PortingGuideTests {
  @Test("The SwiftyJSON rows give the old results")
  func swiftyJSONRows() {
    #expect(JSON(true).number == nil)
    #expect(JSON(true).numberValue == 1)
    #expect(JSON(1.9).int == nil)
    #expect(JSON(1.9).intValue == 1)
    #expect(JSON(true) != JSON(1))
    #expect(JSON(true).numberValue == JSON(1).numberValue)
    let (a, b) = (JSON(true), JSON(false))
    #expect(a > b)
    #expect(!(a.type == .number && b.type == .number && a > b))
    #expect(JSON(9.22337203685478E18).description == "9223372036854780000")
    #expect("\(JSON(9.22337203685478E18).doubleValue)" == "9.22337203685478e+18")
    #expect(JSON("x").debugDescription == #""x""#)
    #expect(JSON("x").description == "x")
    let error = JSON(["a": 1])["b"].error
    #expect(
      error?.errorUserInfo[NSLocalizedFailureReasonErrorKey] as? String
        == "Dictionary key does not exist.")
    var pairs: [String] = []
    for (key, value) in JSON(["k": 1]) { pairs.append("\(key)=\(value)") }
    #expect(pairs == ["k=1"])
    #expect(JSON([1, 2]).arrayValue.indices == 0..<2)
    let type: JSONType = JSON(1).type
    #expect(type == .number)
  }

  struct Counted: Mappable {
    var count = 0
    var age = 0
    init?(map: Map) {}
    mutating func mapping(map: Map) {
      count <- (
        map["count"],
        TransformOf<Int, Bool>(fromJSON: { $0.map { $0 ? 1 : 0 } }, toJSON: { $0.map { $0 != 0 } })
      )
      age <- (
        map["age"],
        TransformOf<Int, Double>(fromJSON: { $0.map(Int.init) }, toJSON: { $0.map(Double.init) })
      )
    }
  }

  struct Plain: Mappable {
    var count = 0
    var age = 0
    init?(map: Map) {}
    mutating func mapping(map: Map) {
      count <- map["count"]
      age <- map["age"]
    }
  }

  @Test("The ObjectMapper rows give the old results")
  func objectMapperRows() throws {
    let text = #"{"count": true, "age": 36.6}"#
    let (plain, failures) = Mapper<Plain>().mapWithFailures(JSON: JSON(parseJSON: text))
    #expect(plain?.count == 0 && plain?.age == 0)
    #expect(failures.map(\.pathDescription) == [".count", ".age"])
    let counted = try #require(Mapper<Counted>().map(JSONString: text))
    #expect(counted.count == 1 && counted.age == 36)
    let first = try #require(failures.first)
    #expect(first.pathDescription == ".count")
    #expect(!"\(first.reason)".isEmpty)
  }
}
