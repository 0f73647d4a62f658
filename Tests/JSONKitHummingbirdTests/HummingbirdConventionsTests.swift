#if Hummingbird
  import Foundation
  import Hummingbird
  import HummingbirdTesting
  import JSONKit
  import JSONKitHummingbird
  import Testing

  /// Hummingbird's codable paths, served once with a `BasicRequestContext` (Hummingbird's
  /// `JSONDecoder`/`JSONEncoder` with ISO-8601 dates) and once with `JSONKitRequestContext`:
  /// same status, same content type, same bytes.
  @Suite("Hummingbird's codable paths give the same replies with JSONKit's context")
  struct HummingbirdConventionsTests {
    struct Order: ResponseCodable, Equatable {
      var id: Int
      var placed: Date
      var items: [String]
      var note: String?
      var ratio: Double
      var receipt: Data
      var link: String
    }

    static let order = Order(
      id: 7, placed: Date(timeIntervalSince1970: 1_714_564_800), items: ["a", "é"],
      note: nil, ratio: 0.1, receipt: Data([0, 1, 254, 255]), link: "https://example.com/a/b")

    static let orderText = #"""
      {"id": 7, "placed": "2024-05-01T12:00:00Z", "items": ["a", "\u00e9"], "ratio": 0.1,
       "receipt": "AAH+/w==", "link": "https://example.com/a/b"}
      """#

    static func routes<Context: RequestContext>(_ router: Router<Context>) {
      router.post("/decode") { request, context -> Order in
        try await request.decode(as: Order.self, context: context)
      }
      router.get("/array") { _, _ -> [Order] in [order, order] }
      router.get("/dictionary") { _, _ -> [String: Order] in ["only": order] }
      router.get("/error") { _, _ -> Order in
        throw HTTPError(.conflict, message: "order 7 is taken: see /orders/7")
      }
    }

    static func replies(_ request: TwinRequest) async throws -> (
      hummingbird: Reply, jsonKit: Reply
    ) {
      try await HummingbirdTwin.replies(request, routes: routes, routes)
    }

    @Test("request.decode and a ResponseCodable return value: ISO-8601 dates both ways")
    func decodeAndReturn() async throws {
      let (hummingbird, jsonKit) = try await Self.replies(
        TwinRequest("/decode", body: Self.orderText))
      #expect(hummingbird.status == 200, "\(hummingbird)")
      #expect(hummingbird.body.contains(#""placed":"2024-05-01T12:00:00Z""#))
      #expect(jsonKit == hummingbird)
    }

    @Test("Arrays and dictionaries of Encodable values are replies as with Hummingbird's coders")
    func collections() async throws {
      for uri in ["/array", "/dictionary"] {
        let (hummingbird, jsonKit) = try await Self.replies(TwinRequest(.get, uri))
        #expect(hummingbird.status == 200, "\(hummingbird)")
        #expect(jsonKit == hummingbird)
      }
    }

    @Test("An HTTPError's reply is encoded by the context's encoder, byte for byte the same")
    func errorReply() async throws {
      let (hummingbird, jsonKit) = try await Self.replies(TwinRequest(.get, "/error"))
      #expect(hummingbird.status == 409, "\(hummingbird)")
      #expect(jsonKit == hummingbird)
    }

    @Test(
      "Bodies of the wrong shape are the same 400 reply, message included",
      arguments: [
        #"{"placed": "2024-05-01T12:00:00Z"}"#,  // missing key: Coding key `id` not found.
        #"{"id": "7"}"#,  // type mismatch
        #"{"id": null}"#,  // value not found
        #"{"id": 7, "placed": 1714564800, "items": [], "ratio": 1, "receipt": "", "link": ""}"#,
      ])
    func shapeErrors(body: String) async throws {
      let (hummingbird, jsonKit) = try await Self.replies(TwinRequest("/decode", body: body))
      #expect(hummingbird.status == 400, "\(hummingbird)")
      #expect(jsonKit == hummingbird)
    }

    @Test(
      "Bodies that are not JSON, or not dates, are 400 with both; JSONKit's message says where",
      arguments: [
        #"{"id": 7,"#,
        #"{"id": 7, "placed": "yesterday", "items": [], "ratio": 1, "receipt": "", "link": ""}"#,
      ])
    func corruptedErrors(body: String) async throws {
      let (hummingbird, jsonKit) = try await Self.replies(TwinRequest("/decode", body: body))
      #expect(hummingbird.status == 400, "\(hummingbird)")
      #expect(
        jsonKit.status == hummingbird.status && jsonKit.contentType == hummingbird.contentType)
      let message = JSON(parseJSON: jsonKit.body)["error"]["message"].string
      #expect(message?.hasPrefix("The given data was not valid input: ") == true, "\(jsonKit)")
    }
  }
#endif
