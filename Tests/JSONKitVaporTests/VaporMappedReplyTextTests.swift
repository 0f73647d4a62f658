#if Vapor
  import Foundation
  import JSONKitVapor
  import Mapping
  import Testing
  import Vapor
  import VaporTesting

  extension VaporTests {
    /// `MappedContent` writes the model's text straight from its properties: the body is
    /// `toJSONString`'s text, byte for byte.
    @Suite("Vapor's mapped reply is toJSONString's text")
    struct VaporMappedReplyTextTests {
      struct Invoice: Mappable, Sendable {
        struct Line: Mappable, Sendable {
          var quantity: UInt64 = .max
          var paid = true
          init() {}
          init?(map: Map) {}
          mutating func mapping(map: Map) {
            quantity <- map["quantity"]
            paid <- map["paid"]
          }
        }

        var customer = "Zoë \"Q\" \\ 日本 🎉 \u{7f}"
        var lines = [Line(), Line()]
        var issuedAt = Date(timeIntervalSince1970: -1_000_000_000.5)
        var memo: String?
        init() { lines[0].quantity = 3 }
        init?(map: Map) {}
        mutating func mapping(map: Map) {
          customer <- map["customer"]
          lines <- map["lines"]
          issuedAt <- (map["issued_at"], ISO8601DateTransform(fractionalSeconds: true))
          memo <- map["memo"]
        }
      }

      @Test("The reply's body is the bytes of toJSONString")
      func theReplysBodyIsTheBytesOfToJSONString() async throws {
        let expected = try #require(Mapper<Invoice>().toJSONString(Invoice()))
        try await withApp { app in
          app.get("invoice") { _ async throws -> MappedContent<Invoice> in
            MappedContent(Invoice())
          }
          try await app.testing().test(.GET, "invoice") { response in
            #expect(response.status == .ok)
            #expect(Array(response.body.readableBytesView) == Array(expected.utf8))
          }
        }
      }
    }
  }
#endif
