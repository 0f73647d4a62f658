import Foundation
import JSONKit
import LoopbackTestServer
import Mapping
import Testing
import Transfer

/// `request(_:mappedBody:)` sends the model's text written straight from its properties:
/// the body the server receives is `toJSONString`'s text, byte for byte.
@Suite("A mapped request body is toJSONString's text")
struct MappedBodyTests {
  struct Reading: Mappable, Sendable {
    var sensor = "Zoë \"Q\" \\ 日本 🎉 \u{1}"
    var values: [Int64] = [.min, 0, 42]
    var calibrated = true
    var takenAt = Date(timeIntervalSince1970: 1_600_000_000)
    var comment: String?
    init() {}
    init?(map: Map) {}
    mutating func mapping(map: Map) {
      sensor <- map["sensor"]
      values <- map["values"]
      calibrated <- map["calibrated"]
      takenAt <- (map["taken_at"], ISO8601DateTransform())
      comment <- map["comment"]
    }
  }

  @Test("The body the server receives is toJSONString's text, sent as JSON")
  func theBodyIsToJSONStringsText() async throws {
    let expected = try #require(Mapper<Reading>().toJSONString(Reading()))
    try await withServer(echo) { server in
      let json = try await testSession()
        .request(server.url("/readings"), method: .put, mappedBody: Reading())
        .serializingJSON().value
      #expect(json["method"].stringValue == "PUT")
      #expect(json["headers"]["content-type"].stringValue == "application/json")
      #expect(Array(json["body"].stringValue.utf8) == Array(expected.utf8))
    }
  }
}
