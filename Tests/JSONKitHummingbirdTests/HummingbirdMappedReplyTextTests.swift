#if Hummingbird
  import Foundation
  import Hummingbird
  import HummingbirdTesting
  import JSONKitHummingbird
  import Mapping
  import Testing

  /// `MappedResponse` writes the model's text straight from its properties: the body is
  /// `toJSONString`'s text, byte for byte.
  @Suite("Hummingbird's mapped reply is toJSONString's text")
  struct HummingbirdMappedReplyTextTests {
    struct Shipment: Mappable, Sendable {
      struct Parcel: Mappable, Sendable {
        var weight = 0
        var fragile = false
        init() {}
        init?(map: Map) {}
        mutating func mapping(map: Map) {
          weight <- map["weight"]
          fragile <- map["fragile"]
        }
      }

      var label = "Zoë \"Q\" \\ 日本 🎉 \u{1}"
      var parcels = [Parcel(), Parcel()]
      var sentAt = Date(timeIntervalSince1970: 1_700_000_000)
      var note: String?
      init() {
        parcels[1].weight = -12
        parcels[1].fragile = true
      }
      init?(map: Map) {}
      mutating func mapping(map: Map) {
        label <- map["label"]
        parcels <- map["parcels"]
        sentAt <- (map["sent_at"], ISO8601DateTransform())
        note <- map["note"]
      }
    }

    @Test("The reply's body is the bytes of toJSONString")
    func theReplysBodyIsTheBytesOfToJSONString() async throws {
      let router = Router(context: JSONKitRequestContext.self)
      router.get("/shipment") { _, _ in MappedResponse(Shipment()) }
      let expected = try #require(Mapper<Shipment>().toJSONString(Shipment()))
      try await Application(router: router).test(.router) { client in
        try await client.execute(uri: "/shipment", method: .get) { response in
          #expect(response.status == .ok)
          #expect(Array(response.body.readableBytesView) == Array(expected.utf8))
        }
      }
    }
  }
#endif
