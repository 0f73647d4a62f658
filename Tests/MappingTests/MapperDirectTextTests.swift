import Foundation
import JSONKit
import Mapping
import TestInputs
import Testing

/// `toJSONString` writes integers, Booleans and dates without a `JSON` value each, and each
/// model type's keys are escaped once and copied afterwards: the text must stay the tree's,
/// byte for byte, whatever the values and however the keys change from object to object.
@Suite("Scalars and keys written straight to text give the tree's text")
struct MapperDirectTextTests {
  /// Every integer width, Booleans and dates, alone, optional and in arrays.
  struct Widths: Mappable {
    var int8: Int8 = 0
    var int16: Int16 = 0
    var int32: Int32 = 0
    var int64: Int64 = 0
    var int = 0
    var uint8: UInt8 = 0
    var uint16: UInt16 = 0
    var uint32: UInt32 = 0
    var uint64: UInt64 = 0
    var uint: UInt = 0
    var flag = false
    var maybe: Int?
    var flags: [Bool] = []
    var bigs: [UInt64] = []
    var date = Date(timeIntervalSince1970: 0)
    var milliseconds = Date(timeIntervalSince1970: 0)

    init() {}
    init?(map: Map) {}

    mutating func mapping(map: Map) {
      int8 <- map["int8"]
      int16 <- map["int16"]
      int32 <- map["int32"]
      int64 <- map["int64"]
      int <- map["int"]
      uint8 <- map["uint8"]
      uint16 <- map["uint16"]
      uint32 <- map["uint32"]
      uint64 <- map["uint64"]
      uint <- map["uint"]
      flag <- map["flag"]
      maybe <- map["maybe"]
      flags <- map["flags"]
      bigs <- map["bigs"]
      date <- (map["date"], ISO8601DateTransform())
      milliseconds <- (map["ms"], ISO8601DateTransform(fractionalSeconds: true))
    }

    /// A model whose integers are drawn near their bounds as often as anywhere.
    static func random(using random: inout SplitMix64) -> Widths {
      func draw<I: FixedWidthInteger>(_: I.Type) -> I {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: I.min
        case 1: I.max
        case 2: I(truncatingIfNeeded: random.next())
        default: I(truncatingIfNeeded: Int.random(in: -9...9, using: &random))
        }
      }
      var model = Widths()
      model.int8 = draw(Int8.self)
      model.int16 = draw(Int16.self)
      model.int32 = draw(Int32.self)
      model.int64 = draw(Int64.self)
      model.int = draw(Int.self)
      model.uint8 = draw(UInt8.self)
      model.uint16 = draw(UInt16.self)
      model.uint32 = draw(UInt32.self)
      model.uint64 = draw(UInt64.self)
      model.uint = draw(UInt.self)
      model.flag = Bool.random(using: &random)
      model.maybe = Bool.random(using: &random) ? draw(Int.self) : nil
      model.flags = (0..<Int.random(in: 0...3, using: &random)).map { _ in
        Bool.random(using: &random)
      }
      model.bigs = (0..<Int.random(in: 0...3, using: &random)).map { _ in draw(UInt64.self) }
      // From before year 1 to past year 9999: the expanded years' signs and widths.
      let seconds = Double.random(in: -70_000_000_000...300_000_000_000, using: &random)
      model.date = Date(timeIntervalSince1970: seconds.rounded(.down))
      model.milliseconds = Date(timeIntervalSince1970: seconds)
      return model
    }
  }

  /// Keys a writer escapes (quote, backslash, control characters, DEL) and non-ASCII keys,
  /// some of them left out when `nil`, so that the key list changes between objects.
  struct OddKeys: Mappable {
    var quote = 0
    var backslash: String?
    var control = true
    var accent: Int?
    var wide = ""
    var plain: Bool?

    init() {}
    init?(map: Map) {}

    mutating func mapping(map: Map) {
      quote <- map["say \"hi\""]
      backslash <- map["C:\\dir"]
      control <- map["tab\there\u{1}\u{7f}"]
      accent <- map["Zoë"]
      wide <- map["日本🎉"]
      plain <- map["plain"]
    }

    static func random(using random: inout SplitMix64) -> OddKeys {
      var model = OddKeys()
      model.quote = Int.random(in: -5...5, using: &random)
      model.backslash = Bool.random(using: &random) ? "a\\b" : nil
      model.control = Bool.random(using: &random)
      model.accent = Bool.random(using: &random) ? 7 : nil
      model.wide = Bool.random(using: &random) ? "\u{2028}" : "x"
      model.plain = Bool.random(using: &random) ? true : nil
      return model
    }
  }

  /// Two model types written in turn by the same nested map, each with its own keys.
  struct Pair: Mappable {
    var widths = Widths()
    var odd = OddKeys()
    var more: [OddKeys] = []

    init() {}
    init?(map: Map) {}

    mutating func mapping(map: Map) {
      widths <- map["widths"]
      odd <- map["odd"]
      more <- map["more"]
    }
  }

  /// Expects `toJSONString` and `toJSONBytes` of `models` to be the tree's text.
  static func expectTreeText<M: BaseMappable>(
    _ models: [M], _ mapper: Mapper<M> = Mapper<M>(),
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let tree = MapperTextOutputTests.treeText(models, mapper)
    #expect(mapper.toJSONString(models) == tree, sourceLocation: sourceLocation)
    #expect(mapper.toJSONBytes(models) == Array(tree.utf8), sourceLocation: sourceLocation)
  }

  /// A generator for the test `name`, whose seed is printed for a rerun.
  static func generator(_ name: String, seed: UInt64) -> SplitMix64 {
    print("MapperDirectTextTests.\(name) seed \(seed)")
    return SplitMix64(seed: seed)
  }

  @Test("Integers of every width at their bounds, Booleans and far dates give the tree's text")
  func widths() {
    var random = Self.generator("widths", seed: 0x79_1d70)
    let models = (0..<200).map { _ in Widths.random(using: &random) }
    Self.expectTreeText(models)
    Self.expectTreeText(models, Mapper(shouldIncludeNilValues: true))
  }

  @Test("The bounds of the widest integers are written in full")
  func bounds() {
    var model = Widths()
    model.int64 = .min
    model.uint64 = .max
    model.bigs = [0, .max]
    model.date = Date(timeIntervalSince1970: 253_402_300_800)  // 10000-01-01
    let text = Mapper<Widths>().toJSONString(model) ?? ""
    #expect(text.contains(#""int64":-9223372036854775808,"#))
    #expect(text.contains(#""uint64":18446744073709551615,"#))
    #expect(text.contains(#""bigs":[0,18446744073709551615]"#))
    #expect(text.contains(#""date":"+10000-01-01T00:00:00Z""#))
    Self.expectTreeText([model])
  }

  @Test("Keys that need escapes, and key lists that change between objects, give the tree's text")
  func oddKeys() {
    var random = Self.generator("oddKeys", seed: 0x0dd_7e75)
    let models = (0..<80).map { _ in OddKeys.random(using: &random) }
    for mapper in [Mapper<OddKeys>(), Mapper(shouldIncludeNilValues: true)] {
      Self.expectTreeText(models, mapper)
    }
    let text = Mapper<OddKeys>().toJSONString(OddKeys()) ?? ""
    #expect(text.hasPrefix(#"{"say \"hi\"":0,"tab\there\u0001\u007f":true,"#), "\(text)")
  }

  @Test("Two model types written in turn by one nested map keep their own keys")
  func alternatingTypes() {
    var random = Self.generator("alternatingTypes", seed: 0x9a1_2026)
    let pairs = (0..<40).map { _ in
      var pair = Pair()
      pair.widths = Widths.random(using: &random)
      pair.odd = OddKeys.random(using: &random)
      pair.more = (0..<Int.random(in: 0...3, using: &random)).map { _ in
        OddKeys.random(using: &random)
      }
      return pair
    }
    Self.expectTreeText(pairs)
  }

  @Test("Dates from before year 1 to past year 9999 are written as text that reads back")
  func datesReadBack() {
    var random = Self.generator("datesReadBack", seed: 0xda7e_5)
    let whole = ISO8601DateTransform()
    let fractional = ISO8601DateTransform(fractionalSeconds: true)
    for _ in 0..<500 {
      let seconds = Double(Int64.random(in: -3_000_000_000_000...3_000_000_000_000, using: &random))
      let date = Date(timeIntervalSince1970: seconds)
      let text = whole.transformToJSON(date)
      #expect(text.flatMap(whole.transformFromJSON) == date, "\(text ?? "nil")")
      let withMilliseconds = Date(timeIntervalSince1970: seconds + 0.25)
      let fractionText = fractional.transformToJSON(withMilliseconds)
      #expect(fractionText?.hasSuffix(".250Z") == true, "\(fractionText ?? "nil")")
      #expect(fractionText.flatMap(fractional.transformFromJSON) == withMilliseconds)
    }
  }

  @Test("toJSON's dictionary holds the value of toJSONString's text, keys sorted alike")
  func toJSONHoldsTheSameValue() throws {
    var random = Self.generator("toJSONHoldsTheSameValue", seed: 0x70_150)
    let sorted = JSONWriter(options: .sortedKeys)
    for _ in 0..<40 {
      // `[String: Any]` has no key order: compare the texts with their keys sorted.
      let event = TextModels.Event.random(using: &random)
      let mapper = Mapper<TextModels.Event>()
      let text = try #require(mapper.toJSONString(event))
      #expect(sorted.string(JSON(mapper.toJSON(event))) == sorted.string(JSON(parseJSON: text)))
    }
  }

  /// Dates the direct writers leave to the transform's own `JSON`.
  struct LeftDates: Mappable {
    static let slashes = CustomDateFormatTransform(formatString: "yyyy/MM/dd HH:mm")
    static let plain = CustomDateFormatTransform(formatString: "EEE MMM dd HH:mm:ss Z yyyy")
    var iso: Date?
    var formatted: Date?
    var slashed: Date?

    init?(map: Map) {}
    init(_ date: Date) {
      (iso, formatted, slashed) = (date, date, date)
    }

    mutating func mapping(map: Map) {
      iso <- (map["iso"], ISO8601DateTransform())
      formatted <- (map["formatted"], Self.plain)
      slashed <- (map["slashed"], Self.slashes)
    }
  }

  @Test("Dates the direct writers leave (not finite, before 1600, a slash) give the tree's text")
  func leftDates() {
    let dates = [
      Date(timeIntervalSinceReferenceDate: .nan), Date(timeIntervalSince1970: -15_000_000_000),
      Date(timeIntervalSince1970: 1_400_000_000), Date(timeIntervalSince1970: 0.5),
    ]
    let models = dates.map(LeftDates.init)
    for mapper in [Mapper<LeftDates>(), Mapper(shouldIncludeNilValues: true)] {
      Self.expectTreeText(models, mapper)
    }
    let text = Mapper<LeftDates>().toJSONString(models[0]) ?? ""
    #expect(!text.contains(#""iso""#), "\(text)")
  }
}
