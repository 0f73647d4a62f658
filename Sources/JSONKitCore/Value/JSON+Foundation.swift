#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// Building JSON values from Swift and Foundation values.

extension JSON {
  /// A string value.
  public init(_ value: String) { self.init(storage: .string(value)) }
  /// A boolean value.
  public init(_ value: Bool) { self.init(storage: .bool(value)) }
  /// An integer value.
  public init(_ value: Int) { self.init(storage: .number(.int(Int64(value)))) }
  /// A 64-bit integer value.
  public init(_ value: Int64) { self.init(storage: .number(.int(value))) }
  /// An unsigned 64-bit integer value, kept exactly above `Int64.max`.
  public init(_ value: UInt64) {
    self.init(storage: .number(value <= UInt64(Int64.max) ? .int(Int64(value)) : .uint(value)))
  }
  /// Any fixed-width integer, kept exactly.
  public init<T: FixedWidthInteger>(_ value: T) {
    if let i = Int64(exactly: value) {
      self.init(storage: .number(.int(i)))
    } else {
      self.init(storage: .number(.uint(UInt64(value))))
    }
  }
  /// A floating-point value.
  ///
  /// NaN and infinities are representable in memory but are
  /// written as `null` and ±1.7976931348623157e+308 (as jq does).
  public init(_ value: Double) { self.init(storage: .number(.double(value))) }
  /// A single-precision value, widened to `Double`.
  public init(_ value: Float) { self.init(storage: .number(.float(value))) }
  /// A decimal value, kept exactly as its text.
  public init(_ value: Decimal) {
    if value.isNaN {
      self.init(storage: .null)
    } else {
      self.init(storage: .number(.text(value.description)))
    }
  }

  /// An object with the members of `dictionary`, in the dictionary's iteration order.
  public init(dictionary: [String: JSON]) {
    let box = ObjectBox()
    for (key, value) in dictionary { box.set(key, value.detached) }
    self.init(storage: .object(box))
  }

  /// Converts Foundation and Swift values: `JSON`, `String`, `Bool`, integers, floating
  /// point, `Decimal`, `NSNumber`, `NSNull`, `URL` (as its string), `Data` holding JSON
  /// text (parsed), arrays, dictionaries with `String` keys, and optionals of these.
  ///
  /// Anything else becomes a value whose `error` is `.unsupportedType` and whose type is
  /// `.unknown` (as in SwiftyJSON); it is not equal to `JSON.null`.
  ///
  /// ```swift
  /// let json = JSON(["name": "Ada", "ids": [1, 2], "nick": NSNull()] as [String: Any])
  /// ```
  public init(_ object: Any) {
    self = JSON.convert(object)
  }

  package static func convert(_ object: Any) -> JSON {
    switch object {
    case let json as JSON: return json.detached
    case let s as String: return JSON(s)
    case let s as Substring: return JSON(String(s))
    case let url as URL: return JSON(url.absoluteString)
    case let data as Data:
      return (try? JSONParser.parse(data))
        ?? JSON(error: JSONError(.conversion(.unsupportedType("Data that is not JSON text"))))
    case let decimal as Decimal: return JSON(decimal)
    default: break
    }
    // Exact Swift numeric types before NSNumber, which would otherwise bridge them.
    let type = Swift.type(of: object)
    if type == Bool.self, let b = object as? Bool { return JSON(b) }
    if type == Int.self, let v = object as? Int { return JSON(v) }
    if type == Double.self, let v = object as? Double { return JSON(v) }
    if type == Float.self, let v = object as? Float { return JSON(v) }
    if type == Int8.self, let v = object as? Int8 { return JSON(v) }
    if type == Int16.self, let v = object as? Int16 { return JSON(v) }
    if type == Int32.self, let v = object as? Int32 { return JSON(v) }
    if type == Int64.self, let v = object as? Int64 { return JSON(v) }
    if type == UInt.self, let v = object as? UInt { return JSON(v) }
    if type == UInt8.self, let v = object as? UInt8 { return JSON(v) }
    if type == UInt16.self, let v = object as? UInt16 { return JSON(v) }
    if type == UInt32.self, let v = object as? UInt32 { return JSON(v) }
    if type == UInt64.self, let v = object as? UInt64 { return JSON(v) }
    // NSNumber, NSNull, NSDictionary: JSONKit, which has Foundation, converts them.
    if let foreign = object as? any FoundationJSONConvertible { return foreign.convertedJSON }
    if let array = object as? [Any] { return JSON(array: array.map(convert)) }
    // Members in key order: a Swift or Foundation dictionary has no order of its own, and
    // hash order would make the written text differ from run to run.
    if let dictionary = object as? [String: Any] {
      let box = ObjectBox()
      for (key, value) in dictionary.sorted(by: { $0.key < $1.key }) {
        box.set(key, convert(value))
      }
      return JSON(storage: .object(box))
    }
    let mirror = Mirror(reflecting: object)
    if mirror.displayStyle == .optional {
      guard let child = mirror.children.first else { return .null }
      return convert(child.value)
    }
    return JSON(error: JSONError(.conversion(.unsupportedType("\(type)"))))
  }
}
