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
  /// The `Decoder` of one decode.
  ///
  /// One instance serves every nested value: decoding a child swaps `value`, pushes one
  /// coding path item, runs the child's `init(from:)` with `self`, then restores both. So a
  /// nested struct costs no decoder allocation and no path array; containers read the tape
  /// of a parsed document directly (see `KeyedContainer`).
  final class Impl: Decoder {
    let options: Options
    // `@exclusivity(unchecked)`: a decoder runs on one thread, inside one `decode` call, and
    // its state is only swapped in and out around child decodes, never accessed while an
    // access is open; the dynamic checks cost about 5% of a decode.
    /// The value whose `init(from:)` is running.
    @exclusivity(unchecked) var value: JSON
    /// The coding path of `value`, as a stack (see `PathBase`).
    @exclusivity(unchecked) var path: [CodingPathItem]
    /// For `.convertFromSnakeCase` over a parsed document: converted names by key id.
    var convertedNames: [String?] = []
    var convertedNamesDocument: ObjectIdentifier?
    /// Keyed containers that may be handed out again (see `reusableContainer(keyedBy:)`).
    @exclusivity(unchecked) var reusable: [ReusableContainer] = []
    /// `false` for super decoders, which may outlive the decode (nothing would `finish`).
    let reusesContainers: Bool
    /// For `.formatted` (see `formattedDate`): the formatter's fast reader, made on first
    /// use (`.some(nil)`: its settings have none), and the dates it parsed, by text.
    @exclusivity(unchecked) var formattedParser: FixedDateFormat?? = nil
    @exclusivity(unchecked) var formattedDates: [String: Date] = [:]
    /// Recording what the model reads, or checking a projected document's answers (see
    /// `ProjectionSession`); `nil` for a plain decode.
    let projection: ProjectionSession?
    /// `projection` records: keyed containers then take the general path, where lookups are
    /// recorded.
    let recording: Bool

    init(
      value: JSON, path: [CodingPathItem], options: Options, reusesContainers: Bool,
      projection: ProjectionSession? = nil
    ) {
      self.value = value
      self.path = path
      self.options = options
      self.reusesContainers = reusesContainers
      self.projection = projection
      self.recording = projection?.isRecording ?? false
      self.path.reserveCapacity(16)
    }

    /// Frees what the decode kept for reuse.
    ///
    /// Reused frames refer back to this decoder, so
    /// this breaks the cycle; `JSONKitDecoder.decode` calls it when the decode ends.
    func finish() {
      reusable.removeAll()
    }

    var codingPath: [any CodingKey] { path.map(\.codingKey) }

    var userInfo: [CodingUserInfoKey: Any] { options.userInfo.mapValues { $0 as Any } }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
      try reusableContainer(keyedBy: Key.self)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
      try unkeyedContainer(for: value, base: .shared(path.count))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
      SingleValueContainer(decoder: self)
    }

    // MARK: Containers

    /// A keyed container over `json`, or a `DecodingError` when it is not an object.
    ///
    /// `rawKeys` ignores the key strategy (for `[String: …]` dictionaries).
    func keyedContainer<Key: CodingKey>(
      for json: JSON, base: PathBase, keyedBy: Key.Type, rawKeys: Bool = false
    ) throws -> KeyedContainer<Key> {
      let (object, converted) = try objectSource(for: json, base: base, rawKeys: rawKeys)
      return KeyedContainer(decoder: self, object: object, base: base, converted: converted)
    }

    func objectSource(
      for json: JSON, base: PathBase, rawKeys: Bool = false
    ) throws -> (ObjectSource, ConvertedKeys?) {
      let object: ObjectSource
      switch json.storage {
      case .node(let document, let slot) where Slot.tag(slot) == Slot.objectTag:
        object = .tape(document, slot)
      case .object(let box):
        object = .box(box)
      default:
        throw containerMismatch(expected: "dictionary", type: [String: Any].self, json, base)
      }
      return (object, rawKeys || options.defaultKeys ? nil : convertedKeys(object, base: base))
    }

    /// An unkeyed container over `json`, or a `DecodingError` when it is not an array.
    func unkeyedContainer(for json: JSON, base: PathBase) throws -> UnkeyedContainer {
      switch json.storage {
      case .node(let document, let slot) where Slot.tag(slot) == Slot.arrayTag:
        let count = document.count(slot)
        if let projection, recording || count == 0 {
          projection.array(at: base.slice(path), count: count)
        }
        return UnkeyedContainer(
          decoder: self, array: .tape(document, slot), count: count, base: base)
      case .array(let box):
        return UnkeyedContainer(
          decoder: self, array: .box(box), count: box.elements.count, base: base)
      default:
        throw containerMismatch(expected: "array", type: [Any].self, json, base)
      }
    }

    /// A separate decoder for `superDecoder()`: the caller may keep using its container
    /// while the superclass decodes, so the two cannot share a path stack.
    func superDecoder(for json: JSON, path: [CodingPathItem]) -> Impl {
      // It may outlive the decode (nothing would call `finish`), so it reuses nothing.
      Impl(
        value: json, path: path, options: options, reusesContainers: false,
        projection: projection)
    }

    // MARK: Descending

    /// Runs `body` with this decoder positioned at `json`, the child `item` of the
    /// container at `base`; `item == nil` means `json` is the current value itself.
    @inline(__always)
    func descend<R>(
      into json: JSON, base: PathBase, item: CodingPathItem?, _ body: (Impl) throws -> R
    ) throws -> R {
      guard let item else { return try body(self) }
      var saved = json
      swap(&saved, &value)
      defer { swap(&saved, &value) }
      if base.own == nil && path.count == base.depth {
        path.append(item)
        defer { path.removeLast() }
        return try body(self)
      }
      // The container is not on top of the stack (a nested container, or one used out of
      // order): give the child the container's own path for the time of the call.
      var savedPath = base.items(path, appending: item)
      swap(&savedPath, &path)
      defer { swap(&savedPath, &path) }
      return try body(self)
    }

    /// Decodes a `T` from `json`, the child `item` of the container at `base`.
    ///
    /// Scalars and the types JSON coders treat specially (`Date`, `Data`, `URL`, `Decimal`,
    /// `JSON`) are read here without descending; everything else runs `T.init(from:)`.
    func unbox<T: Decodable>(_ json: JSON, as type: T.Type, base: PathBase, item: CodingPathItem?)
      throws -> T
    {
      if let kind = ScalarKind(T.self) {
        return try unboxScalar(json, kind, as: T.self, base: base, item: item)
      }
      if T.self == Date.self {
        return cast(try unboxDate(json, base: base, item: item), to: T.self)
      }
      if T.self == Data.self {
        return cast(try unboxData(json, base: base, item: item), to: T.self)
      }
      if T.self == URL.self { return cast(try unboxURL(json, base: base, item: item), to: T.self) }
      if T.self == Decimal.self {
        return cast(
          try read(json, Decimal.self, base: base, item: item) { j throws(ScalarFailure) in
            try Self.decimal(j)
          }, to: T.self)
      }
      if T.self == JSON.self {
        if case .invalid = json.storage {
          throw failure(.wrongType, JSON.self, json, base: base, item: item)
        }
        if let projection {
          let type = json.type
          projection.wholeValue(
            at: base.items(path, appending: item)[...],
            isContainer: type == .dictionary || type == .array)
        }
        return cast(json.detached, to: T.self)
      }
      if !options.defaultKeys, let dictionary = T.self as? any StringKeyedDictionaryDecodable.Type {
        // The opened existential holds a `T`; a checked cast unwraps it (this path is rare).
        return try descend(into: json, base: base, item: item) {
          try dictionary.init(rawKeysFrom: $0)
        } as! T
      }
      return try descend(into: json, base: base, item: item) { try T(from: $0) }
    }

    /// A scalar type `T` (reached through a generic `decode`, as `[Int]` and `[String]`
    /// decode their elements), of kind `kind`.
    @inline(__always)
    func unboxScalar<T>(
      _ json: JSON, _ kind: ScalarKind, as type: T.Type, base: PathBase, item: CodingPathItem?
    ) throws -> T {
      switch kind {
      case .string:
        guard let s = Self.string(json) else {
          throw failure(.wrongType, String.self, json, base: base, item: item)
        }
        return cast(s, to: T.self)
      case .bool:
        guard let b = Self.bool(json) else {
          throw failure(.wrongType, Bool.self, json, base: base, item: item)
        }
        return cast(b, to: T.self)
      case .double:
        return cast(
          try read(json, Double.self, base: base, item: item) { j throws(ScalarFailure) in
            try double(j)
          }, to: T.self)
      case .float:
        return cast(
          try read(json, Float.self, base: base, item: item) { j throws(ScalarFailure) in
            try float(j)
          }, to: T.self)
      case .int: return cast(try integer(json, Int.self, base: base, item: item), to: T.self)
      case .int8: return cast(try integer(json, Int8.self, base: base, item: item), to: T.self)
      case .int16: return cast(try integer(json, Int16.self, base: base, item: item), to: T.self)
      case .int32: return cast(try integer(json, Int32.self, base: base, item: item), to: T.self)
      case .int64: return cast(try integer(json, Int64.self, base: base, item: item), to: T.self)
      case .uint: return cast(try integer(json, UInt.self, base: base, item: item), to: T.self)
      case .uint8: return cast(try integer(json, UInt8.self, base: base, item: item), to: T.self)
      case .uint16: return cast(try integer(json, UInt16.self, base: base, item: item), to: T.self)
      case .uint32: return cast(try integer(json, UInt32.self, base: base, item: item), to: T.self)
      case .uint64: return cast(try integer(json, UInt64.self, base: base, item: item), to: T.self)
      }
    }

    /// An exact integer of type `I`, or the error that says why not.
    @inline(__always)
    func integer<I: FixedWidthInteger>(
      _ json: JSON, _ type: I.Type, base: PathBase, item: CodingPathItem?
    ) throws -> I {
      do {
        return try Self.integer(json, as: I.self)
      } catch {
        throw failure(error, I.self, json, base: base, item: item)
      }
    }

    /// Runs a scalar reader and turns its failure into a `DecodingError` at the value's path.
    @inline(__always)
    func read<R>(
      _ json: JSON, _ type: R.Type, base: PathBase, item: CodingPathItem?,
      _ reader: (JSON) throws(ScalarFailure) -> R
    ) throws -> R {
      do {
        return try reader(json)
      } catch {
        throw failure(error, R.self, json, base: base, item: item)
      }
    }
  }
}

/// The scalar types that a generic `decode` reads directly.
///
/// Found by comparing metatypes,
/// without generic code that would need `Optional<T>`'s metadata at run time.
enum ScalarKind {
  case string, bool, double, float, int, int8, int16, int32, int64, uint, uint8, uint16, uint32,
    uint64

  @inline(__always)
  init?(_ type: Any.Type) {
    if type == String.self {
      self = .string
    } else if type == Int.self {
      self = .int
    } else if type == Double.self {
      self = .double
    } else if type == Bool.self {
      self = .bool
    } else if type == Int64.self {
      self = .int64
    } else if type == UInt64.self {
      self = .uint64
    } else if type == Float.self {
      self = .float
    } else if type == Int32.self {
      self = .int32
    } else if type == UInt.self {
      self = .uint
    } else if type == UInt32.self {
      self = .uint32
    } else if type == Int16.self {
      self = .int16
    } else if type == UInt16.self {
      self = .uint16
    } else if type == Int8.self {
      self = .int8
    } else if type == UInt8.self {
      self = .uint8
    } else {
      return nil
    }
  }
}

/// `value` as a `T`, where the caller has just checked that `V` is `T` (`T.self ==
/// V.self`): cheaper than `as! T`, which would go through the runtime's dynamic cast.
@inline(__always)
func cast<V, T>(_ value: V, to type: T.Type) -> T {
  // Safe: the caller checked that V is T, so the bits are already a T; debug builds check it.
  assert(V.self == T.self, "cast from \(V.self) to \(T.self)")
  return unsafeBitCast(value, to: T.self)
}

/// `[String: V]`, whose keys Foundation's coders never convert with a key strategy (they
/// are data, not property names).
protocol StringKeyedDictionaryDecodable {
  init(rawKeysFrom decoder: JSONKitDecoder.Impl) throws
}

extension Dictionary: StringKeyedDictionaryDecodable where Key == String, Value: Decodable {
  init(rawKeysFrom decoder: JSONKitDecoder.Impl) throws {
    let container = try decoder.keyedContainer(
      for: decoder.value, base: .shared(decoder.path.count), keyedBy: JSONKitCodingKey.self,
      rawKeys: true)
    self.init(minimumCapacity: container.count)
    for key in container.allKeys {
      self[key.stringValue] = try container.decode(Value.self, forKey: key)
    }
  }
}
