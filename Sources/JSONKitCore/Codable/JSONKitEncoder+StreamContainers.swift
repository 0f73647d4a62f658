#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// The containers of `JSONKitEncoder.StreamImpl`: each holds its frame's claim and writes
// straight to the encoder's output. Every primitive overload goes through one generic
// `encode`, which the compiler specializes per type.

extension JSONKitEncoder {
  struct KeyedStreamContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: StreamImpl
    let frame: StreamImpl.FrameRef
    /// The length of the encoder's path when this container was made (the path of the value
    /// that asked for it), or, for a nested container, its own path.
    let depth: Int
    var own: [CodingPathItem]? = nil

    var codingPath: [any CodingKey] {
      (own ?? Array(encoder.path.prefix(depth))).map(\.codingKey)
    }

    @inline(__always)
    mutating func put<T: Encodable>(_ value: T, _ key: Key) throws {
      try encoder.beginMember(frame, encoder.name(for: key))
      if let own {
        try encoder.withPath(own) { try $0.encodeValue(value, item: .key(key)) }
      } else {
        try encoder.encodeValue(value, item: .key(key))
      }
    }

    mutating func encodeNil(forKey key: Key) throws {
      try encoder.beginMember(frame, encoder.name(for: key))
      encoder.emitter.appendLiteral("null")
    }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: String, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: Int128, forKey key: Key) throws {
      try encoder.beginMember(frame, encoder.name(for: key))
      encoder.emitter.writeScalar(Impl.boxWide(value))
    }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: UInt128, forKey key: Key) throws {
      try encoder.beginMember(frame, encoder.name(for: key))
      encoder.emitter.writeScalar(Impl.boxWide(value))
    }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try put(value, key) }

    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
      KeyedEncodingContainer(
        KeyedStreamContainer<NestedKey>(
          encoder: encoder, frame: nested(key, object: true), depth: 0, own: path(key)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      UnkeyedStreamContainer(
        encoder: encoder, frame: nested(key, object: false), depth: 0, own: path(key))
    }

    private func path(_ key: Key) -> [CodingPathItem] {
      (own ?? Array(encoder.path.prefix(depth))) + [.key(key)]
    }

    /// Opens a nested container as the member `key`.
    private func nested(_ key: Key, object: Bool) -> StreamImpl.FrameRef {
      do {
        try encoder.beginMember(frame, encoder.name(for: key))
      } catch {
        return encoder.dead()
      }
      return encoder.open(object: object)
    }

    mutating func superEncoder() -> any Encoder {
      _ = encoder.dead()
      return encoder
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
      _ = encoder.dead()
      return encoder
    }
  }

  struct UnkeyedStreamContainer: UnkeyedEncodingContainer {
    let encoder: StreamImpl
    let frame: StreamImpl.FrameRef
    /// As in `KeyedStreamContainer`.
    let depth: Int
    var own: [CodingPathItem]? = nil

    var codingPath: [any CodingKey] {
      (own ?? Array(encoder.path.prefix(depth))).map(\.codingKey)
    }

    var count: Int {
      guard frame.index >= 0, frame.index < encoder.frames.count,
        encoder.frames[frame.index].id == frame.id
      else { return 0 }
      return encoder.frames[frame.index].count
    }

    @inline(__always)
    mutating func put<T: Encodable>(_ value: T) throws {
      let index = try encoder.beginElement(frame)
      if let own {
        try encoder.withPath(own) { try $0.encodeValue(value, item: .index(index)) }
      } else {
        try encoder.encodeValue(value, item: .index(index))
      }
    }

    mutating func encodeNil() throws {
      _ = try encoder.beginElement(frame)
      encoder.emitter.appendLiteral("null")
    }
    mutating func encode(_ value: Bool) throws { try put(value) }
    mutating func encode(_ value: String) throws { try put(value) }
    mutating func encode(_ value: Double) throws { try put(value) }
    mutating func encode(_ value: Float) throws { try put(value) }
    mutating func encode(_ value: Int) throws { try put(value) }
    mutating func encode(_ value: Int8) throws { try put(value) }
    mutating func encode(_ value: Int16) throws { try put(value) }
    mutating func encode(_ value: Int32) throws { try put(value) }
    mutating func encode(_ value: Int64) throws { try put(value) }
    mutating func encode(_ value: Int128) throws {
      _ = try encoder.beginElement(frame)
      encoder.emitter.writeScalar(Impl.boxWide(value))
    }
    mutating func encode(_ value: UInt) throws { try put(value) }
    mutating func encode(_ value: UInt8) throws { try put(value) }
    mutating func encode(_ value: UInt16) throws { try put(value) }
    mutating func encode(_ value: UInt32) throws { try put(value) }
    mutating func encode(_ value: UInt64) throws { try put(value) }
    mutating func encode(_ value: UInt128) throws {
      _ = try encoder.beginElement(frame)
      encoder.emitter.writeScalar(Impl.boxWide(value))
    }
    mutating func encode<T: Encodable>(_ value: T) throws { try put(value) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
      -> KeyedEncodingContainer<NestedKey>
    {
      let (frame, path) = nested(object: true)
      return KeyedEncodingContainer(
        KeyedStreamContainer<NestedKey>(encoder: encoder, frame: frame, depth: 0, own: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
      let (frame, path) = nested(object: false)
      return UnkeyedStreamContainer(encoder: encoder, frame: frame, depth: 0, own: path)
    }

    /// Opens a nested container as the next element; its frame and its path.
    private func nested(object: Bool) -> (StreamImpl.FrameRef, [CodingPathItem]) {
      let base = own ?? Array(encoder.path.prefix(depth))
      do {
        let index = try encoder.beginElement(frame)
        return (encoder.open(object: object), base + [.index(index)])
      } catch {
        return (encoder.dead(), base)
      }
    }

    mutating func superEncoder() -> any Encoder {
      _ = encoder.dead()
      return encoder
    }
  }

  struct SingleValueStreamContainer: SingleValueEncodingContainer {
    let encoder: StreamImpl

    var codingPath: [any CodingKey] { encoder.codingPath }

    /// The slot takes one value: a second one, or one after a container, fails the stream.
    @inline(__always)
    private func fill(_ write: () throws -> Void) throws {
      guard !encoder.failed, !encoder.slotFilled, encoder.slotFrame < 0 else { try encoder.fail() }
      try write()
      encoder.slotFilled = true
    }

    @inline(__always)
    mutating func put<T: Encodable>(_ value: T) throws {
      try fill { try encoder.encodeValue(value, item: nil) }
    }

    mutating func encodeNil() throws { try fill { encoder.emitter.appendLiteral("null") } }
    mutating func encode(_ value: Bool) throws { try put(value) }
    mutating func encode(_ value: String) throws { try put(value) }
    mutating func encode(_ value: Double) throws { try put(value) }
    mutating func encode(_ value: Float) throws { try put(value) }
    mutating func encode(_ value: Int) throws { try put(value) }
    mutating func encode(_ value: Int8) throws { try put(value) }
    mutating func encode(_ value: Int16) throws { try put(value) }
    mutating func encode(_ value: Int32) throws { try put(value) }
    mutating func encode(_ value: Int64) throws { try put(value) }
    mutating func encode(_ value: Int128) throws {
      try fill { encoder.emitter.writeScalar(Impl.boxWide(value)) }
    }
    mutating func encode(_ value: UInt) throws { try put(value) }
    mutating func encode(_ value: UInt8) throws { try put(value) }
    mutating func encode(_ value: UInt16) throws { try put(value) }
    mutating func encode(_ value: UInt32) throws { try put(value) }
    mutating func encode(_ value: UInt64) throws { try put(value) }
    mutating func encode(_ value: UInt128) throws {
      try fill { encoder.emitter.writeScalar(Impl.boxWide(value)) }
    }
    mutating func encode<T: Encodable>(_ value: T) throws { try put(value) }
  }
}
