import Foundation
import Synchronization
import TestInputs
import Testing

@testable import JSONKit
@testable import JSONKitCore

// Models shared by the Codable test suites (CodableDecoderTests, CodableEncoderTests).
enum CodableTestModels {
  struct Friend: Codable, Equatable {
    var name: String
    var age: Int
  }

  struct Person: Codable, Equatable {
    var id: Int64
    var name: String
    var tags: [String]
    var friends: [Friend]
    var score: Double
    var active: Bool
    var nickname: String?
    var address: Address?
  }

  struct Address: Codable, Equatable {
    var city: String
    var zip: String
  }

  struct Numbers: Codable, Equatable {
    var i8: Int8
    var u8: UInt8
    var i64: Int64
    var u64: UInt64
    var f: Float
    var d: Double
    var decimal: Decimal
  }

  /// `superDecoder()`/`superEncoder()` inheritance, as Foundation documents it.
  class Animal: Codable {
    var name: String
    init(name: String) { self.name = name }
  }

  final class Dog: Animal {
    var breed: String

    init(name: String, breed: String) {
      self.breed = breed
      super.init(name: name)
    }

    enum CodingKeys: String, CodingKey { case breed }

    required init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      breed = try container.decode(String.self, forKey: .breed)
      try super.init(from: container.superDecoder())
    }

    override func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(breed, forKey: .breed)
      try super.encode(to: container.superEncoder())
    }
  }

  /// A subclass sharing its superclass's container (no `super` key).
  final class Cat: Animal {
    var lives: Int

    init(name: String, lives: Int) {
      self.lives = lives
      super.init(name: name)
    }

    enum CodingKeys: String, CodingKey { case lives }

    required init(from decoder: any Decoder) throws {
      lives = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .lives)
      try super.init(from: decoder)
    }

    override func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(lives, forKey: .lives)
      try super.encode(to: encoder)
    }
  }

  /// Reads `{"id": 1, "geo": {"lat": 1.5, "lng": 2}, "path": [[1, 2], [3]]}` through nested
  /// containers, and writes it back the same way.
  struct Place: Codable, Equatable {
    var id: Int
    var lat: Double
    var lng: Double
    var path: [[Int]]

    enum CodingKeys: String, CodingKey { case id, geo, path }
    enum GeoKeys: String, CodingKey { case lat, lng }

    init(id: Int, lat: Double, lng: Double, path: [[Int]]) {
      self.id = id
      self.lat = lat
      self.lng = lng
      self.path = path
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      id = try container.decode(Int.self, forKey: .id)
      let geo = try container.nestedContainer(keyedBy: GeoKeys.self, forKey: .geo)
      var points = try container.nestedUnkeyedContainer(forKey: .path)
      lat = try geo.decode(Double.self, forKey: .lat)
      lng = try geo.decode(Double.self, forKey: .lng)
      var path: [[Int]] = []
      while !points.isAtEnd {
        var segment = try points.nestedUnkeyedContainer()
        var values: [Int] = []
        while !segment.isAtEnd { values.append(try segment.decode(Int.self)) }
        path.append(values)
      }
      self.path = path
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(id, forKey: .id)
      var geo = container.nestedContainer(keyedBy: GeoKeys.self, forKey: .geo)
      try geo.encode(lat, forKey: .lat)
      try geo.encode(lng, forKey: .lng)
      var points = container.nestedUnkeyedContainer(forKey: .path)
      for segment in path {
        var nested = points.nestedUnkeyedContainer()
        for value in segment { try nested.encode(value) }
      }
    }
  }

  static let personText = #"""
    {"id": 7, "name": "Ada", "tags": ["math", "code"], "score": 99.5, "active": true,
     "friends": [{"name": "Charles", "age": 41}, {"name": "Mary", "age": 30}],
     "nickname": null, "address": {"city": "London", "zip": "W1"}}
    """#

  static let person = Person(
    id: 7, name: "Ada", tags: ["math", "code"],
    friends: [Friend(name: "Charles", age: 41), Friend(name: "Mary", age: 30)],
    score: 99.5, active: true, nickname: nil, address: Address(city: "London", zip: "W1"))
}

private typealias Models = CodableTestModels

/// The `DecodingError` thrown by `body`, or `nil`.
private func decodingError(_ body: () throws -> Void) -> DecodingError? {
  do {
    try body()
    return nil
  } catch let error as DecodingError {
    return error
  } catch {
    return nil
  }
}

extension DecodingError {
  fileprivate var context: Context? {
    switch self {
    case .typeMismatch(_, let context), .valueNotFound(_, let context),
      .keyNotFound(_, let context),
      .dataCorrupted(let context):
      return context
    @unknown default:
      return nil
    }
  }

  fileprivate var message: String { context?.debugDescription ?? "" }

  fileprivate var path: [String] { context?.codingPath.map(\.stringValue) ?? [] }

  fileprivate var isTypeMismatch: Bool {
    if case .typeMismatch = self { return true }
    return false
  }

  fileprivate var isValueNotFound: Bool {
    if case .valueNotFound = self { return true }
    return false
  }

  fileprivate var isKeyNotFound: Bool {
    if case .keyNotFound = self { return true }
    return false
  }

  fileprivate var isDataCorrupted: Bool {
    if case .dataCorrupted = self { return true }
    return false
  }
}

@Suite("JSONKitDecoder reads models from parsed and built JSON")
struct DecoderModelTests {
  @Test("A nested model decodes from data")
  func aNestedModelDecodesFromData() throws {
    let person = try JSONKitDecoder().decode(Models.Person.self, from: Data(Models.personText.utf8))
    #expect(person == Models.person)
  }

  @Test("Parsed and built values decode to the same model")
  func parsedAndBuiltValuesDecodeToTheSameModel() throws {
    let parsed = try JSONParser.parse(Data(Models.personText.utf8))
    let built: JSON = [
      "id": 7, "name": "Ada", "tags": ["math", "code"], "score": 99.5, "active": true,
      "friends": [["name": "Charles", "age": 41], ["name": "Mary", "age": 30]],
      "nickname": nil, "address": ["city": "London", "zip": "W1"],
    ]
    let decoder = JSONKitDecoder()
    #expect(try decoder.decode(Models.Person.self, from: parsed) == Models.person)
    #expect(try decoder.decode(Models.Person.self, from: built) == Models.person)
  }

  @Test("Built values may hold parts of other parsed documents")
  func builtValuesMayHoldPartsOfOtherParsedDocuments() throws {
    let friends = try JSONParser.parse(
      Data(#"[{"name": "Charles", "age": 41}, {"name": "Mary", "age": 30}]"#.utf8))
    let address = try JSONParser.parse(Data(#"{"city": "London", "zip": "W1"}"#.utf8))
    var json: JSON = [
      "id": 7, "name": "Ada", "tags": ["math", "code"], "score": 99.5, "active": true,
    ]
    json["friends"] = friends
    json["address"] = address
    #expect(try JSONKitDecoder().decode(Models.Person.self, from: json) == Models.person)
  }

  /// The keys of an object, as its model lists them (sorted).
  struct KeyList: Decodable, Equatable {
    struct AnyKey: CodingKey {
      var stringValue: String
      var intValue: Int? { nil }
      init(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { nil }
    }

    let keys: [String]
    let count: Int

    init(keys: [String]) {
      self.keys = keys
      count = keys.count
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: AnyKey.self)
      keys = container.allKeys.map(\.stringValue).sorted()
      count = container.allKeys.count
    }
  }

  @Test("The objects of one array decode alike from several documents and from code")
  func objectsFromSeveralSources() throws {
    // The decoder hands the same keyed container out for each element: it must read each
    // element's own object, whichever document (or none) holds it.
    let first = try JSONParser.parse(
      Data(#"[{"name": "Charles", "age": 41}, {"age": 36, "name": "Ada"}]"#.utf8))
    let second = try JSONParser.parse(Data(#"{"people": [{"name": "Mary", "age": 30}]}"#.utf8))
    let built: JSON = ["name": "Grace", "age": 85]
    let json = JSON(array: [first[0], built, second["people"][0], first[1], built, first[0]])
    let charles = Models.Friend(name: "Charles", age: 41)
    let grace = Models.Friend(name: "Grace", age: 85)
    #expect(
      try JSONKitDecoder().decode([Models.Friend].self, from: json) == [
        charles, grace, Models.Friend(name: "Mary", age: 30), Models.Friend(name: "Ada", age: 36),
        grace, charles,
      ])
    let keyed = JSON(array: [first[0], built, second, first[1]])
    #expect(
      try JSONKitDecoder().decode([KeyList].self, from: keyed) == [
        KeyList(keys: ["age", "name"]), KeyList(keys: ["age", "name"]),
        KeyList(keys: ["people"]), KeyList(keys: ["age", "name"]),
      ])
  }

  @Test("A subtree of a parsed document decodes on its own")
  func aSubtreeOfAParsedDocumentDecodesOnItsOwn() throws {
    let json = try JSONParser.parse(
      Data(#"{"data": {"friends": [{"name": "Mary", "age": 30}]}}"#.utf8))
    let friends = try JSONKitDecoder().decode([Models.Friend].self, from: json["data"]["friends"])
    #expect(friends == [Models.Friend(name: "Mary", age: 30)])
  }

  @Test("Top-level scalars, arrays and dictionaries decode")
  func topLevelScalarsArraysAndDictionariesDecode() throws {
    let decoder = JSONKitDecoder()
    #expect(try decoder.decode(Int.self, from: Data("42".utf8)) == 42)
    #expect(try decoder.decode(String.self, from: Data(#""hi""#.utf8)) == "hi")
    #expect(try decoder.decode([Int?].self, from: Data("[1, null, 3]".utf8)) == [1, nil, 3])
    #expect(
      try decoder.decode([String: [Int]].self, from: Data(#"{"a": [1], "b": []}"#.utf8)) == [
        "a": [1], "b": [],
      ])
    #expect(
      try decoder.decode([Int: String].self, from: Data(#"{"1": "x", "20": "y"}"#.utf8)) == [
        1: "x", 20: "y",
      ])
    #expect(try decoder.decode(Bool?.self, from: Data("null".utf8)) == nil)
  }

  @Test("A JSON field receives the value itself")
  func aJSONFieldReceivesTheValueItself() throws {
    struct Event: Decodable {
      var kind: String
      var payload: JSON
    }
    let text =
      #"{"kind": "push", "payload": {"id": 123456789012345678901234567890, "list": [1, "a"]}}"#
    let event = try JSONKitDecoder().decode(Event.self, from: Data(text.utf8))
    #expect(event.kind == "push")
    #expect(event.payload["list"][1].string == "a")
    #expect(event.payload["id"].rawString() == "123456789012345678901234567890")
  }

  @Test("Strings with escapes and long strings decode")
  func stringsWithEscapesAndLongStringsDecode() throws {
    let long = String(repeating: "é", count: 5000)
    let text = #"["a\"b\\c\n", "\u00e9\ud83d\ude00", ""# + long + #""]"#
    let strings = try JSONKitDecoder().decode([String].self, from: Data(text.utf8))
    #expect(strings == ["a\"b\\c\n", "é😀", long])
  }

  @Test("Large objects find their keys")
  func largeObjectsFindTheirKeys() throws {
    // Over 64 members: looked up through the document's member index.
    let keys = (0..<200).map { "key\($0)" }
    let text = "{" + keys.enumerated().map { "\"\($1)\": \($0)" }.joined(separator: ",") + "}"
    let decoded = try JSONKitDecoder().decode([String: Int].self, from: Data(text.utf8))
    #expect(decoded.count == 200)
    #expect(decoded["key0"] == 0 && decoded["key199"] == 199)
  }

  @Test("Parsing errors become dataCorrupted with the JSON error")
  func parsingErrorsBecomeDataCorruptedWithTheJSONError() {
    let error = decodingError {
      _ = try JSONKitDecoder().decode([Int].self, from: Data("[1, 2".utf8))
    }
    #expect(error?.isDataCorrupted == true)
    #expect(error?.context?.underlyingError is JSONError)
    #expect(error?.message.contains("not valid JSON") == true)
  }

  @Test("Parsing options apply to data")
  func parsingOptionsApplyToData() throws {
    var decoder = JSONKitDecoder()
    decoder.parsingOptions.allowComments = true
    #expect(try decoder.decode([Int].self, from: Data("[1, /* two */ 2]".utf8)) == [1, 2])
  }

  @Test("userInfo reaches init(from:)")
  func userInfoReachesInitFromDecoder() throws {
    struct Probe: Decodable {
      var seen: String
      init(from decoder: any Decoder) throws {
        seen = decoder.userInfo[CodingUserInfoKey(rawValue: "who")!] as? String ?? "nobody"
      }
    }
    var decoder = JSONKitDecoder()
    decoder.userInfo[CodingUserInfoKey(rawValue: "who")!] = "ada"
    #expect(try decoder.decode(Probe.self, from: Data("{}".utf8)).seen == "ada")
  }

  @Test("Decoding agrees with Foundation on Twitter-shaped data")
  func decodingAgreesWithFoundationOnTwitterShapedData() throws {
    struct Status: Decodable, Equatable {
      var id: Int64
      var text: String
      var user: User
      var retweeted: Retweet?
      enum CodingKeys: String, CodingKey {
        case id, text, user
        case retweeted = "retweeted_status"
      }
    }
    struct Retweet: Decodable, Equatable {
      var id: Int64
      var text: String
    }
    struct User: Decodable, Equatable {
      var id: Int
      var name: String
      var verified: Bool
    }
    let text = #"""
      [{"id": 505874924095815681, "text": "a", "user": {"name": "x", "id": 1, "verified": false, "extra": [1]}},
       {"id": 505874924095815682, "text": "b\u3042", "user": {"id": 2, "name": "y", "verified": true},
        "retweeted_status": {"text": "c", "id": 1}}]
      """#
    let data = Data(text.utf8)
    #expect(
      try JSONKitDecoder().decode([Status].self, from: data)
        == (try JSONDecoder().decode([Status].self, from: data)))
  }
}

@Suite("Numbers decode exactly or throw, never truncate")
struct DecoderNumberTests {
  @Test("Integers at the limits of every width decode")
  func integersAtTheLimitsOfEveryWidthDecode() throws {
    let text =
      #"{"i8": -128, "u8": 255, "i64": -9223372036854775808, "u64": 18446744073709551615, "f": 0.1, "d": 1e-7, "decimal": 1}"#
    let numbers = try JSONKitDecoder().decode(Models.Numbers.self, from: Data(text.utf8))
    #expect(numbers.i8 == .min)
    #expect(numbers.u8 == .max)
    #expect(numbers.i64 == .min)
    #expect(numbers.u64 == .max)
    #expect(numbers.f == Float(0.1))
    #expect(numbers.d == 1e-7)
  }

  @Test("Integral numbers in other notations decode as integers")
  func integralNumbersInOtherNotationsDecodeAsIntegers() throws {
    let values = try JSONKitDecoder().decode(
      [Int].self, from: Data("[1e2, 2.0, -0, 1.5e1, 120e-1]".utf8))
    #expect(values == [100, 2, 0, 15, 12])
  }

  @Test("An integer that does not fit throws dataCorrupted with its path")
  func anIntegerThatDoesNotFitThrowsDataCorruptedWithItsPath() {
    struct Small: Decodable { var value: Int8 }
    let error = decodingError {
      _ = try JSONKitDecoder().decode(
        [Small].self, from: Data(#"[{"value": 1}, {"value": 300}]"#.utf8))
    }
    #expect(error?.isDataCorrupted == true)
    #expect(error?.path == ["Index 1", "value"])
    #expect(error?.message == "number 300 does not fit Int8 at [1].value")
  }

  @Test("A fraction never truncates to an integer")
  func aFractionNeverTruncatesToAnInteger() {
    let error = decodingError {
      _ = try JSONKitDecoder().decode([String: Int].self, from: Data(#"{"n": 1.5}"#.utf8))
    }
    #expect(error?.isDataCorrupted == true)
    #expect(error?.message.contains("number 1.5 does not fit Int") == true)
  }

  @Test("Numbers beyond 64 bits throw for fixed width types")
  func numbersBeyondSixtyFourBitsThrowForFixedWidthTypes() {
    #expect(
      decodingError {
        _ = try JSONKitDecoder().decode(Int64.self, from: Data("9223372036854775808".utf8))
      }?.isDataCorrupted == true)
    #expect(
      decodingError {
        _ = try JSONKitDecoder().decode(UInt64.self, from: Data("18446744073709551616".utf8))
      }?.isDataCorrupted == true)
    #expect(
      decodingError { _ = try JSONKitDecoder().decode(UInt.self, from: Data("-1".utf8)) }?
        .isDataCorrupted == true)
    #expect(
      decodingError { _ = try JSONKitDecoder().decode(Int.self, from: Data("1e30".utf8)) }?
        .isDataCorrupted == true)
  }

  @Test("Built numbers follow the same rules")
  func builtNumbersFollowTheSameRules() throws {
    let decoder = JSONKitDecoder()
    #expect(try decoder.decode(UInt64.self, from: JSON(UInt64.max)) == .max)
    #expect(try decoder.decode(Int.self, from: JSON(2.0)) == 2)
    #expect(
      decodingError { _ = try decoder.decode(Int.self, from: JSON(2.5)) }?.isDataCorrupted == true)
    #expect(
      decodingError { _ = try decoder.decode(Int8.self, from: JSON(300)) }?.isDataCorrupted == true)
    #expect(try decoder.decode(Int.self, from: JSON(Decimal(string: "12")!)) == 12)
  }

  @Test("Booleans are not numbers and numbers are not strings")
  func booleansAreNotNumbersAndNumbersAreNotStrings() {
    let decoder = JSONKitDecoder()
    let boolAsInt = decodingError { _ = try decoder.decode(Int.self, from: Data("true".utf8)) }
    #expect(boolAsInt?.isTypeMismatch == true)
    #expect(boolAsInt?.message == "Expected Int at . but found boolean (true)")
    #expect(
      decodingError { _ = try decoder.decode(Bool.self, from: Data("1".utf8)) }?.isTypeMismatch
        == true)
    #expect(
      decodingError { _ = try decoder.decode(String.self, from: Data("1".utf8)) }?.isTypeMismatch
        == true)
    #expect(
      decodingError { _ = try decoder.decode(Double.self, from: Data(#""1.5""#.utf8)) }?
        .isTypeMismatch == true)
  }

  @Test("Floating point reads the nearest value")
  func floatingPointReadsTheNearestValue() throws {
    let values = try JSONKitDecoder().decode(
      [Double].self, from: Data("[1, 0.1, -2.5e-3, 9007199254740993, 1e-400]".utf8))
    #expect(values == [1, 0.1, -0.0025, 9_007_199_254_740_992, 0])
    let floats = try JSONKitDecoder().decode(
      [Float].self, from: Data("[0.1, 16777217, 3.4028235e38]".utf8))
    #expect(floats == [Float(0.1), 16_777_216, .greatestFiniteMagnitude])
  }

  @Test("Magnitudes beyond the type throw")
  func magnitudesBeyondTheTypeThrow() {
    #expect(
      decodingError { _ = try JSONKitDecoder().decode(Double.self, from: Data("1e400".utf8)) }?
        .isDataCorrupted == true)
    #expect(
      decodingError { _ = try JSONKitDecoder().decode(Float.self, from: Data("1e39".utf8)) }?
        .isDataCorrupted == true)
  }

  @Test("Decimals decode exactly from the source text")
  func decimalsDecodeExactlyFromTheSourceText() throws {
    let text =
      "[3.14159265358979323846264338327950288, 123456789012345678901234567890, -0.000001, 1e2, 18446744073709551615]"
    let decimals = try JSONKitDecoder().decode([Decimal].self, from: Data(text.utf8))
    #expect(decimals[0] == Decimal(string: "3.14159265358979323846264338327950288"))
    #expect(decimals[1] == Decimal(string: "123456789012345678901234567890"))
    #expect(decimals[2] == Decimal(string: "-0.000001"))
    #expect(decimals[3] == 100)
    #expect(decimals[4] == Decimal(string: "18446744073709551615"))
  }

  @Test("Decimals that would lose digits throw")
  func decimalsThatWouldLoseDigitsThrow() {
    let tooLong = "1234567890123456789012345678901234567890123"
    #expect(
      decodingError { _ = try JSONKitDecoder().decode(Decimal.self, from: Data(tooLong.utf8)) }?
        .isDataCorrupted == true)
    #expect(
      decodingError { _ = try JSONKitDecoder().decode(Decimal.self, from: Data("1e400".utf8)) }?
        .isDataCorrupted == true)
  }

  @Test("Wide integers decode exactly")
  func wideIntegersDecodeExactly() throws {
    let values = try JSONKitDecoder().decode(
      [Int128].self, from: Data("[170141183460469231731687303715884105727, -5, 1e30]".utf8))
    #expect(values == [.max, -5, 1_000_000_000_000_000_000_000_000_000_000])
  }
}

@Suite("Optionals and missing keys behave as in Foundation")
struct DecoderOptionalTests {
  struct Profile: Decodable, Equatable {
    var name: String?
    var age: Int?
    var email: String?
  }

  @Test("Missing keys and nulls decode as nil")
  func missingKeysAndNullsDecodeAsNil() throws {
    let profile = try JSONKitDecoder().decode(
      Profile.self, from: Data(#"{"name": null, "age": 3}"#.utf8))
    #expect(profile == Profile(name: nil, age: 3, email: nil))
  }

  @Test("A present value of the wrong type still throws")
  func aPresentValueOfTheWrongTypeStillThrows() {
    let error = decodingError {
      _ = try JSONKitDecoder().decode(Profile.self, from: Data(#"{"age": "3"}"#.utf8))
    }
    #expect(error?.isTypeMismatch == true)
    #expect(error?.message == #"Expected Int at .age but found string ("3")"#)
  }

  @Test("A missing required key throws keyNotFound with the container's path")
  func aMissingRequiredKeyThrowsKeyNotFoundWithTheContainersPath() {
    let text =
      #"{"id": 1, "name": "A", "tags": [], "score": 1, "active": true, "friends": [{"name": "B"}]}"#
    let error = decodingError {
      _ = try JSONKitDecoder().decode(Models.Person.self, from: Data(text.utf8))
    }
    #expect(error?.isKeyNotFound == true)
    #expect(error?.path == ["friends", "Index 0"])
    #expect(error?.message == "Dictionary key 'age' does not exist at .friends[0].age")
    if case .keyNotFound(let key, _) = error { #expect(key.stringValue == "age") }
  }

  @Test("Null for a required value throws valueNotFound")
  func nullForARequiredValueThrowsValueNotFound() {
    let error = decodingError {
      _ = try JSONKitDecoder().decode(
        Models.Friend.self, from: Data(#"{"name": null, "age": 1}"#.utf8))
    }
    #expect(error?.isValueNotFound == true)
    #expect(error?.message == "Expected String at .name but found null")
  }

  @Test("contains and decodeNil distinguish missing from null")
  func containsAndDecodeNilDistinguishMissingFromNull() throws {
    struct Probe: Decodable {
      var hasA: Bool
      var aIsNil: Bool
      var hasB: Bool
      var bError: Bool
      enum Keys: String, CodingKey { case a, b }
      init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        hasA = container.contains(.a)
        aIsNil = try container.decodeNil(forKey: .a)
        hasB = container.contains(.b)
        bError = (try? container.decodeNil(forKey: .b)) == nil
      }
    }
    let probe = try JSONKitDecoder().decode(Probe.self, from: Data(#"{"a": null}"#.utf8))
    #expect(probe.hasA && probe.aIsNil && !probe.hasB && probe.bError)
  }

  @Test("Optionals decode the same from built values")
  func optionalsDecodeTheSameFromBuiltValues() throws {
    let json: JSON = ["name": nil, "age": 3]
    #expect(
      try JSONKitDecoder().decode(Profile.self, from: json)
        == Profile(name: nil, age: 3, email: nil))
  }

  @Test("A failed access decodes as no value")
  func aFailedAccessDecodesAsNoValue() {
    let json: JSON = ["a": 1]
    let error = decodingError { _ = try JSONKitDecoder().decode(Int.self, from: json["missing"]) }
    #expect(error?.isValueNotFound == true)
    #expect(error?.message.contains("does not exist") == true)
  }
}

@Suite("Decoding errors name the path in jq notation and what was found")
struct DecoderErrorTests {
  struct Person: Decodable {
    var friends: [Friend]
  }

  struct Friend: Decodable {
    var age: Int
  }

  @Test("A type mismatch says where and what")
  func aTypeMismatchSaysWhereAndWhat() {
    let text = #"{"friends": [{"age": 1}, {"age": 2}, {"age": 3}, {"age": "x"}]}"#
    let error = decodingError {
      _ = try JSONKitDecoder().decode(Person.self, from: Data(text.utf8))
    }
    #expect(error?.isTypeMismatch == true)
    #expect(error?.message == #"Expected Int at .friends[3].age but found string ("x")"#)
    #expect(error?.path == ["friends", "Index 3", "age"])
  }

  @Test("The same errors come from built values")
  func theSameErrorsComeFromBuiltValues() {
    let json: JSON = ["friends": [["age": 1], ["age": [1, 2]]]]
    let error = decodingError { _ = try JSONKitDecoder().decode(Person.self, from: json) }
    #expect(error?.message == "Expected Int at .friends[1].age but found array ([1,2])")
    #expect(error?.path == ["friends", "Index 1", "age"])
  }

  @Test("Keys that are not identifiers are quoted")
  func keysThatAreNotIdentifiersAreQuoted() {
    struct Odd: Decodable {
      var value: Int
      enum CodingKeys: String, CodingKey { case value = "odd key" }
    }
    let error = decodingError {
      _ = try JSONKitDecoder().decode([Odd].self, from: Data(#"[{"odd key": false}]"#.utf8))
    }
    #expect(error?.message == #"Expected Int at [0]."odd key" but found boolean (false)"#)
  }

  @Test("A container of the wrong kind says what was found")
  func aContainerOfTheWrongKindSaysWhatWasFound() {
    let error = decodingError {
      _ = try JSONKitDecoder().decode(Person.self, from: Data(#"{"friends": {"age": 1}}"#.utf8))
    }
    #expect(error?.isTypeMismatch == true)
    #expect(error?.message == #"Expected array at .friends but found dictionary ({"age":1})"#)
  }

  @Test("Long values are previewed shortly")
  func longValuesArePreviewedShortly() {
    let long = String(repeating: "a", count: 100)
    let error = decodingError {
      _ = try JSONKitDecoder().decode([Int].self, from: Data("[\"\(long)\"]".utf8))
    }
    #expect(error?.message.hasSuffix("...)") == true)
    #expect((error?.message.count ?? 0) < 100)
  }

  @Test("Reading past the end of an array throws valueNotFound")
  func readingPastTheEndOfAnArrayThrowsValueNotFound() {
    struct Pair: Decodable {
      var a: Int
      var b: Int
      init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        a = try container.decode(Int.self)
        b = try container.decode(Int.self)
      }
    }
    let error = decodingError {
      _ = try JSONKitDecoder().decode([String: Pair].self, from: Data(#"{"p": [1]}"#.utf8))
    }
    #expect(error?.isValueNotFound == true)
    #expect(error?.message == "Expected Int at .p[1] but the array has only 1 element")
  }

  @Test("A failed element decode does not advance")
  func aFailedElementDecodeDoesNotAdvance() throws {
    struct Lenient: Decodable {
      var values: [String]
      init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var values: [String] = []
        while !container.isAtEnd {
          if let s = try? container.decode(String.self) {
            values.append(s)
          } else {
            values.append(String(try container.decode(Int.self)))
          }
        }
        self.values = values
      }
    }
    #expect(
      try JSONKitDecoder().decode(Lenient.self, from: Data(#"["a", 1, "b"]"#.utf8)).values == [
        "a", "1", "b",
      ])
  }
}

@Suite("Key decoding strategies match Foundation")
struct DecoderKeyStrategyTests {
  struct User: Decodable, Equatable {
    var screenName: String
    var followersCount: Int
    var profileURL: String?
    var id: Int
  }

  @Test("Snake case keys convert to camel case")
  func snakeCaseKeysConvertToCamelCase() throws {
    var decoder = JSONKitDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let text = #"{"screen_name": "ada", "followers_count": 3, "profile_u_r_l": "x", "id": 1}"#
    let user = try decoder.decode(User.self, from: Data(text.utf8))
    #expect(user == User(screenName: "ada", followersCount: 3, profileURL: "x", id: 1))
    let foundation = JSONDecoder()
    foundation.keyDecodingStrategy = .convertFromSnakeCase
    #expect(user == (try foundation.decode(User.self, from: Data(text.utf8))))
  }

  @Test("Snake case conversion follows Foundation's edge cases")
  func snakeCaseConversionFollowsFoundationsEdgeCases() {
    let cases = [
      "snake_case": "snakeCase", "_leading": "_leading", "trailing_": "trailing_",
      "__both__": "__both__",
      "many___underscores": "manyUnderscores", "camelCase": "camelCase", "ALL_CAPS": "allCaps",
      "_": "_",
      "": "", "a_b_c": "aBC", "_a_b_": "_aB_",
    ]
    for (input, expected) in cases {
      #expect(CodingKeyConversion.camelCase(fromSnakeCase: input) == expected, "\(input)")
    }
  }

  @Test("Snake case works on built objects and in all keys")
  func snakeCaseWorksOnBuiltObjectsAndInAllKeys() throws {
    struct Keys: Decodable {
      var names: [String]
      init(from decoder: any Decoder) throws {
        names = try decoder.container(keyedBy: JSONKitCodingKey.self).allKeys.map(\.stringValue)
      }
    }
    var decoder = JSONKitDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let built: JSON = ["screen_name": "ada", "followers_count": 3, "id": 1]
    #expect(
      try decoder.decode(User.self, from: built)
        == User(screenName: "ada", followersCount: 3, profileURL: nil, id: 1))
    #expect(
      try decoder.decode(Keys.self, from: Data(#"{"a_b": 1, "c": 2}"#.utf8)).names == ["aB", "c"])
  }

  @Test("Dictionary keys are never converted")
  func dictionaryKeysAreNeverConverted() throws {
    struct Wrapper: Decodable, Equatable { var someMap: [String: Int] }
    var decoder = JSONKitDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let wrapper = try decoder.decode(
      Wrapper.self, from: Data(#"{"some_map": {"snake_key": 1}}"#.utf8))
    #expect(wrapper.someMap == ["snake_key": 1])
  }

  @Test("A custom strategy sees the path and the key")
  func aCustomStrategySeesThePathAndTheKey() throws {
    struct Item: Decodable, Equatable { var name: String }
    struct Box: Decodable, Equatable { var items: [Item] }
    let seen = Mutex<[String]>([])
    var decoder = JSONKitDecoder()
    decoder.keyDecodingStrategy = .custom { path in
      let key = path.last!.stringValue
      seen.withLock { $0.append(path.map(\.stringValue).joined(separator: "/")) }
      return JSONKitCodingKey(stringValue: key.lowercased())
    }
    let box = try decoder.decode(Box.self, from: Data(#"{"ITEMS": [{"NAME": "a"}]}"#.utf8))
    #expect(box == Box(items: [Item(name: "a")]))
    #expect(seen.withLock { $0 } == ["ITEMS", "items/Index 0/NAME"])
  }
}

@Suite("Date, data and non-conforming float decoding strategies")
struct DecoderValueStrategyTests {
  struct Stamp: Decodable { var at: Date }

  func decode(_ strategy: JSONKitDecoder.DateDecodingStrategy, _ text: String) throws -> Date {
    var decoder = JSONKitDecoder()
    decoder.dateDecodingStrategy = strategy
    return try decoder.decode(Stamp.self, from: Data(#"{"at": \#(text)}"#.utf8)).at
  }

  @Test("Every date strategy reads its format")
  func everyDateStrategyReadsItsFormat() throws {
    #expect(try decode(.deferredToDate, "10") == Date(timeIntervalSinceReferenceDate: 10))
    #expect(
      try decode(.secondsSince1970, "1700000000.5") == Date(timeIntervalSince1970: 1_700_000_000.5))
    #expect(
      try decode(.millisecondsSince1970, "1700000000500")
        == Date(timeIntervalSince1970: 1_700_000_000.5))
    #expect(
      try decode(.iso8601, #""2023-11-14T22:13:20Z""#) == Date(timeIntervalSince1970: 1_700_000_000)
    )
    #expect(
      try decode(.iso8601, #""2023-11-14T23:13:20+01:00""#)
        == Date(timeIntervalSince1970: 1_700_000_000))
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(secondsFromGMT: 0)
    formatter.dateFormat = "EEE MMM dd HH:mm:ss Z yyyy"
    #expect(
      try decode(.formatted(formatter), #""Tue Nov 14 22:13:20 +0000 2023""#)
        == Date(timeIntervalSince1970: 1_700_000_000))
    let custom = try decode(
      .custom { decoder in
        Date(timeIntervalSince1970: Double(try decoder.singleValueContainer().decode(String.self))!)
      }, #""42""#)
    #expect(custom == Date(timeIntervalSince1970: 42))
  }

  @Test("The ISO 8601 fast path agrees with Foundation's format style")
  func theISO8601FastPathAgreesWithFoundationsFormatStyle() throws {
    var generator = SplitMix64(seed: 3339)
    for _ in 0..<2000 {
      let seconds = Double(Int64.random(in: -5_000_000_000...10_000_000_000, using: &generator))
      let date = Date(timeIntervalSince1970: seconds)
      let offset = [0, 3600, -18000, 19800, -34200][Int.random(in: 0..<5, using: &generator)]
      var style = Date.ISO8601FormatStyle()
      style.timeZone = TimeZone(secondsFromGMT: offset)!
      let text = date.formatted(style)
      #expect(InternetDateTime.parse(text) == (try Date(text, strategy: .iso8601)), "\(text)")
    }
    for text in [
      "2024-02-29T00:00:00Z", "2023-02-29T00:00:00Z", "2024-13-01T00:00:00Z",
      "2024-01-01T24:00:00Z",
      "2024-01-01 00:00:00Z", "2024-01-01T00:00:00.5Z", "2024-01-01T00:00:00+0100",
    ] {
      #expect(InternetDateTime.parse(text) == (try? Date(text, strategy: .iso8601)), "\(text)")
    }
  }

  @Test("The formatted date fast path agrees with date formatter")
  func theFormattedDateFastPathAgreesWithDateFormatter() {
    let patterns = [
      "EEE MMM dd HH:mm:ss Z yyyy", "yyyy-MM-dd'T'HH:mm:ss.SSSZZZZZ", "EEEE, d MMMM yyyy HH:mm",
      "dd/MM/yyyy",
      "yyyy-MM-dd'T'HH:mm:ssXXX", "M/d/y H:m:s", "'day' d 'of' MMM''yyyy",
    ]
    var generator = SplitMix64(seed: 0xDA7E)
    for pattern in patterns {
      for offset in [0, 19800, -28800] {
        let formatter = posixDateFormatter(pattern, offset: offset)
        guard let parser = FixedDateFormat(formatter) else {
          Issue.record("no fast path for \(pattern)")
          continue
        }
        for _ in 0..<150 {
          let date = Date(
            timeIntervalSince1970: Double(
              Int64.random(in: -8_000_000_000...7_000_000_000, using: &generator)) / 1000 * 1000)
          let text = formatter.string(from: date)
          #expect(parser.parse(text) == formatter.date(from: text), "\(pattern): \(text)")
          #expect(parser.parse(text) != nil, "\(pattern): \(text)")
        }
      }
    }
  }

  @Test("The formatted date fast path leaves irregular text to the formatter")
  func theFormattedDateFastPathLeavesIrregularTextToTheFormatter() {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(secondsFromGMT: 0)
    formatter.dateFormat = "EEE MMM dd HH:mm:ss Z yyyy"
    let parser = FixedDateFormat(formatter)!
    // A wrong weekday is ignored, as ICU does; everything irregular is the formatter's call.
    #expect(
      parser.parse("Mon Aug 31 00:29:15 +0000 2014")
        == formatter.date(from: "Mon Aug 31 00:29:15 +0000 2014"))
    for text in [
      "sun Aug 31 00:29:15 +0000 2014", "Sun Aug 31 24:29:15 +0000 2014",
      "Sun Apr 31 00:29:15 +0000 2014",
      "Sun Aug 31 00:29:15 +0000 2014 ", "Sun Aug 31 00:29:60 +0000 2014",
      "Sun Aug 31 00:29:15 +0000 1500",
      "Sun Aug  31 00:29:15 +0000 2014", "Sunday Aug 31 00:29:15 +0000 2014",
    ] {
      #expect(parser.parse(text) == nil, "\(text)")
    }
  }

  @Test("Formatters the fast path cannot reproduce are used as they are")
  func formattersTheFastPathCannotReproduceAreUsedAsTheyAre() throws {
    func formatter(_ configure: (DateFormatter) -> Void) -> DateFormatter {
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.timeZone = TimeZone(secondsFromGMT: 0)
      formatter.dateFormat = "yyyy-MM-dd HH:mm"
      configure(formatter)
      return formatter
    }
    let unsupported = [
      formatter { $0.locale = Locale(identifier: "fr_FR") }, formatter { $0.isLenient = true },
      formatter { $0.timeZone = TimeZone(identifier: "Europe/Paris") },
      formatter { $0.dateFormat = "yy-MM-dd hh:mm a" },
      formatter { $0.dateFormat = "MM-dd HH:mm" },
    ]
    for candidate in unsupported {
      #expect(FixedDateFormat(candidate) == nil, "\(candidate.dateFormat ?? "")")
      var decoder = JSONKitDecoder()
      decoder.dateDecodingStrategy = .formatted(candidate)
      let texts = [
        candidate.string(from: Date(timeIntervalSince1970: 1_700_000_000)),
        candidate.string(from: Date(timeIntervalSince1970: 0)),
      ]
      let data = try JSONKitEncoder().encode(texts + texts)
      let dates = try decoder.decode([Date].self, from: data)
      #expect(dates == (texts + texts).map { candidate.date(from: $0)! })
    }
  }

  @Test("Dates in the wrong format throw dataCorrupted")
  func datesInTheWrongFormatThrowDataCorrupted() {
    let error = decodingError { _ = try decode(.iso8601, #""yesterday""#) }
    #expect(error?.isDataCorrupted == true)
    #expect(error?.message == #"Expected an ISO 8601 date at .at but found string ("yesterday")"#)
    #expect(decodingError { _ = try decode(.secondsSince1970, #""10""#) }?.isTypeMismatch == true)
  }

  @Test("Repeated formatted dates parse once and agree")
  func repeatedFormattedDatesParseOnceAndAgree() throws {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(secondsFromGMT: 0)
    formatter.dateFormat = "yyyy-MM-dd HH:mm"
    var decoder = JSONKitDecoder()
    decoder.dateDecodingStrategy = .formatted(formatter)
    let text = #"["2020-01-01 10:00", "2021-06-30 23:59", "2020-01-01 10:00"]"#
    let dates = try decoder.decode([Date].self, from: Data(text.utf8))
    #expect(dates[0] == dates[2])
    #expect(dates[1] == formatter.date(from: "2021-06-30 23:59"))
  }

  @Test("Every data strategy reads its format")
  func everyDataStrategyReadsItsFormat() throws {
    struct Blob: Decodable { var bytes: Data }
    var decoder = JSONKitDecoder()
    #expect(
      try decoder.decode(Blob.self, from: Data(#"{"bytes": "AQID"}"#.utf8)).bytes
        == Data([1, 2, 3]))
    decoder.dataDecodingStrategy = .deferredToData
    #expect(
      try decoder.decode(Blob.self, from: Data(#"{"bytes": [1, 2, 3]}"#.utf8)).bytes
        == Data([1, 2, 3]))
    decoder.dataDecodingStrategy = .custom { decoder in
      Data(try decoder.singleValueContainer().decode(String.self).utf8)
    }
    #expect(
      try decoder.decode(Blob.self, from: Data(#"{"bytes": "hi"}"#.utf8)).bytes == Data("hi".utf8))
    decoder.dataDecodingStrategy = .base64
    #expect(
      decodingError { _ = try decoder.decode(Blob.self, from: Data(#"{"bytes": "%%"}"#.utf8)) }?
        .isDataCorrupted == true)
  }

  @Test("URLs decode from strings")
  func urlsDecodeFromStrings() throws {
    let urls = try JSONKitDecoder().decode(
      [URL].self, from: Data(#"["https://example.com/a?b=1"]"#.utf8))
    #expect(urls == [URL(string: "https://example.com/a?b=1")!])
  }

  @Test("Non-conforming floats decode from their names")
  func nonConformingFloatsDecodeFromTheirNames() throws {
    var decoder = JSONKitDecoder()
    #expect(
      decodingError { _ = try decoder.decode([Double].self, from: Data(#"["NaN"]"#.utf8)) }?
        .isTypeMismatch == true)
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(
      positiveInfinity: "+Inf", negativeInfinity: "-Inf", nan: "NaN")
    let values = try decoder.decode([Double].self, from: Data(#"["+Inf", "-Inf", "NaN", 1]"#.utf8))
    #expect(values[0] == .infinity && values[1] == -.infinity && values[2].isNaN && values[3] == 1)
    let floats = try decoder.decode([String: Float].self, from: Data(#"{"x": "-Inf"}"#.utf8))
    #expect(floats["x"] == -.infinity)
    #expect(
      decodingError { _ = try decoder.decode([Double].self, from: Data(#"["inf"]"#.utf8)) }?
        .isTypeMismatch == true)
  }
}

@Suite("Nested containers and super decoders")
struct DecoderNestingTests {
  @Test("Nested keyed and unkeyed containers decode")
  func nestedKeyedAndUnkeyedContainersDecode() throws {
    let text = #"{"id": 1, "geo": {"lat": 1.5, "lng": 2}, "path": [[1, 2], [3]]}"#
    let place = try JSONKitDecoder().decode(Models.Place.self, from: Data(text.utf8))
    #expect(place == Models.Place(id: 1, lat: 1.5, lng: 2, path: [[1, 2], [3]]))
  }

  @Test("Nested containers report their own path")
  func nestedContainersReportTheirOwnPath() {
    let text = #"[{"id": 1, "geo": {"lat": 1.5, "lng": "east"}, "path": []}]"#
    let error = decodingError {
      _ = try JSONKitDecoder().decode([Models.Place].self, from: Data(text.utf8))
    }
    #expect(error?.message == #"Expected Double at [0].geo.lng but found string ("east")"#)
    #expect(error?.path == ["Index 0", "geo", "lng"])
  }

  @Test("Values decoded through nested containers have the full path")
  func valuesDecodedThroughNestedContainersHaveTheFullPath() {
    struct Group: Decodable {
      var friends: [Models.Friend]
      enum Keys: String, CodingKey { case info }
      enum InfoKeys: String, CodingKey { case friends }
      init(from decoder: any Decoder) throws {
        let info = try decoder.container(keyedBy: Keys.self).nestedContainer(
          keyedBy: InfoKeys.self, forKey: .info)
        friends = try info.decode([Models.Friend].self, forKey: .friends)
      }
    }
    let text = #"[{"info": {"friends": [{"name": "a", "age": 1}, {"name": "b", "age": true}]}}]"#
    let error = decodingError {
      _ = try JSONKitDecoder().decode([Group].self, from: Data(text.utf8))
    }
    #expect(error?.message == "Expected Int at [0].info.friends[1].age but found boolean (true)")
    #expect(error?.path == ["Index 0", "info", "friends", "Index 1", "age"])
  }

  @Test("A subclass decodes its superclass through superDecoder")
  func aSubclassDecodesItsSuperclassThroughSuperDecoder() throws {
    let dog = try JSONKitDecoder().decode(
      Models.Dog.self, from: Data(#"{"breed": "collie", "super": {"name": "Lassie"}}"#.utf8))
    #expect(dog.name == "Lassie" && dog.breed == "collie")
  }

  @Test("A subclass may share its superclass's container")
  func aSubclassMayShareItsSuperclassesContainer() throws {
    let cat = try JSONKitDecoder().decode(
      [Models.Cat].self, from: Data(#"[{"lives": 9, "name": "Tom"}]"#.utf8))
    #expect(cat[0].name == "Tom" && cat[0].lives == 9)
  }

  @Test("Super decoders for missing keys read null")
  func superDecodersForMissingKeysReadNull() throws {
    struct Probe: Decodable {
      var isNull: Bool
      var path: [String]
      enum Keys: String, CodingKey { case other }
      init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let sup = try container.superDecoder(forKey: .other)
        isNull = try sup.singleValueContainer().decodeNil()
        path = sup.codingPath.map(\.stringValue)
      }
    }
    let probe = try JSONKitDecoder().decode([Probe].self, from: Data("[{}]".utf8))
    #expect(probe[0].isNull && probe[0].path == ["Index 0", "other"])
  }

  @Test("An unkeyed superDecoder reads the next element")
  func anUnkeyedSuperDecoderReadsTheNextElement() throws {
    struct Pair: Decodable {
      var first: Models.Friend
      var second: Int
      init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        first = try Models.Friend(from: container.superDecoder())
        second = try container.decode(Int.self)
      }
    }
    let pair = try JSONKitDecoder().decode(
      Pair.self, from: Data(#"[{"name": "A", "age": 1}, 2]"#.utf8))
    #expect(pair.first == Models.Friend(name: "A", age: 1) && pair.second == 2)
  }

  @Test("Coding paths are reported while decoding")
  func codingPathsAreReportedWhileDecoding() throws {
    struct Leaf: Decodable {
      var path: String
      init(from decoder: any Decoder) throws {
        path = decoder.codingPath.map(\.stringValue).joined(separator: "/")
      }
    }
    struct Root: Decodable { var a: [String: [Leaf]] }
    let root = try JSONKitDecoder().decode(Root.self, from: Data(#"{"a": {"b": [1, 2]}}"#.utf8))
    #expect(root.a["b"]?.map(\.path) == ["a/b/Index 0", "a/b/Index 1"])
  }

  @Test("Containers kept beyond their init still read their own object")
  func containersKeptBeyondTheirInitStillReadTheirOwnObject() throws {
    // The decoder reuses keyed containers that nothing refers to any more; one that is
    // still held must never be repointed at another object.
    enum Keys: String, CodingKey { case name, age }
    // `@unchecked Sendable`: only to travel in `userInfo`; one decode on one thread
    // writes it, then this test reads it.
    final class Keeper: @unchecked Sendable {
      var kept: [KeyedDecodingContainer<Keys>] = []
    }
    struct Kept: Decodable {
      init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let keeper = decoder.userInfo[CodingUserInfoKey(rawValue: "keeper")!] as! Keeper
        keeper.kept.append(container)
      }
    }
    let keeper = Keeper()
    var decoder = JSONKitDecoder()
    decoder.userInfo[CodingUserInfoKey(rawValue: "keeper")!] = keeper
    let text = #"[{"name": "a", "age": 1}, {"name": "b", "age": 2}, {"name": "c", "age": 3}]"#
    _ = try decoder.decode([Kept].self, from: Data(text.utf8))
    let names = try keeper.kept.map { try $0.decode(String.self, forKey: .name) }
    #expect(names == ["a", "b", "c"])
    // The kept containers hold their decoder, whose `userInfo` holds the keeper: a cycle
    // this test made on purpose (Foundation's decoder would have it too). Break it, or the
    // address sanitizer's leak check reports it.
    keeper.kept.removeAll()
  }

  @Test("A decode keeps no document alive")
  func aDecodeKeepsNoDocumentAlive() throws {
    weak var document: JSONDocument?
    do {
      let json = try JSONParser.parse(Data(Models.personText.utf8))
      if case .node(let parsed, _) = json.storage { document = parsed }
      _ = try JSONKitDecoder().decode(Models.Person.self, from: json)
      #expect(document != nil)
    }
    #expect(document == nil)
  }
}
