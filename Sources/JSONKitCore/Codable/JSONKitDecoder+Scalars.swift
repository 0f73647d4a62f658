#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// Reading scalars from a `JSON` value, exactly. Parsed values are read from their tape slot
// and source text (inline integers directly); values built in code from their storage.
// Failures are a small typed error so that the hot path allocates nothing; containers turn
// them into `DecodingError`s with the path only when they happen.

/// Why a scalar could not be read.
enum ScalarFailure: Error {
  /// The value has another JSON type (a `null` is reported as `valueNotFound`).
  case wrongType
  /// The value is a number that the type cannot hold exactly.
  case doesNotFit
}

extension JSONKitDecoder.Impl {
  static func isNull(_ json: JSON) -> Bool {
    switch json.storage {
    case .null, .invalid: return true
    default: return false
    }
  }

  // Readers of a parsed slot take the document's `bytes`, read once by the caller (see
  // `JSONDocument.codableText`).

  @inline(__always)
  static func string(_ document: JSONDocument, _ bytes: UnsafePointer<UInt8>, _ slot: UInt64)
    -> String?
  {
    let tag = Slot.tag(slot)
    guard tag == Slot.stringTag || tag == Slot.longStringTag else { return nil }
    return String(decoding: document.codableText(slot, bytes: bytes), as: UTF8.self)
  }

  @inline(__always)
  static func requireString(_ document: JSONDocument, _ bytes: UnsafePointer<UInt8>, _ slot: UInt64)
    throws(ScalarFailure) -> String
  {
    guard let s = string(document, bytes, slot) else { throw .wrongType }
    return s
  }

  static func string(_ json: JSON) -> String? {
    switch json.storage {
    case .node(let document, let slot):
      return string(document, UnsafePointer(document.bytes), slot)
    case .string(let s):
      return s
    default:
      return nil
    }
  }

  static func requireString(_ json: JSON) throws(ScalarFailure) -> String {
    guard let s = string(json) else { throw .wrongType }
    return s
  }

  static func bool(_ json: JSON) -> Bool? {
    if case .bool(let b) = json.storage { return b }
    return nil
  }

  static func requireBool(_ json: JSON) throws(ScalarFailure) -> Bool {
    guard case .bool(let b) = json.storage else { throw .wrongType }
    return b
  }

  @inline(__always)
  static func requireBool(_ document: JSONDocument, _ bytes: UnsafePointer<UInt8>, _ slot: UInt64)
    throws(ScalarFailure) -> Bool
  {
    if slot == Slot.true { return true }
    if slot == Slot.false { return false }
    throw .wrongType
  }

  /// An exact integer from a parsed slot: inline integers directly, others from their text.
  @inline(__always)
  static func integer<I: FixedWidthInteger>(
    _ document: JSONDocument, _ bytes: UnsafePointer<UInt8>, _ slot: UInt64, as type: I.Type
  ) throws(ScalarFailure) -> I {
    let tag = Slot.tag(slot)
    if tag == Slot.intTag {
      guard let v = I(exactly: Slot.intValue(slot)) else { throw .doesNotFit }
      return v
    }
    guard tag == Slot.numberTag || tag == Slot.longNumberTag else { throw .wrongType }
    return try integer(text: document.codableText(slot, bytes: bytes), as: I.self)
  }

  /// The number's exact value as `I`: integral numbers only (`2.0` and `1e2` are integral),
  /// never truncated or wrapped.
  static func integer<I: FixedWidthInteger>(_ json: JSON, as type: I.Type) throws(ScalarFailure)
    -> I
  {
    switch json.storage {
    case .number(.int(let i)):
      guard let v = I(exactly: i) else { throw .doesNotFit }
      return v
    case .node(let document, let slot):
      return try integer(document, UnsafePointer(document.bytes), slot, as: I.self)
    case .number(.uint(let u)):
      guard let v = I(exactly: u) else { throw .doesNotFit }
      return v
    case .number(.double(let d)):
      guard d.isFinite, let v = I(exactly: d) else { throw .doesNotFit }
      return v
    case .number(.float(let f)):
      guard f.isFinite, let v = I(exactly: f) else { throw .doesNotFit }
      return v
    case .number(.text(var text)):
      // `withUTF8` rethrows untyped errors: carry the typed one out in a `Result`.
      return try text.withUTF8 { bytes in
        Result { () throws(ScalarFailure) in try integer(text: bytes, as: I.self) }
      }.get()
    default:
      throw .wrongType
    }
  }

  /// Reads an integer from a number's JSON text: a plain run of digits directly, with
  /// overflow checks; fractions and exponents through `DecimalText`.
  @inline(__always)
  static func integer<I: FixedWidthInteger>(text: UnsafeBufferPointer<UInt8>, as type: I.Type)
    throws(ScalarFailure) -> I
  {
    // Safe: every read of `text` is behind `i < n` (`n > 0` for the first byte), `n` being its
    // count.
    let n = text.count
    var i = 0
    let negative = n > 0 && text[0] == 0x2D
    if negative { i = 1 }
    var value: I = 0
    while i < n {
      let digit = text[i] &- 0x30
      guard digit < 10 else { return try integer(decimal: text, as: I.self) }
      let (m, o1) = value.multipliedReportingOverflow(by: 10)
      let (a, o2) =
        negative ? m.subtractingReportingOverflow(I(digit)) : m.addingReportingOverflow(I(digit))
      if o1 || o2 { throw .doesNotFit }
      value = a
      i &+= 1
    }
    return value
  }

  /// The slow path of `integer(text:as:)`: `1.0`, `1e2`, `12.5e1`.
  static func integer<I: FixedWidthInteger>(
    decimal text: UnsafeBufferPointer<UInt8>, as type: I.Type
  ) throws(ScalarFailure) -> I {
    guard let decimal = DecimalText(text) else { throw .doesNotFit }
    if decimal.isZero { return 0 }
    // `digits` has no trailing zeros, so a negative exponent means a fraction.
    guard decimal.exponent >= 0, decimal.digits.count + decimal.exponent <= 40 else {
      throw .doesNotFit
    }
    var value: I = 0
    for k in 0..<(decimal.digits.count + decimal.exponent) {
      let digit = k < decimal.digits.count ? I(decimal.digits[k]) : 0
      let (m, o1) = value.multipliedReportingOverflow(by: 10)
      let (a, o2) =
        decimal.negative ? m.subtractingReportingOverflow(digit) : m.addingReportingOverflow(digit)
      if o1 || o2 { throw .doesNotFit }
      value = a
    }
    return value
  }

  /// The nearest `Double` of a parsed slot.
  @inline(__always)
  func double(_ document: JSONDocument, _ bytes: UnsafePointer<UInt8>, _ slot: UInt64)
    throws(ScalarFailure) -> Double
  {
    let tag = Slot.tag(slot)
    if tag == Slot.intTag { return Double(Slot.intValue(slot)) }
    if tag == Slot.numberTag || tag == Slot.longNumberTag {
      guard let d = Double(Self.numberString(document.codableText(slot, bytes: bytes))), d.isFinite
      else { throw .doesNotFit }
      return d
    }
    return try nonConforming(JSON(document: document, slot: slot), Double.self)
  }

  /// The nearest `Float` of a parsed slot.
  @inline(__always)
  func float(_ document: JSONDocument, _ bytes: UnsafePointer<UInt8>, _ slot: UInt64)
    throws(ScalarFailure) -> Float
  {
    let tag = Slot.tag(slot)
    if tag == Slot.intTag { return Float(Slot.intValue(slot)) }
    if tag == Slot.numberTag || tag == Slot.longNumberTag {
      guard let f = Float(Self.numberString(document.codableText(slot, bytes: bytes))), f.isFinite
      else { throw .doesNotFit }
      return f
    }
    return try nonConforming(JSON(document: document, slot: slot), Float.self)
  }

  /// The nearest `Double`; numbers beyond its range do not fit.
  ///
  /// Strings are read only as
  /// the non-conforming float strategy's names.
  func double(_ json: JSON) throws(ScalarFailure) -> Double {
    switch json.storage {
    case .number(.int(let i)): return Double(i)
    case .node(let document, let slot):
      return try double(document, UnsafePointer(document.bytes), slot)
    case .number(.uint(let u)): return Double(u)
    case .number(.double(let d)): return d
    case .number(.float(let f)): return NumberValue.widened(f)
    case .number(.text(let text)):
      guard let d = Double(text), d.isFinite else { throw .doesNotFit }
      return d
    default: break
    }
    return try nonConforming(json, Double.self)
  }

  /// The nearest `Float`, read from the source text (not through `Double`, which could
  /// round twice).
  func float(_ json: JSON) throws(ScalarFailure) -> Float {
    switch json.storage {
    case .number(.int(let i)): return Float(i)
    case .node(let document, let slot):
      return try float(document, UnsafePointer(document.bytes), slot)
    case .number(.uint(let u)): return Float(u)
    case .number(.double(let d)):
      let f = Float(d)
      if f.isInfinite && d.isFinite { throw .doesNotFit }
      return f
    case .number(.float(let f)): return f
    case .number(.text(let text)):
      guard let f = Float(text), f.isFinite else { throw .doesNotFit }
      return f
    default: break
    }
    return try nonConforming(json, Float.self)
  }

  /// ±∞ or NaN from a string, under `.convertFromString`.
  func nonConforming<F: BinaryFloatingPoint>(_ json: JSON, _ type: F.Type) throws(ScalarFailure)
    -> F
  {
    guard case .convertFromString(let positive, let negative, let nan) = options.floats,
      let s = Self.string(json)
    else { throw .wrongType }
    if s == positive { return .infinity }
    if s == negative { return -.infinity }
    if s == nan { return .nan }
    throw .wrongType
  }

  /// A number's text as a `String` (small numbers fit in a small string: no allocation).
  @inline(__always)
  static func numberString(_ text: UnsafeBufferPointer<UInt8>) -> String {
    String(decoding: text, as: UTF8.self)
  }

  static let posix = Locale(identifier: "en_US_POSIX")

  /// The exact `Decimal` of a number: from its source text, never through `Double`.
  ///
  /// Numbers with more than 38 significant digits or beyond `Decimal`'s exponent range
  /// do not fit.
  static func decimal(_ json: JSON) throws(ScalarFailure) -> Decimal {
    switch json.storage {
    case .number(.int(let i)): return Decimal(i)
    case .number(.uint(let u)): return Decimal(u)
    case .number(.double(let d)):
      guard d.isFinite, let decimal = Decimal(string: Emitter.format(d), locale: posix) else {
        throw .doesNotFit
      }
      return decimal
    case .number(.float(let f)):
      guard f.isFinite, let decimal = Decimal(string: f.description, locale: posix) else {
        throw .doesNotFit
      }
      return decimal
    case .number(.text(var text)):
      return try text.withUTF8 { bytes in
        Result { () throws(ScalarFailure) in try decimal(text: bytes) }
      }.get()
    case .node(let document, let slot):
      let tag = Slot.tag(slot)
      guard tag == Slot.numberTag || tag == Slot.longNumberTag else { throw .wrongType }
      return try decimal(text: document.text(slot))
    default:
      throw .wrongType
    }
  }

  static func decimal(text: UnsafeBufferPointer<UInt8>) throws(ScalarFailure) -> Decimal {
    guard let exact = DecimalText(text), exact.digits.count <= 38,
      let decimal = Decimal(string: numberString(text), locale: posix),
      exact.isZero == decimal.isZero
    else { throw .doesNotFit }
    return decimal
  }
}
