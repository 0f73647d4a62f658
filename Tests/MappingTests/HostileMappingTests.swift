import Foundation
import JSONKit
import Mapping
import Testing

/// One property of each kind, each mapped on its own so that a failure's path is known.
private enum Shade: String { case light, dark }

private struct Holder<T: MapValue>: Mappable {
  var value: T?
  init?(map: Map) {}
  mutating func mapping(map: Map) { value <- map["field"] }
}

private struct EnumHolder: Mappable {
  var value: Shade?
  init?(map: Map) {}
  mutating func mapping(map: Map) { value <- map["field"] }
}

private struct Node: Mappable {
  var name = ""
  var next: Node? {
    get { box.first }
    set { box = newValue.map { [$0] } ?? [] }
  }
  private var box: [Node] = []
  init?(map: Map) {}
  mutating func mapping(map: Map) {
    name <- map["name"]
    next <- map["next"]
  }
}

/// Every property type given every wrong JSON type: strict mapping fails with a type
/// error at `.field`, lenient mapping leaves the property unset and records that failure;
/// cyclic-looking data and huge arrays map without trouble.
@Suite("Hostile input: Mapping")
struct HostileMappingTests {
  static let numbers = [#"true"#, #""x""#, #"[]"#, #"{}"#]

  /// `paths` gives the failure's path where it is not `.field` (an element of a collection).
  static func check<T: MapValue>(
    _ type: T.Type, wrong values: [String], paths: [String: String] = [:]
  ) {
    for value in values {
      let path = paths[value] ?? ".field"
      let text = #"{"field": \#(value)}"#
      let json = JSON(parseJSON: text)
      #expect(json.error == nil)
      var strictError: MappingError?
      do {
        _ = try Mapper<Holder<T>>(strict: true).mapOrThrow(JSON: json)
      } catch {
        strictError = error
      }
      #expect(strictError != nil, "\(T.self) accepted \(value)")
      #expect(
        strictError?.pathDescription == path,
        "\(T.self) given \(value): \(String(describing: strictError))")
      #expect(strictError?.reason != .keyNotFound, "\(T.self) given \(value)")
      let (lenient, failures) = Mapper<Holder<T>>().mapWithFailures(JSON: json)
      #expect(lenient != nil && lenient?.value == nil, "\(T.self) given \(value)")
      #expect(failures.map(\.pathDescription) == [path], "\(T.self) given \(value)")
    }
  }

  @Test("Integers given wrong types fail with their path")
  func integersGivenWrongTypes() {
    Self.check(Int.self, wrong: Self.numbers + ["1.5", "1e400"])
    Self.check(Int8.self, wrong: Self.numbers + ["128", "-129"])
    Self.check(Int16.self, wrong: Self.numbers + ["32768"])
    Self.check(Int32.self, wrong: Self.numbers + ["2147483648"])
    Self.check(Int64.self, wrong: Self.numbers + ["9223372036854775808"])
    Self.check(UInt.self, wrong: Self.numbers + ["-1"])
    Self.check(UInt8.self, wrong: Self.numbers + ["256", "-1"])
    Self.check(UInt16.self, wrong: Self.numbers + ["65536"])
    Self.check(UInt32.self, wrong: Self.numbers + ["4294967296"])
    Self.check(UInt64.self, wrong: Self.numbers + ["18446744073709551616", "-1"])
  }

  @Test("Other scalars given wrong types fail with their path")
  func otherScalarsGivenWrongTypes() {
    Self.check(Double.self, wrong: Self.numbers)
    Self.check(Float.self, wrong: Self.numbers)
    Self.check(Decimal.self, wrong: [#"true"#, #"[]"#, #"{}"#])
    Self.check(Bool.self, wrong: [#""x""#, #"[]"#, #"{}"#])
    Self.check(String.self, wrong: [#"1"#, #"true"#, #"[]"#, #"{}"#])
  }

  @Test("Collections and models given wrong types fail with their path")
  func collectionsAndModelsGivenWrongTypes() {
    Self.check(
      [Int].self, wrong: [#"1"#, #""x""#, #"{}"#, #"[1, "2"]"#], paths: [#"[1, "2"]"#: ".field[1]"])
    Self.check(
      [String: Int].self, wrong: [#"1"#, #""x""#, #"[]"#, #"{"a": "b"}"#],
      paths: [#"{"a": "b"}"#: ".field.a"])
    Self.check(Set<String>.self, wrong: [#"1"#, #"{}"#, #"[1]"#], paths: [#"[1]"#: ".field[0]"])
    Self.check(Holder<Int>.self, wrong: [#"1"#, #""x""#, #"[]"#, #"true"#])
  }

  @Test("Enums given wrong values fail with their path")
  func enumsGivenWrongValues() throws {
    for value in [#""purple""#, #"1"#, #"[]"#, #"{}"#] {
      let json = JSON(parseJSON: #"{"field": \#(value)}"#)
      let error = #expect(throws: MappingError.self) {
        try Mapper<EnumHolder>(strict: true).mapOrThrow(JSON: json)
      }
      #expect(error?.pathDescription == ".field", "\(value)")
    }
  }

  @Test("Nested failures carry the full path")
  func nestedFailuresCarryTheFullPath() {
    let json = JSON(parseJSON: #"{"field": [{"field": 1}, {"field": "two"}]}"#)
    let error = #expect(throws: MappingError.self) {
      try Mapper<Holder<[Holder<Int>]>>(strict: true).mapOrThrow(JSON: json)
    }
    #expect(error?.pathDescription == ".field[1].field")
  }

  static func chain(_ depth: Int) -> String {
    var text = ""
    for i in 0..<depth { text += #"{"name": "n\#(i)", "next": "# }
    return text + "null" + String(repeating: "}", count: depth)
  }

  @Test("models nested past Map.maxModelDepth are a failure with a path, not a stack overflow")
  func modelsNestedTooDeep() {
    let error = #expect(throws: MappingError.self) {
      try Mapper<Node>(strict: true).mapOrThrow(JSONString: Self.chain(2_000))
    }
    #expect(error?.path.count == Map.maxModelDepth)
    #expect(error?.description.contains("nested more than 256 levels") == true)
    // Lenient: the first 256 levels are read and the failure is recorded.
    let (node, failures) = Mapper<Node>().mapWithFailures(JSON: JSON(parseJSON: Self.chain(5_000)))
    #expect(node?.name == "n0")
    #expect(failures.count == 1)
  }

  @Test("cyclic-looking data: the same shape nested level after level maps level by level")
  func cyclicLookingData() throws {
    let depth = Map.maxModelDepth
    let text = Self.chain(depth)
    let node = try Mapper<Node>().mapOrThrow(JSONString: text)
    var cursor: Node? = node
    var count = 0
    while let current = cursor {
      #expect(current.name == "n\(count)")
      count += 1
      cursor = current.next
    }
    #expect(count == depth)
    // A key path that names itself again and again is only a path.
    let json = JSON(parseJSON: #"{"a": {"a": {"a": {"a": 1}}}}"#)
    #expect(Map(mappingType: .fromJSON, JSON: json)["a.a.a.a"].currentValue as? Int == 1)
  }

  @Test("huge arrays: 1,000,000 integers and 100,000 models")
  func hugeArrays() throws {
    let ints = "[" + (0..<1_000_000).map(String.init).joined(separator: ",") + "]"
    let holder = try Mapper<Holder<[Int]>>(strict: true).mapOrThrow(
      JSONString: #"{"field": \#(ints)}"#)
    #expect(holder.value?.count == 1_000_000)
    #expect(holder.value?.last == 999_999)
    let models = "[" + (0..<100_000).map { #"{"field": \#($0)}"# }.joined(separator: ",") + "]"
    let mapped = try Mapper<Holder<Int>>(strict: true).mapArrayOrThrow(JSONString: models)
    #expect(mapped.count == 100_000)
    #expect(mapped[99_999].value == 99_999)
    // One bad element among them is reported with its index.
    let bad = models.replacingOccurrences(of: #"{"field": 54321}"#, with: #"{"field": "x"}"#)
    let error = #expect(throws: MappingError.self) {
      try Mapper<Holder<Int>>(strict: true).mapArrayOrThrow(JSONString: bad)
    }
    #expect(error?.pathDescription == "[54321].field")
  }
}
