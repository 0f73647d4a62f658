import Foundation
import TestInputs
import Testing

@testable import JSONKit
@testable import JSONKitCore

/// A value tree that encodes itself through every kind of container, so random trees drive
/// the one-pass encoder through nesting, optionals, nested containers and scalars of each type.
private indirect enum Node: Encodable {
  case int(Int)
  case int8(Int8)
  case uint64(UInt64)
  case double(Double)
  case float(Float)
  case bool(Bool)
  case string(String)
  case date(Date)
  case data(Data)
  case optional(Int?)
  case keyed([(String, Node)])
  case unkeyed([Node])
  /// A keyed container whose members sit in a nested keyed and a nested unkeyed container.
  case nested(String, [Node])

  struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  func encode(to encoder: any Encoder) throws {
    switch self {
    case .keyed(let members):
      var container = encoder.container(keyedBy: Key.self)
      for (name, node) in members {
        if case .optional(let value) = node {
          try container.encodeIfPresent(value, forKey: Key(name))
        } else {
          try container.encode(node, forKey: Key(name))
        }
      }
    case .unkeyed(let elements):
      var container = encoder.unkeyedContainer()
      for element in elements { try container.encode(element) }
    case .nested(let name, let elements):
      var container = encoder.container(keyedBy: Key.self)
      var inner = container.nestedContainer(keyedBy: Key.self, forKey: Key(name))
      var list = inner.nestedUnkeyedContainer(forKey: Key("items"))
      for element in elements { try list.encode(element) }
      try inner.encode(elements.count, forKey: Key("count"))
      try container.encode(true, forKey: Key("after"))
    default:
      var single = encoder.singleValueContainer()
      switch self {
      case .int(let value): try single.encode(value)
      case .int8(let value): try single.encode(value)
      case .uint64(let value): try single.encode(value)
      case .double(let value): try single.encode(value)
      case .float(let value): try single.encode(value)
      case .bool(let value): try single.encode(value)
      case .string(let value): try single.encode(value)
      case .date(let value): try single.encode(value)
      case .data(let value): try single.encode(value)
      case .optional(let value): try single.encode(value)
      default: preconditionFailure("containers are handled above")
      }
    }
  }

  static func random(depth: Int, using generator: inout SplitMix64) -> Node {
    let names = ["id", "name", "userName", "URLValue", "a", "é", "quote\"d", "x_y", "count2"]
    let pick = Int(generator.next() % (depth > 0 ? 14 : 10))
    switch pick {
    case 0: return .int(Int(truncatingIfNeeded: generator.next()))
    case 1: return .int8(Int8(truncatingIfNeeded: generator.next()))
    case 2: return .uint64(generator.next())
    case 3: return .double(Double(Int64(truncatingIfNeeded: generator.next())) / 997)
    case 4: return .float(Float(Int16(truncatingIfNeeded: generator.next())) / 8)
    case 5: return .bool(generator.next() & 1 == 0)
    case 6: return .string(names[Int(generator.next() % UInt64(names.count))] + "\u{1}\n")
    case 7: return .date(Date(timeIntervalSince1970: Double(generator.next() % 2_000_000_000)))
    case 8: return .data(Data((0..<Int(generator.next() % 5)).map { UInt8($0) }))
    case 9: return .optional(generator.next() & 1 == 0 ? nil : 7)
    case 10, 11:
      // Distinct names: a key written twice is its own test below.
      var used = Set<String>()
      var members: [(String, Node)] = []
      for _ in 0..<Int(generator.next() % 5) {
        let name = names[Int(generator.next() % UInt64(names.count))]
        if used.insert(name).inserted {
          members.append((name, Node.random(depth: depth - 1, using: &generator)))
        }
      }
      return .keyed(members)
    case 12:
      return .unkeyed(
        (0..<Int(generator.next() % 5)).map { _ in Node.random(depth: depth - 1, using: &generator)
        })
    default:
      let elements = (0..<Int(generator.next() % 3)).map { _ in
        Node.random(depth: depth - 1, using: &generator)
      }
      return .nested(names[Int(generator.next() % UInt64(names.count))], elements)
    }
  }
}

/// The text the tree encoder gives for `value`: the reference the one pass must match.
private func treeText<T: Encodable>(_ value: T, _ encoder: JSONKitEncoder) throws -> String {
  let json = try encoder.encodeToJSON(value)
  return String(
    decoding: JSONWriter(options: encoder.outputFormatting.writingOptions).data(json), as: UTF8.self
  )
}

/// The text of the one pass, or `nil` when it hands the value over to the tree encoder.
private func streamText<T: Encodable>(_ value: T, _ encoder: JSONKitEncoder) -> String? {
  guard let out = try? encoder.streamed(value) else { return nil }
  defer { out.deallocate() }
  return String(decoding: UnsafeBufferPointer(start: out.base, count: out.count), as: UTF8.self)
}

@Suite("Encoding in one pass")
struct StreamEncoderTests {
  @Test(
    "Random trees encode in one pass as the tree encoder does",
    arguments: [
      JSONKitEncoder.KeyEncodingStrategy.useDefaultKeys, .convertToSnakeCase,
    ])
  func randomTreesEncodeInOnePassAsTheTreeEncoderDoes(keys: JSONKitEncoder.KeyEncodingStrategy)
    throws
  {
    var random = SplitMix64(seed: 0x5EED)
    var encoder = JSONKitEncoder()
    encoder.keyEncodingStrategy = keys
    encoder.dateEncodingStrategy = .iso8601
    var streamed = 0
    for _ in 0..<400 {
      let node = Node.random(depth: 4, using: &random)
      let expected = try? treeText(node, encoder)
      let actual = streamText(node, encoder)
      if let actual {
        streamed += 1
        #expect(actual == expected)
      }
      // Whichever way it went, `encode(_:)` gives the tree encoder's text or its error.
      let public_ = try? String(decoding: encoder.encode(node), as: UTF8.self)
      #expect(public_ == expected)
    }
    // Nothing in these trees needs the tree encoder.
    #expect(streamed == 400)
  }

  @Test("The tweet and event models encode in one pass")
  func theTweetAndEventModelsEncodeInOnePass() throws {
    let friend = CodableTestModels.Friend(name: "Ada", age: 36)
    let encoder = JSONKitEncoder()
    #expect(
      streamText([friend, friend], encoder) == #"[{"name":"Ada","age":36},{"name":"Ada","age":36}]"#
    )
    #expect(streamText(["k": [1, 2]], encoder) == #"{"k":[1,2]}"#)
    #expect(streamText(Optional<Int>.none, encoder) == "null")
    #expect(streamText("top", encoder) == #""top""#)
  }

  @Test("What one pass cannot follow goes to the tree encoder")
  func whatOnePassCannotFollowGoesToTheTreeEncoder() throws {
    // Two coding keys that become one JSON key under snake case.
    struct TwiceKeyed: Encodable {
      var userName = 1
      var other = 2
      var user_name = 3
    }
    struct LateNested: Encodable {
      enum Keys: String, CodingKey { case inner, b }
      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        var inner = container.nestedUnkeyedContainer(forKey: .inner)
        try inner.encode(1)
        try container.encode(2, forKey: .b)
        try inner.encode(3)  // the enclosing object has moved on
      }
    }
    struct SingleTwice: Encodable {
      func encode(to encoder: any Encoder) throws {
        var single = encoder.singleValueContainer()
        try single.encode(1)
        try single.encode(2)
      }
    }
    struct Super: Encodable {
      enum Keys: String, CodingKey { case a, b }
      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        let sup = container.superEncoder(forKey: .a)
        try container.encode(1, forKey: .b)
        var single = sup.singleValueContainer()
        try single.encode("late")
      }
    }
    struct SnakeDictionary: Encodable { var userInfo = ["camelKey": 1] }

    var snake = JSONKitEncoder()
    snake.keyEncodingStrategy = .convertToSnakeCase
    let cases: [(any Encodable, JSONKitEncoder, String)] = [
      (TwiceKeyed(), snake, #"{"user_name":3,"other":2}"#),
      (LateNested(), JSONKitEncoder(), #"{"inner":[1,3],"b":2}"#),
      (Super(), JSONKitEncoder(), #"{"a":"late","b":1}"#),
      // Dictionary keys are data, not coding keys: Foundation leaves them as they are.
      (SnakeDictionary(), snake, #"{"user_info":{"camelKey":1}}"#),
    ]
    for (value, encoder, expected) in cases {
      #expect(streamText(value, encoder) == nil, "\(type(of: value))")
      #expect(try String(decoding: encoder.encode(value), as: UTF8.self) == expected)
      #expect(try treeText(value, encoder) == expected)
    }
    // Two single values: the one pass stops; the tree encoder gives its own answer.
    #expect(streamText(SingleTwice(), JSONKitEncoder()) == nil)
    #expect(
      (try? JSONKitEncoder().encode(SingleTwice()))
        == (try? treeText(SingleTwice(), JSONKitEncoder())).map { Data($0.utf8) })
  }

  @Test("Errors and non finite floats come from the tree encoder with their paths")
  func errorsAndNonFiniteFloatsComeFromTheTreeEncoderWithTheirPaths() throws {
    struct Failing: Encodable {
      struct Boom: Error {}
      enum Keys: String, CodingKey { case a }
      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(1, forKey: .a)
        throw Boom()
      }
    }
    #expect(throws: Failing.Boom.self) { try JSONKitEncoder().encode(Failing()) }

    let values = ["ok": [1.5, .infinity]]
    #expect(streamText(values, JSONKitEncoder()) == nil)
    do {
      _ = try JSONKitEncoder().encode(values)
      Issue.record("an infinity encoded without a strategy")
    } catch let EncodingError.invalidValue(_, context) {
      #expect(context.codingPath.map(\.stringValue) == ["ok", "Index 1"])
    }
    var named = JSONKitEncoder()
    named.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    #expect(try String(decoding: named.encode(values), as: UTF8.self) == #"{"ok":[1.5,"inf"]}"#)
    #expect(try String(decoding: named.encode([Float.nan]), as: UTF8.self) == #"["nan"]"#)
  }

  @Test("Encode runs the value once when the one pass succeeds")
  func encodeRunsTheValueOnceWhenTheOnePassSucceeds() throws {
    final class Counter: Encodable {
      var runs = 0
      func encode(to encoder: any Encoder) throws {
        runs += 1
        var single = encoder.singleValueContainer()
        try single.encode(runs)
      }
    }
    let counter = Counter()
    #expect(try String(decoding: JSONKitEncoder().encode([counter]), as: UTF8.self) == "[1]")
    #expect(counter.runs == 1)
    var bytes: [UInt8] = Array("x".utf8)
    try JSONKitEncoder().encode([counter], into: &bytes)
    #expect(String(decoding: bytes, as: UTF8.self) == "x[2]")
  }

  @Test("Pretty sorted and custom keys use the tree encoder")
  func prettySortedAndCustomKeysUseTheTreeEncoder() throws {
    for formatting: JSONKitEncoder.OutputFormatting in [.prettyPrinted, .sortedKeys] {
      var encoder = JSONKitEncoder()
      encoder.outputFormatting = formatting
      #expect(streamText(["b": 1], encoder) == nil)
    }
    var custom = JSONKitEncoder()
    custom.keyEncodingStrategy = .custom { path in path.last! }
    #expect(streamText(["b": 1], custom) == nil)
  }
}
