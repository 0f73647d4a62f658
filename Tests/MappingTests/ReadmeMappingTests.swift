import Foundation
import JSONKit
import Mapping
import Testing

/// The README's transform table and Codable interop section, as written there.
@Suite("The README's Mapping examples work as written")
struct ReadmeMappingTests {
  enum Color: String { case red, green }
  enum Size: String { case small, large }

  struct Variant: Mappable, Equatable {
    var price = 0
    init?(map: Map) {}
    init(price: Int) { self.price = price }
    mutating func mapping(map: Map) { price <- map["price"] }
  }

  struct Address: Codable, Equatable {
    var street: String
    var zip: String?
  }

  /// One property per row of the transform table.
  struct Everything: Mappable {
    var cents = 0
    var created: Date?
    var updated: Date?
    var day: Date?
    var homepage: URL?
    var color: Color?
    var avatar: Data?
    var price: Decimal?
    var variants: [Size: Variant] = [:]
    var address: Address?

    init?(map: Map) {}

    mutating func mapping(map: Map) {
      cents <- (
        map["price_eur"],
        TransformOf<Int, Double>(
          fromJSON: { $0.map { Int($0 * 100) } }, toJSON: { $0.map { Double($0) / 100 } })
      )
      created <- (map["created"], DateTransform(unit: .milliseconds))
      updated <- (map["updated"], ISO8601DateTransform(fractionalSeconds: true))
      day <- (map["day"], CustomDateFormatTransform(formatString: "yyyy-MM-dd"))
      homepage <- (map["homepage"], URLTransform(shouldEncodeURLString: false))
      color <- (map["color"], EnumTransform<Color>())
      avatar <- (map["avatar"], DataTransform())
      price <- (map["price"], DecimalTransform())
      variants <- (map["variants"], DictionaryTransform<Size, Variant>())
      address <- (map["address"], CodableTransform<Address>())
    }
  }

  @Test("Every row of the transform table reads and writes its example")
  func transformTable() throws {
    let text = #"""
      {"price_eur": 12.5, "created": 1700000000250, "updated": "2024-05-01T12:00:00.5+02:00",
       "day": "2024-12-24", "homepage": "https://example.com/a", "color": "green",
       "avatar": "aGk=", "price": 19.99, "variants": {"small": {"price": 5}},
       "address": {"street": "Main"}}
      """#
    let (model, failures) = Mapper<Everything>().mapWithFailures(JSON: JSON(parseJSON: text))
    #expect(failures.isEmpty, "\(failures)")
    let m = try #require(model)
    #expect(m.cents == 1250)
    #expect(m.created == Date(timeIntervalSince1970: 1_700_000_000.25))
    #expect(m.updated == Date(timeIntervalSince1970: 1_714_557_600.5))
    #expect(m.day == Date(timeIntervalSince1970: 1_734_998_400))
    #expect(m.homepage == URL(string: "https://example.com/a"))
    #expect(m.color == .green)
    #expect(m.avatar == Data("hi".utf8))
    #expect(m.price == Decimal(string: "19.99"))
    #expect(m.variants == [.small: Variant(price: 5)])
    #expect(m.address == Address(street: "Main"))
    let written = JSON(parseJSON: try #require(m.toJSONString()))
    #expect(written["price_eur"].double == 12.5)
    #expect(written["created"].int64 == 1_700_000_000_250)
    #expect(written["updated"].string == "2024-05-01T10:00:00.500Z")
    #expect(written["day"].string == "2024-12-24")
    #expect(written["color"].string == "green")
    #expect(written["avatar"].string == "aGk=")
    #expect(written["price"].rawString() == "19.99")
    #expect(written["variants"] == ["small": ["price": 5]])
    #expect(written["address"] == ["street": "Main"])
  }

  struct Customer: Mappable {
    var name = ""
    var address: Address?
    init?(map: Map) {}
    mutating func mapping(map: Map) {
      name <- map["name"]
      address <- (map["address"], CodableTransform<Address>())
    }
  }

  struct Order: Codable {
    var id: Int
    @Mapped var customer: Customer
  }

  @Test("Codable interop both ways, as the README shows")
  func codableInterop() throws {
    var decoder = JSONKitDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    decoder.dateDecodingStrategy = .iso8601
    let order = try decoder.decode(
      Order.self,
      from: Data(#"{"id": 7, "customer": {"name": "Ada", "address": {"street": "Main"}}}"#.utf8))
    #expect(order.id == 7)
    #expect(order.customer.name == "Ada")
    #expect(order.customer.address?.street == "Main")
    let again = try JSONKitEncoder().encodeToJSON(order)
    #expect(again == ["id": 7, "customer": ["name": "Ada", "address": ["street": "Main"]]])
    // Foundation's decoder goes through the same wrapper.
    let viaFoundation = try JSONDecoder().decode(
      Order.self, from: Data(JSONWriter().string(again).utf8))
    #expect(viaFoundation.customer.address == Address(street: "Main"))
  }

  @Test("A failure inside the nested model keeps its whole path, in both directions")
  func nestedFailurePaths() throws {
    let bad = Data(#"{"id": 7, "customer": {"name": "Ada", "address": {"street": 5}}}"#.utf8)
    do {
      _ = try JSONKitDecoder().decode(Order.self, from: bad)
      Issue.record("expected an error")
    } catch DecodingError.dataCorrupted(let context) {
      #expect(context.codingPath.map(\.stringValue) == ["customer", "address", "street"])
      #expect(context.debugDescription == "Expected String at .address.street but found number (5)")
    }
    let (_, failures) = Mapper<Customer>().mapWithFailures(
      JSON: JSON(parseJSON: #"{"name": "Ada", "address": {"street": 5}}"#))
    #expect(
      failures.map(\.description) == ["Expected String at .address.street but found number (5)"])
  }

  struct User: Mappable {
    var name = ""
    var age: Int?
    var city: String?
    init?(map: Map) {}
    mutating func mapping(map: Map) {
      name <- map["name"]
      age <- map["age"]
      city <- map["address.city"]
    }
  }

  @Test("The README's User model maps nested keys, and strict mode names the failing path")
  func readmeUserExample() throws {
    let user = Mapper<User>().map(JSONString: #"{"name": "Ada", "address": {"city": "London"}}"#)
    #expect(user?.name == "Ada" && user?.city == "London" && user?.age == nil)
    let text = #"{"name": "Ada", "age": "36"}"#
    #expect {
      try Mapper<User>(strict: true).mapOrThrow(JSONString: text)
    } throws: { error in
      (error as? MappingError)?.description == #"Expected Int at .age but found string ("36")"#
    }
  }
}
