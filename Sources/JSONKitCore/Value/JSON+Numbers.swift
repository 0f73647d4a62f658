#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// Numeric getters. The optional getters are exact: they return `nil` rather than truncate,
// round to another integer, or overflow (`1.5` has no `int`; `UInt64.max` has no `int` but
// has a `uInt64`). The `…Value` getters always return something, with SwiftyJSON's
// coercions: numeric strings are read, booleans are 1 and 0, doubles are truncated toward
// zero and clamped to the type's range, anything else is 0.

extension JSON {
  /// The number's text as parsed, when it is kept as text.
  @usableFromInline
  func withNumberText<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
    switch storage {
    case .node(let document, let slot):
      let tag = Slot.tag(slot)
      guard tag == Slot.numberTag || tag == Slot.longNumberTag else { return nil }
      return body(document.text(slot))
    case .number(.text(var text)):
      return text.withUTF8(body)
    default:
      return nil
    }
  }

  /// The exact value as `Int64`, when this is an integral number that fits.
  @usableFromInline
  package var exactInt64: Int64? {
    switch storage {
    case .number(.int(let i)): return i
    case .number(.uint(let u)): return Int64(exactly: u)
    case .number(.double(let d)): return Int64(exactly: d)
    case .number(.float(let f)): return Int64(exactly: f)
    default: return withNumberText { DecimalText($0)?.int64 } ?? nil
    }
  }

  /// The exact value as `UInt64`, when this is a non-negative integral number that fits.
  @usableFromInline
  package var exactUInt64: UInt64? {
    switch storage {
    case .number(.int(let i)): return UInt64(exactly: i)
    case .number(.uint(let u)): return u
    case .number(.double(let d)): return UInt64(exactly: d)
    case .number(.float(let f)): return UInt64(exactly: f)
    default: return withNumberText { DecimalText($0)?.uint64 } ?? nil
    }
  }

  /// The nearest `Double`; ±infinity when the text's magnitude is beyond `Double`'s range.
  @usableFromInline
  var nearestDouble: Double? {
    switch storage {
    case .number(.int(let i)): return Double(i)
    case .number(.uint(let u)): return Double(u)
    case .number(.double(let d)): return d
    case .number(.float(let f)): return NumberValue.widened(f)
    default:
      return withNumberText { text -> Double? in
        Double(String(decoding: text, as: UTF8.self))
      } ?? nil
    }
  }

  // MARK: Optional getters

  /// The number as `Double` (the nearest one), or `nil` when this is not a number or its
  /// magnitude exceeds `Double.greatestFiniteMagnitude`.
  ///
  /// Setting `nil` stores `null`.
  public var double: Double? {
    get {
      guard let d = nearestDouble else { return nil }
      if d.isInfinite, case .node = storage { return nil }
      return d
    }
    set { self = newValue.map { JSON($0) } ?? .null }
  }

  /// The number as `Float` (the nearest one), or `nil` when it is not a number or out of
  /// `Float`'s range.
  public var float: Float? {
    get {
      guard let d = double else { return nil }
      let f = Float(d)
      return f.isInfinite && !d.isInfinite ? nil : f
    }
    set { self = newValue.map { JSON(Double($0)) } ?? .null }
  }

  /// The number as `Int`, when it is integral and fits; never truncated.
  public var int: Int? {
    get { exactInt64.flatMap { Int(exactly: $0) } }
    set { self = newValue.map { JSON($0) } ?? .null }
  }

  /// The number as `Int8`, when it is integral and fits; never truncated or clamped.
  ///
  /// Setting `nil` stores `null`.
  public var int8: Int8? {
    get { exactInt64.flatMap { Int8(exactly: $0) } }
    set { self = newValue.map { JSON($0) } ?? .null }
  }

  /// The number as `Int16`, when it is integral and fits; never truncated or clamped.
  ///
  /// Setting `nil` stores `null`.
  public var int16: Int16? {
    get { exactInt64.flatMap { Int16(exactly: $0) } }
    set { self = newValue.map { JSON($0) } ?? .null }
  }

  /// The number as `Int32`, when it is integral and fits; never truncated or clamped.
  ///
  /// Setting `nil` stores `null`.
  public var int32: Int32? {
    get { exactInt64.flatMap { Int32(exactly: $0) } }
    set { self = newValue.map { JSON($0) } ?? .null }
  }

  /// The number as `Int64`, when it is integral and fits; never truncated or clamped.
  ///
  /// Setting `nil` stores `null`.
  public var int64: Int64? {
    get { exactInt64 }
    set { self = newValue.map { JSON($0) } ?? .null }
  }

  /// The number as `UInt`, when it is integral and fits; never truncated or clamped.
  ///
  /// Setting `nil` stores `null`.
  public var uInt: UInt? {
    get { exactUInt64.flatMap { UInt(exactly: $0) } }
    set { self = newValue.map { JSON($0) } ?? .null }
  }

  /// The number as `UInt8`, when it is integral and fits; never truncated or clamped.
  ///
  /// Setting `nil` stores `null`.
  public var uInt8: UInt8? {
    get { exactUInt64.flatMap { UInt8(exactly: $0) } }
    set { self = newValue.map { JSON($0) } ?? .null }
  }

  /// The number as `UInt16`, when it is integral and fits; never truncated or clamped.
  ///
  /// Setting `nil` stores `null`.
  public var uInt16: UInt16? {
    get { exactUInt64.flatMap { UInt16(exactly: $0) } }
    set { self = newValue.map { JSON($0) } ?? .null }
  }

  /// The number as `UInt32`, when it is integral and fits; never truncated or clamped.
  ///
  /// Setting `nil` stores `null`.
  public var uInt32: UInt32? {
    get { exactUInt64.flatMap { UInt32(exactly: $0) } }
    set { self = newValue.map { JSON($0) } ?? .null }
  }

  /// The number as `UInt64`, when it is integral and fits; never truncated or clamped.
  ///
  /// Setting `nil` stores `null`.
  public var uInt64: UInt64? {
    get { exactUInt64 }
    set { self = newValue.map { JSON($0) } ?? .null }
  }

  // MARK: Non-optional getters

  /// A `Double` for any number, numeric string (`"2.5"`) or boolean (1, 0); 0 otherwise.
  ///
  /// Magnitudes beyond `Double`'s range clamp to ±`greatestFiniteMagnitude`, as jq does.
  public var doubleValue: Double {
    get {
      let d: Double
      switch type {
      case .number: d = nearestDouble ?? 0
      case .bool: d = boolValue ? 1 : 0
      case .string: d = Double(stringValue.trimmingFoundationWhitespace) ?? 0
      default: d = 0
      }
      if d.isInfinite { return d < 0 ? -.greatestFiniteMagnitude : .greatestFiniteMagnitude }
      return d.isNaN ? 0 : d
    }
    set { self = JSON(newValue) }
  }

  /// A `Float` for any number, numeric string or boolean, clamped to `Float`'s finite
  /// range; 0 for anything else.
  public var floatValue: Float {
    get {
      let d = doubleValue
      if d > Double(Float.greatestFiniteMagnitude) { return .greatestFiniteMagnitude }
      if d < -Double(Float.greatestFiniteMagnitude) { return -.greatestFiniteMagnitude }
      return Float(d)
    }
    set { self = JSON(Double(newValue)) }
  }

  /// The exact integer when there is one (from a number or a numeric string), else the
  /// truncated and clamped value of `doubleValue`.
  package static func coercedInt64(_ json: JSON) -> Int64? {
    switch json.type {
    case .number: return json.exactInt64
    case .string: return DecimalText(json.stringValue.trimmingFoundationWhitespace).int64
    case .bool: return json.boolValue ? 1 : 0
    default: return nil
    }
  }

  static func coercedUInt64(_ json: JSON) -> UInt64? {
    switch json.type {
    case .number: return json.exactUInt64
    case .string: return DecimalText(json.stringValue.trimmingFoundationWhitespace).uint64
    case .bool: return json.boolValue ? 1 : 0
    default: return nil
    }
  }

  @usableFromInline
  func coerced<T: FixedWidthInteger>(_: T.Type) -> T {
    if T.isSigned, let i = JSON.coercedInt64(self) { return T(clamping: i) }
    if !T.isSigned, let u = JSON.coercedUInt64(self) { return T(clamping: u) }
    if !T.isSigned, let i = JSON.coercedInt64(self) { return T(clamping: i) }
    let d = doubleValue.rounded(.towardZero)
    if d >= Double(T.max) { return T.max }
    if d <= Double(T.min) { return T.min }
    return T(d)
  }

  /// An `Int` for any number, numeric string or boolean (1, 0), truncated toward zero
  /// and clamped to `Int`'s range; 0 for anything else.
  public var intValue: Int {
    get { coerced(Int.self) }
    set { self = JSON(newValue) }
  }

  /// An `Int8` for any number, numeric string or boolean (1, 0), truncated toward zero
  /// and clamped to `Int8`'s range; 0 for anything else.
  public var int8Value: Int8 {
    get { coerced(Int8.self) }
    set { self = JSON(newValue) }
  }

  /// An `Int16` for any number, numeric string or boolean (1, 0), truncated toward zero
  /// and clamped to `Int16`'s range; 0 for anything else.
  public var int16Value: Int16 {
    get { coerced(Int16.self) }
    set { self = JSON(newValue) }
  }

  /// An `Int32` for any number, numeric string or boolean (1, 0), truncated toward zero
  /// and clamped to `Int32`'s range; 0 for anything else.
  public var int32Value: Int32 {
    get { coerced(Int32.self) }
    set { self = JSON(newValue) }
  }

  /// An `Int64` for any number, numeric string or boolean (1, 0), truncated toward zero
  /// and clamped to `Int64`'s range; 0 for anything else.
  public var int64Value: Int64 {
    get { coerced(Int64.self) }
    set { self = JSON(newValue) }
  }

  /// A `UInt` for any number, numeric string or boolean (1, 0), truncated toward zero
  /// and clamped to `UInt`'s range; 0 for anything else.
  public var uIntValue: UInt {
    get { coerced(UInt.self) }
    set { self = JSON(newValue) }
  }

  /// A `UInt8` for any number, numeric string or boolean (1, 0), truncated toward zero
  /// and clamped to `UInt8`'s range; 0 for anything else.
  public var uInt8Value: UInt8 {
    get { coerced(UInt8.self) }
    set { self = JSON(newValue) }
  }

  /// A `UInt16` for any number, numeric string or boolean (1, 0), truncated toward zero
  /// and clamped to `UInt16`'s range; 0 for anything else.
  public var uInt16Value: UInt16 {
    get { coerced(UInt16.self) }
    set { self = JSON(newValue) }
  }

  /// A `UInt32` for any number, numeric string or boolean (1, 0), truncated toward zero
  /// and clamped to `UInt32`'s range; 0 for anything else.
  public var uInt32Value: UInt32 {
    get { coerced(UInt32.self) }
    set { self = JSON(newValue) }
  }

  /// A `UInt64` for any number, numeric string or boolean (1, 0), truncated toward zero
  /// and clamped to `UInt64`'s range; 0 for anything else.
  public var uInt64Value: UInt64 {
    get { coerced(UInt64.self) }
    set { self = JSON(newValue) }
  }
}
