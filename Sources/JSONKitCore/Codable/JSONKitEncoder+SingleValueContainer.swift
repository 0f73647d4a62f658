#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension JSONKitEncoder {
  /// `SingleValueEncodingContainer`: sets the encoder's value.
  struct SingleValueContainer: SingleValueEncodingContainer {
    let encoder: Impl

    var codingPath: [any CodingKey] { encoder.codingPath }

    var base: PathBase { .shared(encoder.path.count) }

    @inline(__always)
    func set(_ json: JSON) { encoder.set(.value(json)) }

    mutating func encodeNil() throws { set(.null) }
    mutating func encode(_ value: Bool) throws { set(JSON(value)) }
    mutating func encode(_ value: String) throws { set(JSON(value)) }
    mutating func encode(_ value: Double) throws {
      set(try encoder.boxDouble(value, base: base, item: nil))
    }
    mutating func encode(_ value: Float) throws {
      set(try encoder.boxFloat(value, base: base, item: nil))
    }
    mutating func encode(_ value: Int) throws { set(JSON(value)) }
    mutating func encode(_ value: Int8) throws { set(JSON(value)) }
    mutating func encode(_ value: Int16) throws { set(JSON(value)) }
    mutating func encode(_ value: Int32) throws { set(JSON(value)) }
    mutating func encode(_ value: Int64) throws { set(JSON(value)) }
    mutating func encode(_ value: Int128) throws { set(Impl.boxWide(value)) }
    mutating func encode(_ value: UInt) throws { set(JSON(value)) }
    mutating func encode(_ value: UInt8) throws { set(JSON(value)) }
    mutating func encode(_ value: UInt16) throws { set(JSON(value)) }
    mutating func encode(_ value: UInt32) throws { set(JSON(value)) }
    mutating func encode(_ value: UInt64) throws { set(JSON(value)) }
    mutating func encode(_ value: UInt128) throws { set(Impl.boxWide(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
      set(try encoder.box(value, base: base, item: nil))
    }
  }
}
