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

extension JSONKitEncoder {
  /// The `Encoder` of one encode.
  ///
  /// Values are built straight into `JSON`'s own storage: keyed containers append to an
  /// `ObjectBox`, unkeyed ones to an `ArrayBox`, scalars become `JSON` scalars. As in the
  /// decoder, one instance serves every nested value: encoding a child saves `storage`,
  /// pushes one coding path item, runs the child's `encode(to:)`, takes what it encoded and
  /// restores both.
  final class Impl: Encoder {
    /// What the value being encoded has encoded so far.
    enum Storage {
      case empty
      case value(JSON)
      case object(ObjectBox)
      case array(ArrayBox)

      var json: JSON? {
        switch self {
        case .empty: return nil
        case .value(let json): return json
        case .object(let box): return JSON(storage: .object(box))
        case .array(let box): return JSON(storage: .array(box))
        }
      }
    }

    /// Where a `superEncoder()`'s value goes in its parent.
    enum Sink {
      case member(ObjectBox, String)
      case element(ArrayBox, Int)

      func write(_ json: JSON) {
        switch self {
        case .member(let box, let key): box.set(key, json)
        case .element(let box, let i): box.elements[i] = json
        }
      }
    }

    let options: Options
    // `@exclusivity(unchecked)`: an encoder runs on one thread, inside one `encode` call;
    // its state is only swapped in and out around child encodes, never accessed while an
    // access is open.
    @exclusivity(unchecked) var path: [CodingPathItem]
    @exclusivity(unchecked) var storage: Storage = .empty
    /// How many child encodes are running; the `sink` receives only this encoder's own value.
    @exclusivity(unchecked) var nesting = 0
    let sink: Sink?
    /// `.convertToSnakeCase`: names converted so far.
    @exclusivity(unchecked) var snakeCaseNames: [String: String] = [:]

    init(options: Options, path: [CodingPathItem], sink: Sink?) {
      self.options = options
      self.path = path
      self.sink = sink
      self.path.reserveCapacity(16)
    }

    var codingPath: [any CodingKey] { path.map(\.codingKey) }

    var userInfo: [CodingUserInfoKey: Any] { options.userInfo.mapValues { $0 as Any } }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
      KeyedEncodingContainer(
        KeyedContainer<Key>(encoder: self, object: objectStorage(), base: .shared(path.count)))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
      UnkeyedContainer(encoder: self, array: arrayStorage(), base: .shared(path.count))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
      SingleValueContainer(encoder: self)
    }

    // MARK: Storage

    /// The object this value encodes into: the one already started (a subclass and its
    /// superclass share one), or a new one.
    func objectStorage() -> ObjectBox {
      if case .object(let box) = storage { return box }
      let box = ObjectBox()
      set(.object(box))
      return box
    }

    func arrayStorage() -> ArrayBox {
      if case .array(let box) = storage { return box }
      let box = ArrayBox([])
      set(.array(box))
      return box
    }

    /// Replaces what this value encoded; a `superEncoder()` also writes it into its parent
    /// at once (containers are boxes, so what they encode later shows there too).
    func set(_ newStorage: Storage) {
      storage = newStorage
      if let sink, nesting == 0 { sink.write(newStorage.json ?? [:]) }
    }

    /// A separate encoder for `superEncoder()`, which may be used while its parent's
    /// container is still being written.
    ///
    /// Its value starts as `{}` in `sink` (so the key
    /// keeps its place and a super encoder that encodes nothing leaves `{}`, as in
    /// Foundation).
    func superEncoder(sink: Sink, path: [CodingPathItem]) -> Impl {
      sink.write([:])
      return Impl(options: options, path: path, sink: sink)
    }

    // MARK: Encoding values

    /// Encodes the top-level value; `nil` when it encoded nothing.
    func encodeTopLevel<T: Encodable>(_ value: T) throws -> JSON? {
      try encodeValue(value, base: .shared(0), item: nil)
    }

    /// `value`, the child `item` of the container at `base`, as JSON.
    ///
    /// A value that
    /// encodes nothing is `{}`, as in Foundation.
    func box<T: Encodable>(_ value: T, base: PathBase, item: CodingPathItem?) throws -> JSON {
      try encodeValue(value, base: base, item: item) ?? [:]
    }

    /// Scalars and the types JSON coders treat specially are converted here; everything
    /// else runs `value.encode(to:)`.
    ///
    /// `nil` when the value encoded nothing.
    func encodeValue<T: Encodable>(_ value: T, base: PathBase, item: CodingPathItem?) throws
      -> JSON?
    {
      if let kind = ScalarKind(T.self) { return try boxScalar(value, kind, base: base, item: item) }
      if T.self == Date.self {
        return try boxDate(cast(value, to: Date.self), base: base, item: item)
      }
      if T.self == Data.self {
        return try boxData(cast(value, to: Data.self), base: base, item: item)
      }
      if T.self == URL.self { return JSON(cast(value, to: URL.self).absoluteString) }
      if T.self == Decimal.self { return JSON(cast(value, to: Decimal.self)) }
      if T.self == JSON.self {
        return cast(value, to: JSON.self).exists() ? cast(value, to: JSON.self).detached : .null
      }
      if !options.defaultKeys, let dictionary = value as? any StringKeyedDictionaryEncodable {
        return try descend(base: base, item: item) { try dictionary.encodeRawKeys(to: $0) }
      }
      return try descend(base: base, item: item) { try value.encode(to: $0) }
    }

    /// Runs `body` as the encode of the child `item` of the container at `base` (`nil`:
    /// of this same value, for single value containers) and returns what it encoded.
    @inline(__always)
    func descend(base: PathBase, item: CodingPathItem?, _ body: (Impl) throws -> Void) throws
      -> JSON?
    {
      var saved = Storage.empty
      swap(&saved, &storage)
      nesting += 1
      defer {
        nesting -= 1
        swap(&saved, &storage)
      }
      guard let item else {
        try body(self)
        return storage.json
      }
      if base.own == nil && path.count == base.depth {
        path.append(item)
        defer { path.removeLast() }
        try body(self)
        return storage.json
      }
      var savedPath = base.items(path, appending: item)
      swap(&savedPath, &path)
      defer { swap(&savedPath, &path) }
      try body(self)
      return storage.json
    }

    // MARK: Keys

    /// The JSON key for `key`, under the key strategy.
    @inline(__always)
    func name(for key: some CodingKey, base: PathBase) -> String {
      if options.defaultKeys { return key.stringValue }
      switch options.keys {
      case .useDefaultKeys:
        return key.stringValue
      case .convertToSnakeCase:
        let name = key.stringValue
        if let converted = snakeCaseNames[name] { return converted }
        let converted = CodingKeyConversion.snakeCase(fromCamelCase: name)
        snakeCaseNames[name] = converted
        return converted
      case .custom(let convert):
        return convert(base.items(path, appending: .key(key)).map(\.codingKey)).stringValue
      }
    }
  }
}

/// `[String: V]`, whose keys Foundation's coders never convert with a key strategy.
protocol StringKeyedDictionaryEncodable {
  func encodeRawKeys(to encoder: JSONKitEncoder.Impl) throws
}

extension Dictionary: StringKeyedDictionaryEncodable where Key == String, Value: Encodable {
  func encodeRawKeys(to encoder: JSONKitEncoder.Impl) throws {
    let object = encoder.objectStorage()
    let base = PathBase.shared(encoder.path.count)
    for (key, value) in self {
      object.set(
        key, try encoder.box(value, base: base, item: .key(JSONKitCodingKey(stringValue: key))))
    }
  }
}
