import Foundation
import JSONKit
import Mapping
import Testing

// Every family of `<-` and `>>>`: each model is read from JSON text, checked field by field,
// written back, and the written text compared with what was read.

@Suite("Scalars map both ways with <-")
struct ScalarOperatorTests {
  struct Scalars: Mappable, Equatable {
    var bool = false
    var int = 0
    var int8: Int8 = 0
    var int16: Int16 = 0
    var int32: Int32 = 0
    var int64: Int64 = 0
    var uint: UInt = 0
    var uint8: UInt8 = 0
    var uint16: UInt16 = 0
    var uint32: UInt32 = 0
    var uint64: UInt64 = 0
    var double = 0.0
    var float: Float = 0
    var string = ""
    var decimal: Decimal = 0

    init() {}
    init?(map: Map) {}

    mutating func mapping(map: Map) {
      bool <- map["bool"]
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
      string <- map["string"]
      decimal <- map["decimal"]
    }
  }

  static let extremes =
    #"{"bool":true,"int":-9223372036854775808,"int8":-128,"int16":32767,"int32":-2147483648,"#
    + #""int64":9223372036854775807,"uint":18446744073709551615,"uint8":255,"uint16":65535,"#
    + #""uint32":4294967295,"uint64":18446744073709551615,"double":-2.5e-300,"float":0.5,"#
    + #""string":"h\u00e9llo \"q\"","decimal":3.14159265358979323846}"#

  @Test("Every integer width reads its own minimum and maximum exactly, and writes them back")
  func extremesRoundTrip() throws {
    let (model, text) = try roundTrip(Self.extremes, as: Scalars.self)
    #expect(model.bool == true)
    #expect(model.int == Int.min)
    #expect(model.int8 == Int8.min)
    #expect(model.int16 == Int16.max)
    #expect(model.int32 == Int32.min)
    #expect(model.int64 == Int64.max)
    #expect(model.uint == UInt.max)
    #expect(model.uint8 == UInt8.max)
    #expect(model.uint16 == UInt16.max)
    #expect(model.uint32 == UInt32.max)
    #expect(model.uint64 == UInt64.max)
    #expect(model.double == -2.5e-300)
    #expect(model.float == 0.5)
    #expect(model.string == "héllo \"q\"")
    #expect(model.decimal == Decimal(string: "3.14159265358979323846"))
    #expect(text == Self.extremes.replacingOccurrences(of: #"\u00e9"#, with: "é"))
  }

  @Test("Ordinary values round-trip to the same text")
  func ordinaryValues() throws {
    let text =
      #"{"bool":false,"int":42,"int8":-1,"int16":-300,"int32":70000,"int64":-5000000000,"uint":7,"#
      + #""uint8":0,"uint16":300,"uint32":70000,"uint64":5000000000,"double":61.5,"float":-0.25,"#
      + #""string":"","decimal":-0.1}"#
    let (model, written) = try roundTrip(text, as: Scalars.self)
    #expect(model.int == 42 && model.int8 == -1 && model.int16 == -300 && model.int32 == 70000)
    #expect(model.int64 == -5_000_000_000 && model.uint64 == 5_000_000_000)
    #expect(model.float == -0.25)
    #expect(model.decimal == Decimal(string: "-0.1"))
    #expect(written == text)
  }

  @Test("Integers accept integral numbers written with an exponent or a zero fraction")
  func integralNotations() throws {
    let model = try #require(
      Mapper<Scalars>().map(JSONString: #"{"int": 1e2, "uint8": 2.0, "int64": -3E1}"#))
    #expect(model.int == 100)
    #expect(model.uint8 == 2)
    #expect(model.int64 == -30)
  }

  @Test("Double and Float read integers, and Float writes its shortest text")
  func floatingPoint() throws {
    let model = try #require(Mapper<Scalars>().map(JSONString: #"{"double": 3, "float": 0.1}"#))
    #expect(model.double == 3)
    #expect(model.float == Float(0.1))
    var written = Scalars()
    written.float = 0.1
    written.double = 0.1
    let text = try #require(written.toJSONString())
    #expect(text.contains(#""double":0.1,"float":0.1,"#))
  }

  @Test("Decimal keeps every digit of the source text, in and out")
  func decimalExact() throws {
    let text = #"{"decimal":12345678901234567890.123456789}"#
    let model = try #require(Mapper<Scalars>().map(JSONString: text))
    #expect(model.decimal == Decimal(string: "12345678901234567890.123456789"))
    let json = Mapper<Scalars>().toJSONValue(model)
    #expect(compactText(json["decimal"]) == "12345678901234567890.123456789")
  }

  @Test("Decimal also reads a string holding a JSON number, and only that")
  func decimalFromString() throws {
    let model = try #require(Mapper<Scalars>().map(JSONString: #"{"decimal": "19.99"}"#))
    #expect(model.decimal == Decimal(string: "19.99"))
    #expect(Mapper<Scalars>().map(JSONString: #"{"decimal": "-1.5e3"}"#)?.decimal == -1500)
    for text in ["12abc", "-", "", " 5", "5 ", "NaN", "0x10", "1,5"] {
      let (model, failures) = failures(mapping: "{\"decimal\": \"\(text)\"}", into: Scalars.self)
      #expect(model?.decimal == 0, "\(text)")
      #expect(
        failures.filter { $0.path == [.key("decimal")] }.map(\.reason) == [
          .typeMismatch(expected: "Decimal", found: .string, preview: "\"\(text)\"")
        ])
    }
  }

  @Test(
    "Decimal rejects numbers it cannot hold exactly instead of rounding them",
    arguments: [
      "1234567890123456789012345678901234567890123", "0.12345678901234567890123456789012345678901",
      "1e400", "1e-400",
    ])
  func decimalTooPrecise(number: String) throws {
    let (model, failures) = failures(mapping: "{\"decimal\": \(number)}", into: Scalars.self)
    #expect(model?.decimal == 0)
    let failure = try #require(failures.first { $0.path == [.key("decimal")] })
    guard case .numberOutOfRange("Decimal", let preview) = failure.reason else {
      Issue.record("expected numberOutOfRange, got \(failure)")
      return
    }
    #expect(number.hasPrefix(preview.replacingOccurrences(of: "...", with: "")))
    #expect(failure.description.hasSuffix(" at .decimal does not fit Decimal"))
  }

  @Test("Decimal keeps 38 digits, and trailing zeros and exponents are not lost digits")
  func decimalLimits() throws {
    for (text, expected) in [
      ("12345678901234567890123456789012345678", "12345678901234567890123456789012345678"),
      ("1.50000000000000000000000000000000000000000000", "1.5"),
      ("1e100", "1" + String(repeating: "0", count: 100)),
      ("-0.000", "0"),
    ] {
      let model = try #require(
        Mapper<Scalars>().map(JSONString: "{\"decimal\": \(text)}"), "\(text)")
      #expect(model.decimal.description == expected)
    }
  }
}

@Suite("Optional scalars read values and null, keep their value when the key is missing")
struct OptionalScalarOperatorTests {
  struct Optionals: Mappable, Equatable {
    var bool: Bool?
    var int: Int?
    var int8: Int8?
    var uint64: UInt64?
    var double: Double?
    var float: Float?
    var string: String?
    var decimal: Decimal?
    var implicit: Int!

    init() {}
    init?(map: Map) {}

    mutating func mapping(map: Map) {
      bool <- map["bool"]
      int <- map["int"]
      int8 <- map["int8"]
      uint64 <- map["uint64"]
      double <- map["double"]
      float <- map["float"]
      string <- map["string"]
      decimal <- map["decimal"]
      implicit <- map["implicit"]
    }
  }

  @Test("Present values are read and written back")
  func presentValues() throws {
    let text =
      #"{"bool":true,"int":1,"int8":2,"uint64":3,"double":4.5,"float":5.5,"string":"six","decimal":7.25,"implicit":8}"#
    let (model, written) = try roundTrip(text, as: Optionals.self)
    #expect(model.bool == true && model.int == 1 && model.int8 == 2 && model.uint64 == 3)
    #expect(model.double == 4.5 && model.float == 5.5 && model.string == "six")
    #expect(model.decimal == Decimal(string: "7.25"))
    #expect(model.implicit == 8)
    #expect(written == text)
  }

  @Test("null sets every optional to nil")
  func nullClears() throws {
    var start = Optionals()
    start.bool = true
    start.int = 1
    start.string = "x"
    start.implicit = 9
    let model = Mapper<Optionals>().map(
      JSONString: #"{"bool": null, "int": null, "string": null, "implicit": null}"#, toObject: start
    )
    #expect(model.bool == nil)
    #expect(model.int == nil)
    #expect(model.string == nil)
    #expect(model.implicit == nil)
  }

  @Test("A missing key leaves an optional unchanged")
  func missingKeepsValue() throws {
    var start = Optionals()
    start.int = 1
    start.string = "kept"
    let (model, failures) = failures(mapping: "{}", into: Optionals.self)
    #expect(model == Optionals())
    #expect(failures.isEmpty)
    let updated = Mapper<Optionals>().map(JSONString: #"{"int": 2}"#, toObject: start)
    #expect(updated.int == 2)
    #expect(updated.string == "kept")
  }

  @Test("nil optionals are left out when writing, or written as null with shouldIncludeNilValues")
  func nilWriting() throws {
    var model = Optionals()
    model.int = 1
    #expect(model.toJSONString() == #"{"int":1}"#)
    let withNils = Mapper<Optionals>(shouldIncludeNilValues: true).toJSONString(model)
    #expect(
      withNils
        == #"{"bool":null,"int":1,"int8":null,"uint64":null,"double":null,"float":null,"string":null,"decimal":null,"implicit":null}"#
    )
  }
}

@Suite("RawRepresentable enums map through their raw values")
struct EnumOperatorTests {
  struct Enums: Mappable {
    var color: Color = .red
    var priority: Priority = .low
    var optionalColor: Color?
    var optionalPriority: Priority?
    var colors: [Color] = []
    var priorities: [Priority]?
    var colorsByName: [String: Color] = [:]
    var prioritiesByName: [String: Priority]?

    init() {}
    init?(map: Map) {}

    mutating func mapping(map: Map) {
      color <- map["color"]
      priority <- map["priority"]
      optionalColor <- map["optionalColor"]
      optionalPriority <- map["optionalPriority"]
      colors <- map["colors"]
      priorities <- map["priorities"]
      colorsByName <- map["colorsByName"]
      prioritiesByName <- map["prioritiesByName"]
    }
  }

  static let text =
    #"{"color":"blue","priority":3,"optionalColor":"green","optionalPriority":2,"#
    + #""colors":["red","green"],"priorities":[1,3],"colorsByName":{"sky":"blue"},"#
    + #""prioritiesByName":{"bug":3}}"#

  @Test("String and Int raw values read into bare, optional, array and dictionary properties")
  func readsEveryShape() throws {
    let (model, written) = try roundTrip(Self.text, as: Enums.self)
    #expect(model.color == .blue)
    #expect(model.priority == .high)
    #expect(model.optionalColor == .green)
    #expect(model.optionalPriority == .normal)
    #expect(model.colors == [.red, .green])
    #expect(model.priorities == [.low, .high])
    #expect(model.colorsByName == ["sky": .blue])
    #expect(model.prioritiesByName == ["bug": .high])
    #expect(written == Self.text)
  }

  @Test("null clears optional enums, and nil ones are not written")
  func nullAndNil() throws {
    var start = Enums()
    start.optionalColor = .red
    start.priorities = [.low]
    start.prioritiesByName = ["a": .low]
    let model = Mapper<Enums>().map(
      JSONString: #"{"optionalColor": null, "priorities": null, "prioritiesByName": null}"#,
      toObject: start)
    #expect(model.optionalColor == nil)
    #expect(model.priorities == nil)
    #expect(model.prioritiesByName == nil)
    #expect(model.toJSONString() == #"{"color":"red","priority":1,"colors":[],"colorsByName":{}}"#)
  }

  @Test(
    "An unknown raw value is a failure that names the enum; a property keeps its value, a collection drops the element"
  )
  func unknownRawValue() throws {
    let (model, failures) = failures(
      mapping:
        #"{"color": "purple", "priority": 9, "colors": ["red", "mauve"], "colorsByName": {}, "optionalColor": "red"}"#,
      into: Enums.self)
    #expect(model?.color == .red)
    #expect(model?.priority == .low)
    #expect(model?.colors == [.red])
    #expect(model?.optionalColor == .red)
    #expect(
      failures.map(\.description) == [
        #""purple" at .color is not a raw value of Color"#,
        "9 at .priority is not a raw value of Priority",
        #""mauve" at .colors[1] is not a raw value of Color"#,
      ])
    #expect(failures.first?.reason == .unknownRawValue(type: "Color", preview: #""purple""#))
  }

  @Test("A raw value of the wrong type fails as the raw type would")
  func wrongRawType() throws {
    let (_, failures) = failures(
      mapping:
        #"{"color": 1, "priority": "high", "optionalPriority": 2.5, "colors": [], "colorsByName": {"a": true}}"#,
      into: Enums.self)
    #expect(
      failures.map(\.description) == [
        "Expected String at .color but found number (1)",
        #"Expected Int at .priority but found string ("high")"#,
        "Number 2.5 at .optionalPriority does not fit Int",
        "Expected String at .colorsByName.a but found boolean (true)",
      ])
  }

  struct WriteOnly: Mappable {
    var color: Color = .green
    var maybe: Color? = .blue
    var list: [Priority] = [.high]
    var byName: [String: Color] = ["x": .red]

    init() {}
    init?(map: Map) {}

    mutating func mapping(map: Map) {
      color >>> map["color"]
      maybe >>> map["maybe"]
      list >>> map["list"]
      byName >>> map["byName"]
    }
  }

  @Test(">>> writes enums and never reads them")
  func writeOnly() throws {
    let model = try #require(
      Mapper<WriteOnly>().map(
        JSONString: #"{"color": "red", "maybe": null, "list": [1], "byName": {}}"#))
    #expect(model.color == .green)
    #expect(model.maybe == .blue)
    #expect(model.list == [.high])
    #expect(
      model.toJSONString() == #"{"color":"green","maybe":"blue","list":[3],"byName":{"x":"red"}}"#)
  }
}

@Suite("JSON, [Any] and [String: Any] properties hold untyped JSON")
struct UntypedOperatorTests {
  struct Untyped: Mappable {
    var raw: JSON = .null
    var optionalRaw: JSON?
    var list: [Any] = []
    var optionalList: [Any]?
    var object: [String: Any] = [:]
    var optionalObject: [String: Any]?

    init() {}
    init?(map: Map) {}

    mutating func mapping(map: Map) {
      raw <- map["raw"]
      optionalRaw <- map["optionalRaw"]
      list <- map["list"]
      optionalList <- map["optionalList"]
      object <- map["object"]
      optionalObject <- map["optionalObject"]
    }
  }

  static let text =
    #"{"raw":{"a":[1,2.5,"x",null,true]},"optionalRaw":"s","list":[1,"two",[3],{"four":4}],"#
    + #""optionalList":[],"object":{"n":1,"s":"t","b":false,"z":null,"l":[1]},"optionalObject":{"k":"v"}}"#

  @Test("Untyped values read as JSONKit values and Foundation objects, and write back unchanged")
  func roundTripsUntyped() throws {
    let (model, written) = try roundTrip(Self.text, as: Untyped.self)
    #expect(model.raw == ["a": [1, 2.5, "x", nil, true]])
    #expect(model.optionalRaw == "s")
    #expect(model.list.count == 4)
    #expect(model.list[0] as? Int == 1)
    #expect(model.list[1] as? String == "two")
    #expect((model.list[2] as? [Any])?.first as? Int == 3)
    #expect((model.list[3] as? [String: Any])?["four"] as? Int == 4)
    #expect(model.optionalList?.isEmpty == true)
    #expect(model.object["n"] as? Int == 1)
    #expect(model.object["s"] as? String == "t")
    #expect(model.object["b"] as? Bool == false)
    #expect(model.object["z"] is NSNull)
    #expect(model.optionalObject?["k"] as? String == "v")
    #expect(sortedText(written) == sortedText(Self.text))
  }

  @Test("A JSON property accepts any value, and null reads as nil only for JSON?")
  func jsonNull() throws {
    var start = Untyped()
    start.optionalRaw = 1
    let model = Mapper<Untyped>().map(
      JSONString: #"{"raw": null, "optionalRaw": null}"#, toObject: start)
    #expect(model.raw == JSON.null)
    #expect(model.optionalRaw == nil)
  }

  @Test("An untyped array or dictionary property rejects a value of the other shape")
  func wrongShape() throws {
    let (model, failures) = failures(
      mapping:
        #"{"raw": 1, "list": {"a": 1}, "object": [1], "optionalList": "x", "optionalObject": 2}"#,
      into: Untyped.self)
    #expect(model?.list.isEmpty == true)
    #expect(model?.object.isEmpty == true)
    #expect(
      failures.map(\.pathDescription) == [".list", ".optionalList", ".object", ".optionalObject"])
  }
}

@Suite("Nested models and collections of them map both ways")
struct ModelOperatorTests {
  struct Models: Mappable {
    var friend = Friend(name: "")
    var optionalFriend: Friend?
    var friends: [Friend] = []
    var optionalFriends: [Friend]?
    var grid: [[Friend]] = []
    var optionalGrid: [[Friend]]?
    var set: Set<Friend> = []
    var optionalSet: Set<Friend>?
    var byName: [String: Friend] = [:]
    var optionalByName: [String: Friend]?
    var teams: [String: [Friend]] = [:]
    var optionalTeams: [String: [Friend]]?

    init() {}
    init?(map: Map) {}

    mutating func mapping(map: Map) {
      friend <- map["friend"]
      optionalFriend <- map["optionalFriend"]
      friends <- map["friends"]
      optionalFriends <- map["optionalFriends"]
      grid <- map["grid"]
      optionalGrid <- map["optionalGrid"]
      set <- map["set"]
      optionalSet <- map["optionalSet"]
      byName <- map["byName"]
      optionalByName <- map["optionalByName"]
      teams <- map["teams"]
      optionalTeams <- map["optionalTeams"]
    }
  }

  static let ada = Friend(name: "ada", age: 36)
  static let bob = Friend(name: "bob")
  static let cy = Friend(name: "cy", age: 3)

  static let text =
    #"{"friend":{"name":"ada","age":36},"optionalFriend":{"name":"bob"},"#
    + #""friends":[{"name":"ada","age":36},{"name":"bob"}],"optionalFriends":[{"name":"cy","age":3}],"#
    + #""grid":[[{"name":"ada","age":36}],[],[{"name":"bob"},{"name":"cy","age":3}]],"#
    + #""optionalGrid":[[{"name":"bob"}]],"set":[{"name":"cy","age":3}],"optionalSet":[{"name":"bob"}],"#
    + #""byName":{"a":{"name":"ada","age":36}},"optionalByName":{"b":{"name":"bob"}},"#
    + #""teams":{"red":[{"name":"ada","age":36},{"name":"bob"}]},"optionalTeams":{"blue":[]}}"#

  @Test("Objects, [T], [[T]], Set<T>, [String: T], [String: [T]] and their optionals round-trip")
  func everyShape() throws {
    let (model, written) = try roundTrip(Self.text, as: Models.self)
    #expect(model.friend == Self.ada)
    #expect(model.optionalFriend == Self.bob)
    #expect(model.friends == [Self.ada, Self.bob])
    #expect(model.optionalFriends == [Self.cy])
    #expect(model.grid == [[Self.ada], [], [Self.bob, Self.cy]])
    #expect(model.optionalGrid == [[Self.bob]])
    #expect(model.set == [Self.cy])
    #expect(model.optionalSet == [Self.bob])
    #expect(model.byName == ["a": Self.ada])
    #expect(model.optionalByName == ["b": Self.bob])
    #expect(model.teams == ["red": [Self.ada, Self.bob]])
    #expect(model.optionalTeams == ["blue": []])
    #expect(written == Self.text)
  }

  @Test("A set with several models writes each of them once")
  func setOfSeveral() throws {
    let model = try #require(
      Mapper<Models>().map(
        JSONString: #"{"set": [{"name": "ada", "age": 36}, {"name": "bob"}, {"name": "bob"}]}"#))
    #expect(model.set == [Self.ada, Self.bob])
    let written = Mapper<Models>().toJSONValue(model)["set"]
    #expect(written.count == 2)
    let back = try #require(Mapper<Models>().map(JSON: ["set": written] as JSON))
    #expect(back.set == model.set)
  }

  @Test("Dictionaries with several models write every key")
  func dictionaryOfSeveral() throws {
    let text =
      #"{"byName": {"a": {"name": "ada", "age": 36}, "b": {"name": "bob"}}, "teams": {"x": [{"name": "cy", "age": 3}], "y": []}}"#
    let model = try #require(Mapper<Models>().map(JSONString: text))
    #expect(model.byName == ["a": Self.ada, "b": Self.bob])
    #expect(model.teams == ["x": [Self.cy], "y": []])
    let written = try #require(model.toJSONString())
    let json = parsed(written)
    #expect(json["byName"] == parsed(#"{"a": {"name": "ada", "age": 36}, "b": {"name": "bob"}}"#))
    #expect(json["teams"] == parsed(#"{"x": [{"name": "cy", "age": 3}], "y": []}"#))
  }

  @Test("null clears optional model properties, and a missing key leaves them unchanged")
  func nullAndMissing() throws {
    var start = Models()
    start.optionalFriend = Self.ada
    start.optionalFriends = [Self.ada]
    start.optionalGrid = [[Self.ada]]
    start.optionalSet = [Self.ada]
    start.optionalByName = ["a": Self.ada]
    start.optionalTeams = ["a": [Self.ada]]
    let cleared = Mapper<Models>().map(
      JSONString:
        #"{"optionalFriend": null, "optionalFriends": null, "optionalGrid": null, "optionalSet": null, "optionalByName": null, "optionalTeams": null}"#,
      toObject: start)
    #expect(cleared.optionalFriend == nil)
    #expect(cleared.optionalFriends == nil)
    #expect(cleared.optionalGrid == nil)
    #expect(cleared.optionalSet == nil)
    #expect(cleared.optionalByName == nil)
    #expect(cleared.optionalTeams == nil)
    let kept = Mapper<Models>().map(JSONString: "{}", toObject: start)
    #expect(kept.optionalFriend == Self.ada)
    #expect(kept.optionalTeams == ["a": [Self.ada]])
  }
}

@Suite("Collections of scalars map both ways")
struct ScalarCollectionOperatorTests {
  struct Collections: Mappable {
    var ints: [Int] = []
    var matrix: [[Int]] = []
    var tags: Set<String> = []
    var counts: [String: Int] = [:]
    var series: [String: [Double]] = [:]
    var gaps: [Int?] = []
    var optionalBytes: [UInt8]?
    var optionalMatrix: [[Bool]]?
    var optionalTags: Set<Int>?
    var optionalCounts: [String: String]?
    var optionalSeries: [String: [Int64]]?

    init?(map: Map) {}

    mutating func mapping(map: Map) {
      ints <- map["ints"]
      matrix <- map["matrix"]
      tags <- map["tags"]
      counts <- map["counts"]
      series <- map["series"]
      gaps <- map["gaps"]
      optionalBytes <- map["optionalBytes"]
      optionalMatrix <- map["optionalMatrix"]
      optionalTags <- map["optionalTags"]
      optionalCounts <- map["optionalCounts"]
      optionalSeries <- map["optionalSeries"]
    }
  }

  @Test("Arrays, nested arrays, sets and dictionaries of scalars round-trip")
  func roundTrips() throws {
    let text =
      #"{"ints":[1,-2,3],"matrix":[[1],[],[2,3]],"tags":["swift"],"counts":{"a":1},"#
      + #""series":{"t":[0.5,1.5]},"gaps":[1,null,3],"optionalBytes":[0,255],"#
      + #""optionalMatrix":[[true,false]],"optionalTags":[7],"optionalCounts":{"k":"v"},"#
      + #""optionalSeries":{"big":[-9223372036854775808]}}"#
    let (model, written) = try roundTrip(text, as: Collections.self)
    #expect(model.ints == [1, -2, 3])
    #expect(model.matrix == [[1], [], [2, 3]])
    #expect(model.tags == ["swift"])
    #expect(model.counts == ["a": 1])
    #expect(model.series == ["t": [0.5, 1.5]])
    #expect(model.gaps == [1, nil, 3])
    #expect(model.optionalBytes == [0, 255])
    #expect(model.optionalMatrix == [[true, false]])
    #expect(model.optionalTags == [7])
    #expect(model.optionalCounts == ["k": "v"])
    #expect(model.optionalSeries == ["big": [Int64.min]])
    #expect(written == text)
  }

  @Test("A byte array rejects 256 instead of wrapping it")
  func byteOverflow() throws {
    let (model, failures) = failures(
      mapping: #"{"optionalBytes": [1, 256]}"#, into: Collections.self)
    #expect(model?.optionalBytes == nil)
    #expect(
      failures.map(\.pathDescription).filter { $0.hasPrefix(".optional") } == [".optionalBytes[1]"])
  }
}

@Suite("Transforms map every shape with (map[key], transform)")
struct TransformOperatorTests {
  /// Reads an `Int` from a JSON string and writes it back as a string.
  static func stringInt() -> TransformOf<Int, String> {
    TransformOf(fromJSON: { $0.flatMap { Int($0) } }, toJSON: { $0.map(String.init) })
  }

  struct Transformed: Mappable {
    var id = 0
    var optionalID: Int?
    var ids: [Int] = []
    var optionalIDs: [Int]?
    var idsByName: [String: Int] = [:]
    var optionalIDsByName: [String: Int]?
    var writeOnly = 5

    init() {}
    init?(map: Map) {}

    mutating func mapping(map: Map) {
      let transform = TransformOperatorTests.stringInt()
      id <- (map["id"], transform)
      optionalID <- (map["optionalID"], transform)
      ids <- (map["ids"], transform)
      optionalIDs <- (map["optionalIDs"], transform)
      idsByName <- (map["idsByName"], transform)
      optionalIDsByName <- (map["optionalIDsByName"], transform)
      writeOnly >>> (map["writeOnly"], transform)
    }
  }

  static let text =
    #"{"id":"1","optionalID":"2","ids":["3","4"],"optionalIDs":["5"],"idsByName":{"a":"6"},"#
    + #""optionalIDsByName":{"b":"7"},"writeOnly":"5"}"#

  @Test("Bare, optional, array and dictionary properties go through the transform both ways")
  func everyShape() throws {
    let (model, written) = try roundTrip(
      Self.text.replacingOccurrences(of: #""writeOnly":"5""#, with: #""writeOnly":"99""#),
      as: Transformed.self)
    #expect(model.id == 1)
    #expect(model.optionalID == 2)
    #expect(model.ids == [3, 4])
    #expect(model.optionalIDs == [5])
    #expect(model.idsByName == ["a": 6])
    #expect(model.optionalIDsByName == ["b": 7])
    #expect(model.writeOnly == 5)
    #expect(written == Self.text)
  }

  @Test("null clears transformed optionals; nil ones are not written")
  func nullClears() throws {
    var start = Transformed()
    start.optionalID = 1
    start.optionalIDs = [1]
    start.optionalIDsByName = ["a": 1]
    let model = Mapper<Transformed>().map(
      JSONString: #"{"optionalID": null, "optionalIDs": null, "optionalIDsByName": null}"#,
      toObject: start)
    #expect(model.optionalID == nil)
    #expect(model.optionalIDs == nil)
    #expect(model.optionalIDsByName == nil)
    #expect(model.toJSONString() == #"{"id":"0","ids":[],"idsByName":{},"writeOnly":"5"}"#)
  }

  @Test("A value the transform rejects is a failure at its element's path")
  func rejected() throws {
    let (model, failures) = failures(
      mapping: #"{"id": "x", "ids": ["1", "y"], "idsByName": {"a": "1", "b": true}}"#,
      into: Transformed.self)
    #expect(model?.id == 0)
    // As ObjectMapper: a collection keeps what its transform reads and drops the rest;
    // lenient mode records each dropped element.
    #expect(model?.ids == [1])
    #expect(model?.idsByName == ["a": 1])
    #expect(failures.map(\.pathDescription) == [".id", ".ids[1]", ".idsByName.b"])
    guard case .transformFailed(_, let preview) = failures.first?.reason else {
      Issue.record("expected transformFailed, got \(String(describing: failures.first))")
      return
    }
    #expect(preview == #""x""#)
  }
}

@Suite(">>> writes and never reads")
struct WriteOnlyOperatorTests {
  struct Snapshot: Mappable {
    var id = 7
    var name: String? = "seven"
    var missing: String?
    var scores: [String: [Int]] = ["a": [1, 2]]
    var friend = Friend(name: "ada")
    var raw: JSON = ["k": true]
    var list: [Any] = [1, "x"]

    init() {}
    init?(map: Map) {}

    mutating func mapping(map: Map) {
      id >>> map["id"]
      name >>> map["name"]
      missing >>> map["missing"]
      scores >>> map["scores"]
      friend >>> map["friend"]
      raw >>> map["raw"]
      list >>> map["list"]
    }
  }

  @Test("Reading JSON through >>> leaves every property as it was")
  func readingDoesNothing() throws {
    let model = try #require(
      Mapper<Snapshot>().map(
        JSONString:
          #"{"id": 1, "name": "one", "scores": {}, "friend": {"name": "bob"}, "raw": 1, "list": []}"#
      ))
    #expect(model.id == 7)
    #expect(model.name == "seven")
    #expect(model.scores == ["a": [1, 2]])
    #expect(model.friend.name == "ada")
    #expect(model.raw == ["k": true])
    #expect(model.list.count == 2)
    #expect(Mapper<Snapshot>().mapWithFailures(JSON: ["id": "wrong"]).1.isEmpty)
  }

  @Test("Writing through >>> writes every property")
  func writing() throws {
    #expect(
      Snapshot().toJSONString()
        == #"{"id":7,"name":"seven","scores":{"a":[1,2]},"friend":{"name":"ada"},"raw":{"k":true},"list":[1,"x"]}"#
    )
  }
}
