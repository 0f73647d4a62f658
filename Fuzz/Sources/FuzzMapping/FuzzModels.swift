import Foundation
import JSONKit
import Mapping

/// An enum with string raw values and one with integer raw values.
enum Colour: String, Codable { case red, green, blue }
enum Level: Int {
  case low = 1
  case mid = 2
  case high = 3
}

/// A small nested model, also used in arrays and dictionaries (and through
/// `DictionaryTransform`, which needs `Mappable` values).
struct Leaf: Mappable, Equatable {
  var name = ""
  var weight: Double?
  var child: [Leaf]?

  init() {}
  init?(map: Map) {}

  mutating func mapping(map: Map) {
    name <- map["name"]
    weight <- map["weight"]
    child <- map["child"]  // a model that contains itself: cyclic-looking data
  }
}

/// A model with `let` properties read by the throwing API.
struct Frozen: ImmutableMappable {
  let id: Int
  let tags: [String]
  let note: String?

  init(map: Map) throws {
    id = try map.value("id")
    tags = try map.value("tags")
    note = try? map.value("note")
  }

  func mapping(map: Map) {
    id >>> map["id"]
    tags >>> map["tags"]
    note >>> map["note"]
  }
}

/// A `Codable` payload read through `CodableTransform`.
struct Payload: Codable, Equatable {
  var kind: String
  var size: Int?
  var colour: Colour?
}

/// Every operator family of Mapping: integers of every width and signedness, floating
/// point, Bool, String, Decimal, optionals, arrays, sets, dictionaries, nested and
/// immutable models, enums, nested key paths, and each built-in transform.
struct Everything: Mappable {
  var int = 0, int8: Int8 = 0, int16: Int16 = 0, int32: Int32 = 0, int64: Int64 = 0
  var uint: UInt = 0, uint8: UInt8 = 0, uint16: UInt16 = 0, uint32: UInt32 = 0, uint64: UInt64 = 0
  var double = 0.0, float: Float = 0, bool = false, string = "", decimal: Decimal = 0
  var optionalInt: Int?, optionalString: String?, optionalLeaf: Leaf?
  var ints: [Int] = [], strings: [String]?, set: Set<Int> = [], leaves: [Leaf] = []
  var intsByName: [String: Int] = [:], leavesByName: [String: Leaf]?
  var json: JSONKit.JSON = .null, any: [Any]?, anyDictionary: [String: Any] = [:]
  var colour: Colour = .red, level: Level?, colours: [Colour] = [], levelsByName: [String: Level]?
  var nestedName: String?, firstFriend: Int?
  var frozen: Frozen?
  var date: Date?, isoDate: Date?, url: URL?, data: Data?, exact: Decimal?
  var transformedColour: Colour?, dates: [Date]?, datesByName: [String: Date]?
  var leafByColour: [Colour: Leaf]?, payload: Payload?
  var custom: Int?

  init?(map: Map) {}

  mutating func mapping(map: Map) {
    int <- map["int"]
    int8 <- map["int8"]
    int16 <- map["int16"]
    int32 <- map["int32"]
    int64 <- map["int64"]
    uint <- map["uint"]
    uint8 <- map["uint8"]
    uint16 <- map["uint16"]
    uint32 <- map["uint32"]
    uint64 <- map["uint64"]
    double <- map["double"]
    float <- map["float"]
    bool <- map["bool"]
    string <- map["string"]
    decimal <- map["decimal"]
    optionalInt <- map["optionalInt"]
    optionalString <- map["optionalString"]
    optionalLeaf <- map["leaf"]
    ints <- map["ints"]
    strings <- map["strings"]
    set <- map["set"]
    leaves <- map["leaves"]
    intsByName <- map["intsByName"]
    leavesByName <- map["leavesByName"]
    json <- map["json"]
    any <- map["any"]
    anyDictionary <- map["anyDictionary"]
    colour <- map["colour"]
    level <- map["level"]
    colours <- map["colours"]
    levelsByName <- map["levelsByName"]
    nestedName <- map["nested.name"]
    firstFriend <- map["friends.0.id"]
    frozen <- map["frozen"]
    date <- (map["date"], DateTransform())
    isoDate <- (map["isoDate"], ISO8601DateTransform())
    url <- (map["url"], URLTransform())
    data <- (map["data"], DataTransform())
    exact <- (map["exact"], DecimalTransform())
    transformedColour <- (map["transformedColour"], EnumTransform<Colour>())
    dates <- (map["dates"], DateTransform(unit: .milliseconds))
    datesByName <- (map["datesByName"], DateTransform())
    leafByColour <- (map["leafByColour"], DictionaryTransform<Colour, Leaf>())
    payload <- (map["payload"], CodableTransform<Payload>())
    custom <- (
      map["custom"],
      TransformOf<Int, String>(
        fromJSON: { $0.flatMap { Int($0) } }, toJSON: { $0.map(String.init) })
    )
  }
}
