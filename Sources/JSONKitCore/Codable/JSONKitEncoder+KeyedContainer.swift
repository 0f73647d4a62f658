#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension JSONKitEncoder {
  /// `KeyedEncodingContainer` that writes members into an `ObjectBox`, in encoding order.
  ///
  /// Encoding a key twice replaces its value at its first position.
  struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: Impl
    let object: ObjectBox
    let base: PathBase

    var codingPath: [any CodingKey] { base.items(encoder.path).map(\.codingKey) }

    @inline(__always)
    func name(_ key: Key) -> String { encoder.name(for: key, base: base) }

    /// `object.set(name, json)`, with a shortcut for what models do: add a new key to a
    /// small object (which has no hash index yet, and still has none after this key).
    @inline(__always)
    func put(_ name: String, _ json: JSON) {
      if object.keys.count < ObjectBox.indexThreshold && !object.keys.contains(name) {
        object.keys.append(name)
        object.values.append(json)
      } else {
        object.set(name, json)
      }
    }

    mutating func encodeNil(forKey key: Key) throws { put(name(key), .null) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { put(name(key), JSON(value)) }
    mutating func encode(_ value: String, forKey key: Key) throws { put(name(key), JSON(value)) }

    mutating func encode(_ value: Double, forKey key: Key) throws {
      put(name(key), try encoder.boxDouble(value, base: base, item: .key(key)))
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
      put(name(key), try encoder.boxFloat(value, base: base, item: .key(key)))
    }

    mutating func encode(_ value: Int, forKey key: Key) throws { put(name(key), JSON(value)) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { put(name(key), JSON(value)) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { put(name(key), JSON(value)) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { put(name(key), JSON(value)) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { put(name(key), JSON(value)) }
    mutating func encode(_ value: Int128, forKey key: Key) throws {
      put(name(key), Impl.boxWide(value))
    }
    mutating func encode(_ value: UInt, forKey key: Key) throws { put(name(key), JSON(value)) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { put(name(key), JSON(value)) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { put(name(key), JSON(value)) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { put(name(key), JSON(value)) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { put(name(key), JSON(value)) }
    mutating func encode(_ value: UInt128, forKey key: Key) throws {
      put(name(key), Impl.boxWide(value))
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
      put(name(key), try encoder.box(value, base: base, item: .key(key)))
    }

    /// The object at `key`: the one already there (Foundation reuses it), or a new one.
    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
      let name = name(key)
      let nested: ObjectBox
      if let i = object.find(name), case .object(let existing) = object.values[i].storage {
        nested = existing
      } else {
        nested = ObjectBox()
        object.set(name, JSON(storage: .object(nested)))
      }
      let path = base.items(encoder.path, appending: .key(key))
      return KeyedEncodingContainer(
        KeyedContainer<NestedKey>(encoder: encoder, object: nested, base: .own(path)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      let name = name(key)
      let nested: ArrayBox
      if let i = object.find(name), case .array(let existing) = object.values[i].storage {
        nested = existing
      } else {
        nested = ArrayBox([])
        object.set(name, JSON(storage: .array(nested)))
      }
      return UnkeyedContainer(
        encoder: encoder, array: nested, base: .own(base.items(encoder.path, appending: .key(key))))
    }

    /// An encoder whose value becomes the member `super` (`{}` if it encodes nothing).
    mutating func superEncoder() -> any Encoder {
      let path = base.items(encoder.path, appending: .key(JSONKitCodingKey.super))
      return encoder.superEncoder(
        sink: .member(object, JSONKitCodingKey.super.stringValue), path: path)
    }

    /// An encoder whose value becomes the member `key` (`{}` if it encodes nothing).
    mutating func superEncoder(forKey key: Key) -> any Encoder {
      let path = base.items(encoder.path, appending: .key(key))
      return encoder.superEncoder(sink: .member(object, name(key)), path: path)
    }
  }
}
