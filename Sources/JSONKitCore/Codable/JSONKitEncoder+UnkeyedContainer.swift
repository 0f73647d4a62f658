#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension JSONKitEncoder {
  /// `UnkeyedEncodingContainer` that appends elements to an `ArrayBox`.
  struct UnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: Impl
    let array: ArrayBox
    let base: PathBase

    var codingPath: [any CodingKey] { base.items(encoder.path).map(\.codingKey) }

    var count: Int { array.elements.count }

    @inline(__always)
    func append(_ json: JSON) { array.elements.append(json) }

    /// The path item of the next element.
    var item: CodingPathItem { .index(array.elements.count) }

    mutating func encodeNil() throws { append(.null) }
    mutating func encode(_ value: Bool) throws { append(JSON(value)) }
    mutating func encode(_ value: String) throws { append(JSON(value)) }
    mutating func encode(_ value: Double) throws {
      append(try encoder.boxDouble(value, base: base, item: item))
    }
    mutating func encode(_ value: Float) throws {
      append(try encoder.boxFloat(value, base: base, item: item))
    }
    mutating func encode(_ value: Int) throws { append(JSON(value)) }
    mutating func encode(_ value: Int8) throws { append(JSON(value)) }
    mutating func encode(_ value: Int16) throws { append(JSON(value)) }
    mutating func encode(_ value: Int32) throws { append(JSON(value)) }
    mutating func encode(_ value: Int64) throws { append(JSON(value)) }
    mutating func encode(_ value: Int128) throws { append(Impl.boxWide(value)) }
    mutating func encode(_ value: UInt) throws { append(JSON(value)) }
    mutating func encode(_ value: UInt8) throws { append(JSON(value)) }
    mutating func encode(_ value: UInt16) throws { append(JSON(value)) }
    mutating func encode(_ value: UInt32) throws { append(JSON(value)) }
    mutating func encode(_ value: UInt64) throws { append(JSON(value)) }
    mutating func encode(_ value: UInt128) throws { append(Impl.boxWide(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
      append(try encoder.box(value, base: base, item: item))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
      -> KeyedEncodingContainer<NestedKey>
    {
      let path = base.items(encoder.path, appending: item)
      let nested = ObjectBox()
      append(JSON(storage: .object(nested)))
      return KeyedEncodingContainer(
        KeyedContainer<NestedKey>(encoder: encoder, object: nested, base: .own(path)))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
      let path = base.items(encoder.path, appending: item)
      let nested = ArrayBox([])
      append(JSON(storage: .array(nested)))
      return UnkeyedContainer(encoder: encoder, array: nested, base: .own(path))
    }

    /// An encoder whose value becomes the next element (`{}` if it encodes nothing).
    mutating func superEncoder() -> any Encoder {
      let index = array.elements.count
      let path = base.items(encoder.path, appending: item)
      append(.null)
      return encoder.superEncoder(sink: .element(array, index), path: path)
    }
  }
}
