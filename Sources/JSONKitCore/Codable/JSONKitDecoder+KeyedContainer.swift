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

extension JSONKitDecoder {
  /// `KeyedDecodingContainer` over an object.
  ///
  /// On a parsed document a key is found by resolving its name to the document's interned
  /// key id and scanning the object's key ids (see `JSONDocument.codableMember`), and
  /// scalars are read straight from their slots: no dictionary is built, no `JSON` path is
  /// allocated. Objects built in code, and key strategies, take a slower general path.
  struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let frame: ObjectFrame

    init(decoder: Impl, object: ObjectSource, base: PathBase, converted: ConvertedKeys?) {
      frame = ObjectFrame(decoder: decoder, object: object, base: base, converted: converted)
    }

    var decoder: Impl { frame.decoder }
    var base: PathBase { frame.base }

    var codingPath: [any CodingKey] { base.items(decoder.path).map(\.codingKey) }

    var count: Int { frame.source.count }

    var allKeys: [Key] {
      decoder.projection?.allKeys(at: base.slice(decoder.path))
      if let converted = frame.converted {
        return converted.names.compactMap { Key(stringValue: $0) }
      }
      let object = frame.source
      return (0..<object.count).compactMap { Key(stringValue: object.key($0)) }
    }

    // MARK: Lookup

    @inline(__always)
    func require(_ key: Key) throws -> JSON {
      guard let json = frame.member(named: key.stringValue) else {
        throw decoder.keyNotFound(key, base: base)
      }
      return json
    }

    /// The member for `key`, or `nil` when it is missing or `null` (`decodeIfPresent`).
    @inline(__always)
    func present(_ key: Key) -> JSON? {
      guard let json = frame.member(named: key.stringValue), !Impl.isNull(json) else { return nil }
      return json
    }

    func contains(_ key: Key) -> Bool { frame.member(named: key.stringValue) != nil }

    func decodeNil(forKey key: Key) throws -> Bool { Impl.isNull(try require(key)) }

    // MARK: Scalars

    /// Reads the member `key` with `tape` (parsed objects under default keys: straight from
    /// the slot) or `json` (everything else), with Foundation's errors for a missing key.
    @inline(__always)
    func scalar<T>(
      _ key: Key, _ type: T.Type,
      tape: (JSONDocument, UnsafePointer<UInt8>, UInt64) throws(ScalarFailure) -> T,
      json: (JSON) throws(ScalarFailure) -> T
    ) throws -> T {
      if let document = frame.document {
        let bytes = frame.bytes
        guard let slot = document.codableMember(frame.slot, key.stringValue, bytes: bytes) else {
          frame.absent(key.stringValue)
          throw decoder.keyNotFound(key, base: base)
        }
        do {
          return try tape(document, bytes, slot)
        } catch {
          throw decoder.failure(
            error, T.self, JSON(document: document, slot: slot), base: base, item: .key(key))
        }
      }
      let value = try require(key)
      return try decoder.read(value, T.self, base: base, item: .key(key), json)
    }

    /// `scalar` for `decodeIfPresent`: a missing key and `null` both give `nil`, as in
    /// Foundation, with one lookup (the protocol's default would look the key up thrice).
    @inline(__always)
    func scalarIfPresent<T>(
      _ key: Key, _ type: T.Type,
      tape: (JSONDocument, UnsafePointer<UInt8>, UInt64) throws(ScalarFailure) -> T,
      json: (JSON) throws(ScalarFailure) -> T
    ) throws -> T? {
      if let document = frame.document {
        let bytes = frame.bytes
        guard let slot = document.codableMember(frame.slot, key.stringValue, bytes: bytes) else {
          frame.absent(key.stringValue)
          return nil
        }
        if slot == Slot.null { return nil }
        do {
          return try tape(document, bytes, slot)
        } catch {
          throw decoder.failure(
            error, T.self, JSON(document: document, slot: slot), base: base, item: .key(key))
        }
      }
      guard let value = present(key) else { return nil }
      return try decoder.read(value, T.self, base: base, item: .key(key), json)
    }

    @inline(__always)
    func integer<I: FixedWidthInteger>(_ key: Key) throws -> I {
      try scalar(
        key, I.self,
        tape: { d, b, s throws(ScalarFailure) in try Impl.integer(d, b, s, as: I.self) },
        json: { j throws(ScalarFailure) in try Impl.integer(j, as: I.self) })
    }

    @inline(__always)
    func integerIfPresent<I: FixedWidthInteger>(_ key: Key) throws -> I? {
      try scalarIfPresent(
        key, I.self,
        tape: { d, b, s throws(ScalarFailure) in try Impl.integer(d, b, s, as: I.self) },
        json: { j throws(ScalarFailure) in try Impl.integer(j, as: I.self) })
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
      try scalar(key, Bool.self, tape: Impl.requireBool, json: Impl.requireBool)
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
      try scalar(key, String.self, tape: Impl.requireString, json: Impl.requireString)
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
      let decoder = decoder
      return try scalar(
        key, Double.self, tape: { d, b, s throws(ScalarFailure) in try decoder.double(d, b, s) },
        json: { j throws(ScalarFailure) in try decoder.double(j) })
    }

    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
      let decoder = decoder
      return try scalar(
        key, Float.self, tape: { d, b, s throws(ScalarFailure) in try decoder.float(d, b, s) },
        json: { j throws(ScalarFailure) in try decoder.float(j) })
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(key) }
    func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try integer(key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(key) }
    func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try integer(key) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
      try decoder.unbox(try require(key), as: T.self, base: base, item: .key(key))
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
      try scalarIfPresent(key, Bool.self, tape: Impl.requireBool, json: Impl.requireBool)
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
      try scalarIfPresent(key, String.self, tape: Impl.requireString, json: Impl.requireString)
    }

    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
      let decoder = decoder
      return try scalarIfPresent(
        key, Double.self, tape: { d, b, s throws(ScalarFailure) in try decoder.double(d, b, s) },
        json: { j throws(ScalarFailure) in try decoder.double(j) })
    }

    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
      let decoder = decoder
      return try scalarIfPresent(
        key, Float.self, tape: { d, b, s throws(ScalarFailure) in try decoder.float(d, b, s) },
        json: { j throws(ScalarFailure) in try decoder.float(j) })
    }

    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
      try integerIfPresent(key)
    }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
      try integerIfPresent(key)
    }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
      try integerIfPresent(key)
    }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
      try integerIfPresent(key)
    }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
      try integerIfPresent(key)
    }
    func decodeIfPresent(_ type: Int128.Type, forKey key: Key) throws -> Int128? {
      try integerIfPresent(key)
    }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
      try integerIfPresent(key)
    }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
      try integerIfPresent(key)
    }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
      try integerIfPresent(key)
    }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
      try integerIfPresent(key)
    }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
      try integerIfPresent(key)
    }
    func decodeIfPresent(_ type: UInt128.Type, forKey key: Key) throws -> UInt128? {
      try integerIfPresent(key)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
      guard let json = present(key) else { return nil }
      return try decoder.unbox(json, as: T.self, base: base, item: .key(key))
    }

    // MARK: Nesting

    func nestedContainer<NestedKey: CodingKey>(
      keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
      let json = try require(key)
      let path = base.items(decoder.path, appending: .key(key))
      return KeyedDecodingContainer(
        try decoder.keyedContainer(for: json, base: .own(path), keyedBy: NestedKey.self))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
      let json = try require(key)
      return try decoder.unkeyedContainer(
        for: json, base: .own(base.items(decoder.path, appending: .key(key))))
    }

    /// A decoder for the member `super` (`null` when there is none), as Foundation.
    func superDecoder() throws -> any Decoder {
      superDecoder(named: JSONKitCodingKey.super)
    }

    /// A decoder for the member `key` (`null` when there is none), as Foundation.
    func superDecoder(forKey key: Key) throws -> any Decoder {
      superDecoder(named: key)
    }

    private func superDecoder(named key: any CodingKey) -> any Decoder {
      let json = frame.member(named: key.stringValue) ?? .null
      return decoder.superDecoder(for: json, path: base.items(decoder.path, appending: .key(key)))
    }
  }
}
