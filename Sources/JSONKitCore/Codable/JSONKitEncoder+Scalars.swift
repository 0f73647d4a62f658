#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// Scalars, dates and data as `JSON` values, and the encoder's errors.

extension JSONKitEncoder {
  /// A scalar `value` of kind `kind` as the value both encoders write; `nil` for an infinity
  /// or NaN, which the strategy decides.
  @inline(__always)
  static func scalarJSON<T>(_ value: T, _ kind: ScalarKind) -> JSON? {
    switch kind {
    case .string: return JSON(cast(value, to: String.self))
    case .bool: return JSON(cast(value, to: Bool.self))
    // (Not `isFinite ? … : nil`: `JSON` is `ExpressibleByNilLiteral`, so that `nil` would
    // be `JSON.null`, not `Optional.none`.)
    case .double:
      let double = cast(value, to: Double.self)
      guard double.isFinite else { return Optional.none }
      return JSON(double)
    case .float:
      let float = cast(value, to: Float.self)
      guard float.isFinite else { return Optional.none }
      return floatJSON(float)
    case .int: return JSON(cast(value, to: Int.self))
    case .int8: return JSON(cast(value, to: Int8.self))
    case .int16: return JSON(cast(value, to: Int16.self))
    case .int32: return JSON(cast(value, to: Int32.self))
    case .int64: return JSON(cast(value, to: Int64.self))
    case .uint: return JSON(cast(value, to: UInt.self))
    case .uint8: return JSON(cast(value, to: UInt8.self))
    case .uint16: return JSON(cast(value, to: UInt16.self))
    case .uint32: return JSON(cast(value, to: UInt32.self))
    case .uint64: return JSON(cast(value, to: UInt64.self))
    }
  }

  /// A `Float` by its own shortest text (`0.1`), which reads back as the same `Float`;
  /// through `Double` it would be `0.10000000149011612`.
  static func floatJSON(_ value: Float) -> JSON {
    JSON(storage: .number(.text(value.description)))
  }
}

extension JSONKitEncoder.Impl {
  /// A scalar `value` of kind `kind` (reached through a generic `encode`).
  @inline(__always)
  func boxScalar<T>(_ value: T, _ kind: ScalarKind, base: PathBase, item: CodingPathItem?) throws
    -> JSON
  {
    // Safe: `scalarJSON` is `nil` only for a non-finite `double` or `float`, which the two cases
    // above take.
    switch kind {
    case .double: return try boxDouble(cast(value, to: Double.self), base: base, item: item)
    case .float: return try boxFloat(cast(value, to: Float.self), base: base, item: item)
    default: return JSONKitEncoder.scalarJSON(value, kind).unsafelyUnwrapped
    }
  }

  func boxDouble(_ value: Double, base: PathBase, item: CodingPathItem?) throws -> JSON {
    guard value.isFinite else { return try nonConforming(value, base: base, item: item) }
    return JSON(value)
  }

  func boxFloat(_ value: Float, base: PathBase, item: CodingPathItem?) throws -> JSON {
    guard value.isFinite else { return try nonConforming(value, base: base, item: item) }
    return JSONKitEncoder.floatJSON(value)
  }

  /// A 128-bit integer, exactly (as decimal text).
  static func boxWide(_ value: some FixedWidthInteger) -> JSON {
    if let small = Int64(exactly: value) { return JSON(small) }
    if let small = UInt64(exactly: value) { return JSON(small) }
    return JSON(storage: .number(.text(String(value))))
  }

  func nonConforming<F: BinaryFloatingPoint & Encodable>(
    _ value: F, base: PathBase, item: CodingPathItem?
  ) throws -> JSON {
    if case .convertToString(let positive, let negative, let nan) = options.floats {
      if value.isNaN { return JSON(nan) }
      return JSON(value > 0 ? positive : negative)
    }
    let items = base.items(path, appending: item)
    throw EncodingError.invalidValue(
      value,
      EncodingError.Context(
        codingPath: items.map(\.codingKey),
        debugDescription:
          "Cannot encode \(F.self) \(value) at \(CodingPathItem.render(items)): JSON has no infinities or NaN "
          + "(use nonConformingFloatEncodingStrategy = .convertToString(…))"))
  }

  func boxDate(_ date: Date, base: PathBase, item: CodingPathItem?) throws -> JSON {
    switch options.dates {
    case .deferredToDate:
      return try descend(base: base, item: item) { try date.encode(to: $0) } ?? [:]
    case .secondsSince1970:
      return try boxDouble(date.timeIntervalSince1970, base: base, item: item)
    case .millisecondsSince1970:
      return try boxDouble(1000 * date.timeIntervalSince1970, base: base, item: item)
    case .iso8601:
      return JSON(InternetDateTime.format(date))
    case .formatted(let formatter):
      return JSON(options.fixedDateFormat?.format(date) ?? formatter.string(from: date))
    case .custom(let closure):
      return try descend(base: base, item: item) { try closure(date, $0) } ?? [:]
    }
  }

  func boxData(_ data: Data, base: PathBase, item: CodingPathItem?) throws -> JSON {
    switch options.data {
    case .deferredToData:
      return try descend(base: base, item: item) { try data.encode(to: $0) } ?? [:]
    case .base64:
      return JSON(data.base64EncodedString())
    case .custom(let closure):
      return try descend(base: base, item: item) { try closure(data, $0) } ?? [:]
    }
  }
}
