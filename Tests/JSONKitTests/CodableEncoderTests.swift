import Foundation
import TestInputs
import Testing

@testable import JSONKit
@testable import JSONKitCore

private typealias Models = CodableTestModels

/// The compact text of `value` encoded by `encoder`.
private func text<T: Encodable>(_ value: T, _ encoder: JSONKitEncoder = JSONKitEncoder()) throws
  -> String
{
  String(decoding: try encoder.encode(value), as: UTF8.self)
}

/// `value` encoded by Foundation's `JSONEncoder`, parsed back into a `JSON` value.
private func foundationJSON<T: Encodable>(_ value: T, configure: (JSONEncoder) -> Void = { _ in })
  throws -> JSON
{
  let encoder = JSONEncoder()
  configure(encoder)
  return try JSONParser.parse(try encoder.encode(value))
}

/// The `EncodingError` thrown by `body`, or `nil`.
private func encodingError(_ body: () throws -> Void) -> EncodingError? {
  do {
    try body()
    return nil
  } catch let error as EncodingError {
    return error
  } catch {
    return nil
  }
}

@Suite("JSONKitEncoder writes models as JSON")
struct EncoderModelTests {
  @Test("A nested model encodes in declaration order")
  func aNestedModelEncodesInDeclarationOrder() throws {
    let expected =
      #"{"id":7,"name":"Ada","tags":["math","code"],"friends":[{"name":"Charles","age":41},{"name":"Mary","age":30}],"score":99.5,"active":true,"address":{"city":"London","zip":"W1"}}"#
    #expect(try text(Models.person) == expected)
  }

  @Test("Encode to JSON builds the value directly")
  func encodeToJSONBuildsTheValueDirectly() throws {
    let json = try JSONKitEncoder().encodeToJSON(Models.person)
    #expect(json["friends"][1]["name"].string == "Mary")
    #expect(json["nickname"].exists() == false)
    var expected = try JSONParser.parse(Data(Models.personText.utf8))
    expected.removeValue(forKey: "nickname")  // `nil` optionals are left out, as in Foundation
    #expect(json == expected)
  }

  @Test("Encoding agrees with Foundation")
  func encodingAgreesWithFoundation() throws {
    let ours = try JSONParser.parse(try JSONKitEncoder().encode(Models.person))
    #expect(ours == (try foundationJSON(Models.person)))
  }

  @Test("Output formatting maps to the writer")
  func outputFormattingMapsToTheWriter() throws {
    struct Link: Encodable {
      var b = "https://x.y/z"
      var a = 1
    }
    var encoder = JSONKitEncoder()
    #expect(try text(Link(), encoder) == #"{"b":"https:\/\/x.y\/z","a":1}"#)
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    #expect(try text(Link(), encoder) == #"{"a":1,"b":"https://x.y/z"}"#)
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    #expect(try text(Link(), encoder) == "{\n  \"a\": 1,\n  \"b\": \"https://x.y/z\"\n}")
  }

  @Test("Top-level scalars, arrays and dictionaries encode")
  func topLevelScalarsArraysAndDictionariesEncode() throws {
    #expect(try text(42) == "42")
    #expect(
      try text(
        "a/b",
        {
          var e = JSONKitEncoder()
          e.outputFormatting = .withoutEscapingSlashes
          return e
        }()) == #""a/b""#)
    #expect(try text([1, nil, 3] as [Int?]) == "[1,null,3]")
    var sorted = JSONKitEncoder()
    sorted.outputFormatting = .sortedKeys
    #expect(try text(["b": [1], "a": []], sorted) == #"{"a":[],"b":[1]}"#)
    #expect(try text(Optional<Int>.none) == "null")
  }

  @Test("A value that encodes nothing throws at the top and is an empty object inside")
  func aValueThatEncodesNothingThrowsAtTheTopAndIsAnEmptyObjectInside() throws {
    struct Nothing: Encodable {
      func encode(to encoder: any Encoder) throws {}
    }
    struct Holder: Encodable { var inner = Nothing() }
    let error = encodingError { _ = try JSONKitEncoder().encode(Nothing()) }
    if case .invalidValue(_, let context) = error {
      #expect(context.debugDescription.contains("did not encode any values"))
    } else {
      Issue.record("expected invalidValue, got \(String(describing: error))")
    }
    #expect(try text(Holder()) == #"{"inner":{}}"#)
  }

  @Test("Encoding the same key twice keeps its place and the last value")
  func encodingTheSameKeyTwiceKeepsItsPlaceAndTheLastValue() throws {
    struct Twice: Encodable {
      enum Keys: String, CodingKey { case a, b }
      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(1, forKey: .a)
        try container.encode(2, forKey: .b)
        try container.encode(3, forKey: .a)
      }
    }
    #expect(try text(Twice()) == #"{"a":3,"b":2}"#)
  }

  @Test("A JSON value encodes as itself")
  func aJSONValueEncodesAsItself() throws {
    struct Event: Codable, Equatable {
      var kind: String
      var payload: JSON
    }
    let payload = try JSONParser.parse(
      Data(#"{"big": 123456789012345678901234567890, "list": [1, "a"]}"#.utf8))
    let data = try JSONKitEncoder().encode(Event(kind: "push", payload: payload))
    #expect(
      String(decoding: data, as: UTF8.self)
        == #"{"kind":"push","payload":{"big":123456789012345678901234567890,"list":[1,"a"]}}"#)
    #expect(
      try JSONKitDecoder().decode(Event.self, from: data) == Event(kind: "push", payload: payload))
  }

  @Test("userInfo reaches encode(to:)")
  func userInfoReachesEncodeToEncoder() throws {
    struct Probe: Encodable {
      func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(
          encoder.userInfo[CodingUserInfoKey(rawValue: "who")!] as? String ?? "nobody")
      }
    }
    var encoder = JSONKitEncoder()
    encoder.userInfo[CodingUserInfoKey(rawValue: "who")!] = "ada"
    #expect(try text(Probe(), encoder) == #""ada""#)
  }
}

@Suite("Numbers encode exactly")
struct EncoderNumberTests {
  @Test("Integers at the limits encode exactly")
  func integersAtTheLimitsEncodeExactly() throws {
    let numbers = Models.Numbers(
      i8: .min, u8: .max, i64: .min, u64: .max, f: 0.1, d: 0.1,
      decimal: Decimal(string: "3.14159265358979323846264338327950288")!)
    let expected =
      #"{"i8":-128,"u8":255,"i64":-9223372036854775808,"u64":18446744073709551615,"f":0.1,"d":0.1,"decimal":3.14159265358979323846264338327950288}"#
    #expect(try text(numbers) == expected)
  }

  @Test("Decimals and floats round trip exactly")
  func decimalsAndFloatsRoundTripExactly() throws {
    let numbers = Models.Numbers(
      i8: 1, u8: 2, i64: 3, u64: 4, f: 16_777_216, d: .leastNonzeroMagnitude,
      decimal: Decimal(string: "-123456789012345678901234567890.5")!)
    let back = try JSONKitDecoder().decode(
      Models.Numbers.self, from: try JSONKitEncoder().encode(numbers))
    #expect(back == numbers)
  }

  @Test("Wide integers encode as their digits")
  func wideIntegersEncodeAsTheirDigits() throws {
    #expect(try text([Int128.max, Int128(-5)]) == "[170141183460469231731687303715884105727,-5]")
    #expect(try text(UInt128.max) == "340282366920938463463374607431768211455")
  }

  @Test("Infinities throw with the path unless named")
  func infinitiesThrowWithThePathUnlessNamed() throws {
    struct Reading: Encodable { var values: [Double] }
    let error = encodingError { _ = try JSONKitEncoder().encode(Reading(values: [1, .infinity])) }
    guard case .invalidValue(_, let context) = error else {
      Issue.record("expected invalidValue, got \(String(describing: error))")
      return
    }
    #expect(context.codingPath.map(\.stringValue) == ["values", "Index 1"])
    #expect(context.debugDescription.contains("at .values[1]"))
    var encoder = JSONKitEncoder()
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "+Inf", negativeInfinity: "-Inf", nan: "NaN")
    #expect(
      try text([Double.infinity, -.infinity, .nan, 1], encoder) == #"["+Inf","-Inf","NaN",1]"#)
    #expect(try text([Float.nan], encoder) == #"["NaN"]"#)
  }
}

@Suite("Round trips through JSONKitEncoder and JSONKitDecoder")
struct CodableRoundTripTests {
  @Test("Nested models round trip through data and through JSON")
  func nestedModelsRoundTripThroughDataAndThroughJSON() throws {
    let encoder = JSONKitEncoder()
    let decoder = JSONKitDecoder()
    #expect(
      try decoder.decode(Models.Person.self, from: try encoder.encode(Models.person))
        == Models.person)
    #expect(
      try decoder.decode(Models.Person.self, from: try encoder.encodeToJSON(Models.person))
        == Models.person)
  }

  @Test("Every strategy round trips")
  func everyStrategyRoundTrips() throws {
    struct Record: Codable, Equatable {
      var createdAt: Date
      var rawBytes: Data
      var ratio: Double
      var userIDs: [Int]
      var labelsByName: [String: String]
    }
    let record = Record(
      createdAt: Date(timeIntervalSince1970: 1_700_000_000), rawBytes: Data([0, 1, 254, 255]),
      ratio: .infinity,
      userIDs: [1, 2], labelsByName: ["someKey": "v"])
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(secondsFromGMT: 0)
    formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
    let dates: [(JSONKitEncoder.DateEncodingStrategy, JSONKitDecoder.DateDecodingStrategy)] = [
      (.deferredToDate, .deferredToDate), (.secondsSince1970, .secondsSince1970),
      (.millisecondsSince1970, .millisecondsSince1970), (.iso8601, .iso8601),
      (.formatted(formatter), .formatted(formatter)),
      (
        .custom { date, encoder in
          var container = encoder.singleValueContainer()
          try container.encode("t\(Int(date.timeIntervalSince1970))")
        },
        .custom { decoder in
          Date(
            timeIntervalSince1970: Double(
              try decoder.singleValueContainer().decode(String.self).dropFirst())!)
        }
      ),
    ]
    let datas: [(JSONKitEncoder.DataEncodingStrategy, JSONKitDecoder.DataDecodingStrategy)] = [
      (.base64, .base64), (.deferredToData, .deferredToData),
      (
        .custom { data, encoder in
          var container = encoder.unkeyedContainer()
          for byte in data.reversed() { try container.encode(byte) }
        },
        .custom { decoder in Data(try [UInt8](from: decoder).reversed()) }
      ),
    ]
    for (dateOut, dateIn) in dates {
      for (dataOut, dataIn) in datas {
        var encoder = JSONKitEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = dateOut
        encoder.dataEncodingStrategy = dataOut
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
          positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        var decoder = JSONKitDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = dateIn
        decoder.dataDecodingStrategy = dataIn
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
          positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let data = try encoder.encode(record)
        #expect(
          try decoder.decode(Record.self, from: data) == record,
          "\(String(decoding: data, as: UTF8.self))")
        #expect(try decoder.decode(Record.self, from: try encoder.encodeToJSON(record)) == record)
      }
    }
  }

  @Test("Foundation reads what JSONKit writes and the other way round")
  func foundationReadsWhatJSONKitWritesAndTheOtherWayRound() throws {
    struct Mixed: Codable, Equatable {
      var date: Date
      var data: Data
      var url: URL
      var decimal: Decimal
      var nested: [String: [Int?]]
    }
    let mixed = Mixed(
      date: Date(timeIntervalSince1970: 1_000_000), data: Data("hi".utf8),
      url: URL(string: "https://a.b/c")!,
      decimal: Decimal(string: "12.5")!, nested: ["a": [1, nil]])
    #expect(try JSONDecoder().decode(Mixed.self, from: try JSONKitEncoder().encode(mixed)) == mixed)
    #expect(try JSONKitDecoder().decode(Mixed.self, from: try JSONEncoder().encode(mixed)) == mixed)
  }

  @Test("Nested containers round trip")
  func nestedContainersRoundTrip() throws {
    let place = Models.Place(id: 1, lat: 1.5, lng: -2, path: [[1, 2], [], [3]])
    #expect(try text(place) == #"{"id":1,"geo":{"lat":1.5,"lng":-2},"path":[[1,2],[],[3]]}"#)
    #expect(
      try JSONKitDecoder().decode(Models.Place.self, from: try JSONKitEncoder().encode(place))
        == place)
  }
}

@Suite("Key encoding strategies match Foundation")
struct EncoderKeyStrategyTests {
  @Test("Camel case keys convert to snake case as in Foundation")
  func camelCaseKeysConvertToSnakeCaseAsInFoundation() {
    let cases = [
      "myProperty": "my_property", "myURLProperty": "my_url_property", "userID": "user_id",
      "feeFiFoFum": "fee_fi_fo_fum", "fee_fi_fo_fum": "fee_fi_fo_fum",
      "xmlContents": "xml_contents",
      "URL": "u_rl", "a": "a", "": "", "_leading": "_leading", "HTTPResponse": "h_ttp_response",
    ]
    for (input, expected) in cases {
      #expect(CodingKeyConversion.snakeCase(fromCamelCase: input) == expected, "\(input)")
    }
  }

  @Test("Snake case encoding agrees with Foundation")
  func snakeCaseEncodingAgreesWithFoundation() throws {
    struct User: Encodable {
      var screenName = "ada"
      var profileURL = "x"
      var userID = 1
      var someMap = ["keepThisKey": 1]
    }
    var encoder = JSONKitEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    let ours = try JSONParser.parse(try encoder.encode(User()))
    #expect(ours == (try foundationJSON(User()) { $0.keyEncodingStrategy = .convertToSnakeCase }))
    #expect(ours["some_map"]["keepThisKey"].int == 1)
  }

  @Test("A custom strategy sees the full path")
  func aCustomStrategySeesTheFullPath() throws {
    struct Inner: Encodable { var value = 1 }
    struct Outer: Encodable { var items = [Inner()] }
    var encoder = JSONKitEncoder()
    encoder.keyEncodingStrategy = .custom { path in
      JSONKitCodingKey(stringValue: path.map(\.stringValue).joined(separator: "."))
    }
    #expect(try text(Outer(), encoder) == #"{"items":[{"items.Index 0.value":1}]}"#)
  }
}

@Suite("Date, data and float encoding strategies")
struct EncoderValueStrategyTests {
  struct Stamp: Encodable { var at: Date }

  func encode(
    _ strategy: JSONKitEncoder.DateEncodingStrategy,
    _ date: Date = Date(timeIntervalSince1970: 1_700_000_000.5)
  ) throws -> String {
    var encoder = JSONKitEncoder()
    encoder.dateEncodingStrategy = strategy
    return try text(Stamp(at: date), encoder)
  }

  @Test("Every date strategy writes its format")
  func everyDateStrategyWritesItsFormat() throws {
    #expect(try encode(.deferredToDate) == #"{"at":721692800.5}"#)
    #expect(try encode(.secondsSince1970) == #"{"at":1700000000.5}"#)
    #expect(try encode(.millisecondsSince1970) == #"{"at":1700000000500}"#)
    #expect(
      try encode(.iso8601, Date(timeIntervalSince1970: 1_700_000_000))
        == #"{"at":"2023-11-14T22:13:20Z"}"#)
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(secondsFromGMT: 0)
    formatter.dateFormat = "yyyy"
    #expect(try encode(.formatted(formatter)) == #"{"at":"2023"}"#)
    #expect(try encode(.custom { _, _ in }) == #"{"at":{}}"#)
  }

  @Test("The ISO 8601 writing fast path agrees with Foundation's format style")
  func theISO8601WritingFastPathAgreesWithFoundationsFormatStyle() throws {
    var generator = SplitMix64(seed: 8601)
    var seconds: [Double] = [
      -11_676_096_000, -11_676_096_001, 253_402_300_799, 253_402_300_800, 0, -1, 951_782_400,
      1_700_000_000.5, -0.25,
    ]
    for _ in 0..<3000 {
      seconds.append(Double(Int64(generator.next() % 270_000_000_000) - 13_000_000_000))
    }
    for value in seconds {
      let date = Date(timeIntervalSince1970: value)
      #expect(InternetDateTime.format(date) == date.formatted(.iso8601), "\(value)")
    }
    // Both encoders, through the stream and through the tree.
    var encoder = JSONKitEncoder()
    encoder.dateEncodingStrategy = .iso8601
    let dates = seconds.prefix(9).map { Date(timeIntervalSince1970: $0) }
    let expected = "[" + dates.map { "\"\($0.formatted(.iso8601))\"" }.joined(separator: ",") + "]"
    #expect(String(decoding: try encoder.encode(dates), as: UTF8.self) == expected)
    encoder.outputFormatting = .sortedKeys
    #expect(String(decoding: try encoder.encode(dates), as: UTF8.self) == expected)
  }

  @Test("The formatted date writing fast path agrees with date formatter")
  func theFormattedDateWritingFastPathAgreesWithDateFormatter() throws {
    let patterns = [
      "EEE MMM dd HH:mm:ss Z yyyy", "yyyy-MM-dd'T'HH:mm:ss.SSSZZZZZ", "EEEE, d MMMM yyyy HH:mm",
      "dd/MM/yyyy", "yyyy-MM-dd'T'HH:mm:ssXXX", "M/d/y H:m:s", "'day' d 'of' MMM''yyyy",
      "'\\q\"' yyyy-MM-dd",
    ]
    var generator = SplitMix64(seed: 1582)
    for pattern in patterns {
      for offset in [0, 19800, -28800] {
        let formatter = posixDateFormatter(pattern, offset: offset)
        let format = try #require(FixedDateFormat(formatter), "\(pattern)")
        var seconds: [Double] = [
          -11_676_096_000, -11_676_096_001, 253_402_300_799, 253_402_300_800, 0, -1, -0.5, 0.001,
          -86_400.25, 1_700_000_000.123,
        ]
        for _ in 0..<150 {
          let value = Double(Int64(generator.next() % 270_000_000_000) - 13_000_000_000)
          seconds.append(value)
          seconds.append(value + Double(generator.next() % 1000) / 1000)
        }
        var written = 0
        for value in seconds {
          let date = Date(timeIntervalSince1970: value)
          guard let text = format.format(date) else { continue }
          written += 1
          #expect(text == formatter.string(from: date), "\(pattern) \(offset): \(value)")
        }
        #expect(written >= 140, "\(pattern) \(offset)")

        // Through both encoders, as Foundation's encoder writes them.
        let dates = seconds.prefix(24).map { Date(timeIntervalSince1970: $0) }
        let foundation = JSONEncoder()
        foundation.dateEncodingStrategy = .formatted(formatter)
        var encoder = JSONKitEncoder()
        encoder.dateEncodingStrategy = .formatted(formatter)
        let expected = try JSONParser.parse(foundation.encode(dates))
        #expect(try JSONParser.parse(encoder.encode(dates)) == expected, "\(pattern)")
        encoder.outputFormatting = .sortedKeys
        #expect(try JSONParser.parse(encoder.encode(dates)) == expected, "\(pattern)")
      }
    }
  }

  @Test("Every data strategy writes its format")
  func everyDataStrategyWritesItsFormat() throws {
    var encoder = JSONKitEncoder()
    #expect(try text(Data([1, 2, 3]), encoder) == #""AQID""#)
    encoder.dataEncodingStrategy = .deferredToData
    #expect(try text(Data([1, 2, 3]), encoder) == "[1,2,3]")
    encoder.dataEncodingStrategy = .custom { data, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(data.count)
    }
    #expect(try text([Data([1, 2, 3])], encoder) == "[3]")
  }

  @Test("URLs encode as strings")
  func urlsEncodeAsStrings() throws {
    var encoder = JSONKitEncoder()
    encoder.outputFormatting = .withoutEscapingSlashes
    #expect(
      try text([URL(string: "https://example.com/a?b=1")!], encoder)
        == #"["https://example.com/a?b=1"]"#)
  }
}

@Suite("Nested containers and super encoders")
struct EncoderNestingTests {
  @Test("A subclass encodes its superclass under super")
  func aSubclassEncodesItsSuperclassUnderSuper() throws {
    let dog = Models.Dog(name: "Lassie", breed: "collie")
    #expect(try text(dog) == #"{"breed":"collie","super":{"name":"Lassie"}}"#)
    #expect(try JSONParser.parse(try JSONKitEncoder().encode(dog)) == (try foundationJSON(dog)))
    let back = try JSONKitDecoder().decode(Models.Dog.self, from: try JSONKitEncoder().encode(dog))
    #expect(back.name == "Lassie" && back.breed == "collie")
  }

  @Test("A subclass may share its superclass's container")
  func aSubclassMayShareItsSuperclassesContainer() throws {
    let cat = Models.Cat(name: "Tom", lives: 9)
    #expect(try text(cat) == #"{"lives":9,"name":"Tom"}"#)
  }

  @Test("Super encoders that encode nothing leave an empty object")
  func superEncodersThatEncodeNothingLeaveAnEmptyObject() throws {
    struct Probe: Encodable {
      enum Keys: String, CodingKey { case a, b }
      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        _ = container.superEncoder(forKey: .a)
        try container.encode(1, forKey: .b)
        var list = container.nestedUnkeyedContainer(forKey: .a)
        try list.encode(0)
      }
    }
    // `a` keeps its place; the nested unkeyed container then replaces the empty object.
    #expect(try text(Probe()) == #"{"a":[0],"b":1}"#)
  }

  @Test("Unkeyed super encoders fill the next element")
  func unkeyedSuperEncodersFillTheNextElement() throws {
    struct Pair: Encodable {
      func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try Models.Friend(name: "A", age: 1).encode(to: container.superEncoder())
        try container.encode(2)
        let scalar = container.superEncoder()
        var single = scalar.singleValueContainer()
        try single.encode("x")
      }
    }
    #expect(try text(Pair()) == #"[{"name":"A","age":1},2,"x"]"#)
  }

  @Test("Nested containers are reused for the same key")
  func nestedContainersAreReusedForTheSameKey() throws {
    struct Probe: Encodable {
      enum Keys: String, CodingKey { case geo }
      enum GeoKeys: String, CodingKey { case lat, lng }
      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        var first = container.nestedContainer(keyedBy: GeoKeys.self, forKey: .geo)
        try first.encode(1, forKey: .lat)
        var second = container.nestedContainer(keyedBy: GeoKeys.self, forKey: .geo)
        try second.encode(2, forKey: .lng)
      }
    }
    #expect(try text(Probe()) == #"{"geo":{"lat":1,"lng":2}}"#)
  }

  @Test("Coding paths are reported while encoding")
  func codingPathsAreReportedWhileEncoding() throws {
    struct Leaf: Encodable {
      func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(encoder.codingPath.map(\.stringValue).joined(separator: "/"))
      }
    }
    struct Root: Encodable { var a = ["b": [Leaf(), Leaf()]] }
    #expect(try text(Root()) == #"{"a":{"b":["a\/b\/Index 0","a\/b\/Index 1"]}}"#)
  }
}
