import Foundation
import JSONKit

/// A type that `<-` and `>>>` can map directly: every standard scalar, `JSON`, the models
/// (`Mappable`, `StaticMappable`, `ImmutableMappable`), and arrays, sets, string-keyed
/// dictionaries and optionals of these, nested to any depth (`[[T]]`, `[String: [T]]`).
///
/// One generic pair of operators serves all of them; enums and transforms have their own
/// small set. Conform your own types when a transform would be a nuisance:
///
/// ```swift
/// extension Money: MapValue {
///   static func fromMapJSON(_ json: JSON, map: Map) throws(MappingError) -> Money { … }
///   func toMapJSON(map: Map) -> JSON { … }
/// }
/// ```
public protocol MapValue {
  /// Reads a value from `json`. Failures carry a path relative to `json`.
  static func fromMapJSON(_ json: JSONKit.JSON, map: Map) throws(MappingError) -> Self
  /// Reads a value from `json` into `existing`, for a map that updates an object
  /// (`map.toObject`): models update the instance they are given, optionals and
  /// dictionaries pass their current values on. The default reads a new value.
  static func fromMapJSON(_ json: JSONKit.JSON, map: Map, updating existing: Self)
    throws(MappingError) -> Self
  /// Writes this value.
  func toMapJSON(map: Map) -> JSONKit.JSON
  /// Appends this value's JSON text to the text that `map` writes (`Mapper.toJSONString`).
  ///
  /// The text must be what `JSONWriter()` writes for `toMapJSON(map:)`; the default writes
  /// exactly that. Models, collections and optionals write their parts straight to text.
  ///
  /// - Parameter map: the map whose current key (or element) is this value.
  /// - Returns: whether the value is `null` (a property that `toJSON` leaves out unless
  ///   `shouldIncludeNilValues`).
  func writeMapText(map: Map) -> Bool
  /// The value a missing key stands for: `nil` for `Optional` (a missing key then leaves
  /// the property alone instead of being a failure, and `map.value(_:)` returns `nil`),
  /// none for every other type. A static requirement rather than a dynamic cast, because
  /// it is asked for every property.
  static var mapValueWhenMissing: Self? { get }
}

extension MapValue {
  /// No value stands for a missing key.
  public static var mapValueWhenMissing: Self? { nil }

  /// Appends the text of `toMapJSON(map:)`.
  ///
  /// - Parameter map: the map whose current key (or element) is this value.
  /// - Returns: whether the value is `null`.
  public func writeMapText(map: Map) -> Bool {
    let json = toMapJSON(map: map)
    map.writeText(json)
    return json.type == .null
  }

  /// A new value: most types have nothing to update in place.
  public static func fromMapJSON(_ json: JSONKit.JSON, map: Map, updating existing: Self)
    throws(MappingError) -> Self
  {
    try fromMapJSON(json, map: map)
  }
}

// MARK: Scalars

extension String: MapValue {
  public static func fromMapJSON(_ json: JSONKit.JSON, map: Map) throws(MappingError) -> String {
    guard let s = json.string else { throw .mismatch(String.self, json) }
    return s
  }
  public func toMapJSON(map: Map) -> JSONKit.JSON { JSONKit.JSON(self) }
  /// Appends the quoted string, without making a `JSON` for it.
  ///
  /// - Parameter map: the map whose current key (or element) is this string.
  /// - Returns: `false`: a string is never `null`.
  public func writeMapText(map: Map) -> Bool {
    map.writeText(self)
    return false
  }
}

extension Bool: MapValue {
  public static func fromMapJSON(_ json: JSONKit.JSON, map: Map) throws(MappingError) -> Bool {
    guard let b = json.bool else { throw .mismatch(Bool.self, json) }
    return b
  }
  public func toMapJSON(map: Map) -> JSONKit.JSON { JSONKit.JSON(self) }
  /// Appends `true` or `false`, without making a `JSON` for it.
  ///
  /// - Parameter map: the map whose current key (or element) is this Boolean.
  /// - Returns: `false`: a Boolean is never `null`.
  public func writeMapText(map: Map) -> Bool {
    map.writeText(self)
    return false
  }
}

extension Double: MapValue {
  public static func fromMapJSON(_ json: JSONKit.JSON, map: Map) throws(MappingError) -> Double {
    guard json.type == .number else { throw .mismatch(Double.self, json) }
    guard let d = json.double else {
      throw MappingError(.numberOutOfRange(expected: "Double", preview: json.shortPreview))
    }
    return d
  }
  public func toMapJSON(map: Map) -> JSONKit.JSON { JSONKit.JSON(self) }
}

extension Float: MapValue {
  public static func fromMapJSON(_ json: JSONKit.JSON, map: Map) throws(MappingError) -> Float {
    guard json.type == .number else { throw .mismatch(Float.self, json) }
    guard let f = json.float else {
      throw MappingError(.numberOutOfRange(expected: "Float", preview: json.shortPreview))
    }
    return f
  }
  /// Kept as a `Float`: written as its shortest text (`0.1`, never `0.10000000149011612`),
  /// and `toJSON()` gives an `NSNumber` that casts back to `Float`, as ObjectMapper's does.
  public func toMapJSON(map: Map) -> JSONKit.JSON { JSONKit.JSON(self) }
}

extension Decimal: MapValue {
  /// Read exactly from the number's source text (or from a string that is a JSON number).
  ///
  /// A number with more significant digits than `Decimal` holds (38), or beyond its
  /// exponent range, is `numberOutOfRange`, never rounded.
  public static func fromMapJSON(_ json: JSONKit.JSON, map: Map) throws(MappingError) -> Decimal {
    let text: String
    switch json.type {
    case .number: text = json.stringValue
    case .string:
      text = json.stringValue
      // `Decimal(string:)` reads a prefix ("12abc" is 12, "-" is 0): accept only number text.
      guard JSONKit.JSON(parseJSON: text).type == .number,
        text.utf8.first.map(Decimal.startsNumber) == true,
        text.utf8.last.map(Decimal.endsNumber) == true
      else { throw .mismatch(Decimal.self, json) }
    default: throw .mismatch(Decimal.self, json)
    }
    guard let d = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")),
      Decimal.significantDigits(text) == Decimal.significantDigits(d.description)
    else { throw MappingError(.numberOutOfRange(expected: "Decimal", preview: json.shortPreview)) }
    return d
  }

  private static func startsNumber(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "-") || (48...57).contains(byte)
  }
  private static func endsNumber(_ byte: UInt8) -> Bool { (48...57).contains(byte) }

  /// The digits of a number's mantissa without leading or trailing zeros: equal for two
  /// texts of the same value when no digit was lost.
  private static func significantDigits(_ text: String) -> [UInt8] {
    let mantissa = text.utf8.prefix { $0 != UInt8(ascii: "e") && $0 != UInt8(ascii: "E") }
    var digits = mantissa.filter { (48...57).contains($0) }
    while digits.last == UInt8(ascii: "0") { digits.removeLast() }
    let start = digits.firstIndex { $0 != UInt8(ascii: "0") } ?? digits.endIndex
    return Array(digits[start...])
  }

  public func toMapJSON(map: Map) -> JSONKit.JSON { JSONKit.JSON(self) }
}

extension JSONKit.JSON: MapValue {
  public static func fromMapJSON(_ json: JSONKit.JSON, map: Map) throws(MappingError)
    -> JSONKit.JSON
  {
    json
  }
  public func toMapJSON(map: Map) -> JSONKit.JSON { self }
}

/// Integers read exactly: a fraction or a value outside the type's range is a failure,
/// never a truncation.
public protocol MapInteger: FixedWidthInteger, MapValue {}

extension MapInteger {
  public static func fromMapJSON(_ json: JSONKit.JSON, map: Map) throws(MappingError) -> Self {
    guard json.type == .number else { throw .mismatch(Self.self, json) }
    if let i = json.int64, let v = Self(exactly: i) { return v }
    if let u = json.uInt64, let v = Self(exactly: u) { return v }
    throw MappingError(.numberOutOfRange(expected: typeName(Self.self), preview: json.shortPreview))
  }
  public func toMapJSON(map: Map) -> JSONKit.JSON { JSONKit.JSON(self) }
  /// Appends the integer's digits, without making a `JSON` for it.
  ///
  /// - Parameter map: the map whose current key (or element) is this integer.
  /// - Returns: `false`: an integer is never `null`.
  public func writeMapText(map: Map) -> Bool {
    map.writeText(integer: self)
    return false
  }
}

extension Int: MapInteger {}
extension Int8: MapInteger {}
extension Int16: MapInteger {}
extension Int32: MapInteger {}
extension Int64: MapInteger {}
extension UInt: MapInteger {}
extension UInt8: MapInteger {}
extension UInt16: MapInteger {}
extension UInt32: MapInteger {}
extension UInt64: MapInteger {}

// MARK: Foundation objects

/// `[Any]` and `[String: Any]` properties (ObjectMapper's untyped JSON), mapped from and to
/// Foundation objects as JSONSerialization would produce them.
public protocol FoundationJSONObject {
  /// The Foundation form of `json` (`arrayObject` or `dictionaryObject`); `nil` when `json`
  /// is not of this shape.
  init?(foundationJSON json: JSONKit.JSON)
  /// This value as JSON, for writing.
  var foundationJSONValue: JSONKit.JSON { get }
}

extension Array: FoundationJSONObject where Element == Any {
  /// The array's Foundation form (`json.arrayObject`); `nil` when `json` is not an array.
  public init?(foundationJSON json: JSONKit.JSON) {
    guard let array = json.arrayObject else { return nil }
    self = array
  }
  /// The array as JSON, for writing.
  public var foundationJSONValue: JSONKit.JSON { JSONKit.JSON(self) }
}

extension Dictionary: FoundationJSONObject where Key == String, Value == Any {
  /// The object's Foundation form (`json.dictionaryObject`); `nil` when `json` is not an
  /// object.
  public init?(foundationJSON json: JSONKit.JSON) {
    guard let dictionary = json.dictionaryObject else { return nil }
    self = dictionary
  }
  /// The dictionary as JSON, for writing.
  public var foundationJSONValue: JSONKit.JSON { JSONKit.JSON(self) }
}
