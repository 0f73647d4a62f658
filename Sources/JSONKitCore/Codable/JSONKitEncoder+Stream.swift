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
  /// Thrown inside a streaming encode when the value does something a single pass over the
  /// output cannot follow; `encode(_:)` then encodes the value again through `Impl`.
  struct StreamFallback: Error {}

  /// The `Encoder` of a compact, unsorted encode: it writes JSON text while `encode(to:)`
  /// runs, so no `JSON` tree, box or key index is built (the tree encoder, `Impl`, spent most
  /// of its time allocating and reference counting those).
  ///
  /// Containers are frames on an explicit stack; a frame is closed (its `}` or `]` written)
  /// when the value that opened it has finished encoding, or when an enclosing container is
  /// used again. What a single pass cannot express sets `failed`, and the encode starts over
  /// through the tree encoder, which gives Foundation's result:
  /// - a key encoded twice in one object (the tree keeps the last value at the first place);
  /// - a container used again after an enclosing one moved on, or a second single value;
  /// - `superEncoder()`, whose value may be written after its siblings;
  /// - any error (the tree encoder throws it again, with its coding path), including
  ///   non-finite floats;
  /// - `[String: V]` under a key strategy (its keys are not converted).
  ///
  /// Invariant: `frames` lists the open containers from the outermost; every byte written
  /// belongs to the innermost open frame or to the value in the current slot.
  final class StreamImpl: Encoder {
    /// An open container.
    struct Frame {
      let isObject: Bool
      let id: Int
      /// Members or elements written so far.
      var count = 0
      /// One bit per key hash written in this object; a hit is checked against `keys`.
      var keyBloom: UInt64 = 0
      /// Where this object's keys start in `keys`.
      let keysStart: Int
    }

    /// A container's claim on its frame, checked before each use.
    struct FrameRef {
      let index: Int
      let id: Int
    }

    let options: Options
    // `@exclusivity(unchecked)`: one encode runs on one thread; these are read and written
    // only by this class's methods, never while another access is open.
    @exclusivity(unchecked) var emitter: Emitter
    @exclusivity(unchecked) var frames: [Frame] = []
    @exclusivity(unchecked) var nextFrameID = 0
    /// The keys of the open objects, for the duplicate check.
    @exclusivity(unchecked) var keys: [String] = []
    @exclusivity(unchecked) var path: [CodingPathItem] = []
    /// Whether the value being encoded has written anything, and the frame of its container
    /// (-1: none).
    @exclusivity(unchecked) var slotFilled = false
    @exclusivity(unchecked) var slotFrame = -1
    /// Set when the value did something this pass cannot follow (see the type's comment).
    @exclusivity(unchecked) var failed = false
    @exclusivity(unchecked) var snakeCaseNames: [String: String] = [:]
    private var taken = false

    init(options: Options, writing: JSONWritingOptions) {
      self.options = options
      emitter = Emitter(
        options: writing, indentation: .spaces(2), out: OutputBuffer(capacity: 4096))
      frames.reserveCapacity(16)
      path.reserveCapacity(16)
    }

    deinit {
      if !taken { emitter.out.deallocate() }
      _ = emitter.finish()
    }

    var codingPath: [any CodingKey] { path.map(\.codingKey) }

    var userInfo: [CodingUserInfoKey: Any] { options.userInfo.mapValues { $0 as Any } }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
      KeyedEncodingContainer(
        KeyedStreamContainer<Key>(
          encoder: self, frame: ownContainer(object: true), depth: path.count))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
      UnkeyedStreamContainer(encoder: self, frame: ownContainer(object: false), depth: path.count)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
      SingleValueStreamContainer(encoder: self)
    }

    // MARK: Encoding

    /// Encodes the top-level value; the text, or `nil` when the tree encoder must take over.
    func encodeTopLevel<T: Encodable>(_ value: T) throws -> OutputBuffer? {
      if ScalarKind(T.self) != nil || Self.isSpecial(T.self) {
        try encodeValue(value, item: nil)
        slotFilled = true
      } else {
        try value.encode(to: self)
        if failed { return nil }
        close(downTo: 0)
      }
      guard !failed, slotFilled, frames.isEmpty else { return nil }
      taken = true
      return emitter.out
    }

    /// Writes one value at the current place (after a key, a comma, or as the slot's value).
    @inline(__always)
    func encodeValue<T: Encodable>(_ value: T, item: CodingPathItem?) throws {
      if let kind = ScalarKind(T.self) { return try writeScalar(value, kind) }
      try encodeComposite(value, item: item)
    }

    /// Dates, data, URLs, decimals and `JSON` as the strategies say; anything else by its
    /// own `encode(to:)`, in a fresh slot.
    func encodeComposite<T: Encodable>(_ value: T, item: CodingPathItem?) throws {
      if T.self == Date.self { return try writeDate(cast(value, to: Date.self), item: item) }
      if T.self == Data.self { return try writeData(cast(value, to: Data.self), item: item) }
      if T.self == URL.self {
        return emitter.writeString(cast(value, to: URL.self).absoluteString)
      }
      if T.self == Decimal.self { return emitter.writeScalar(JSON(cast(value, to: Decimal.self))) }
      if T.self == JSON.self {
        let json = cast(value, to: JSON.self)
        return json.exists() ? emitter.write(json) : emitter.appendLiteral("null")
      }
      if !options.defaultKeys, value is any StringKeyedDictionaryEncodable { try fail() }
      try descend(item) { try value.encode(to: $0) }
    }

    static func isSpecial(_ type: Any.Type) -> Bool {
      type == Date.self || type == Data.self || type == URL.self || type == Decimal.self
        || type == JSON.self
    }

    /// Runs `body` as the encode of one child value: it gets a fresh slot, its containers
    /// are closed when it returns, and a child that wrote nothing is `{}` (as in Foundation).
    @inline(__always)
    func descend(_ item: CodingPathItem?, _ body: (StreamImpl) throws -> Void) throws {
      let savedFilled = slotFilled
      let savedFrame = slotFrame
      let depth = frames.count
      slotFilled = false
      slotFrame = -1
      if let item { path.append(item) }
      try body(self)
      if item != nil { path.removeLast() }
      if failed { throw StreamFallback() }
      close(downTo: depth)
      if !slotFilled { emitter.appendLiteral("{}") }
      slotFilled = savedFilled
      slotFrame = savedFrame
    }

    @inline(__always)
    func writeScalar<T>(_ value: T, _ kind: ScalarKind) throws {
      switch kind {
      case .string: emitter.writeString(cast(value, to: String.self))
      case .bool: emitter.appendLiteral(cast(value, to: Bool.self) ? "true" : "false")
      case .int: emitter.writeInteger(Int64(cast(value, to: Int.self)))
      case .int64: emitter.writeInteger(cast(value, to: Int64.self))
      case .double:
        let double = cast(value, to: Double.self)
        guard double.isFinite else { try fail() }
        emitter.writeNumber(.double(double))
      default:
        guard let json = JSONKitEncoder.scalarJSON(value, kind) else { try fail() }
        emitter.writeScalar(json)
      }
    }

    func writeDate(_ date: Date, item: CodingPathItem?) throws {
      switch options.dates {
      case .deferredToDate: try descend(item) { try date.encode(to: $0) }
      case .secondsSince1970: try writeScalar(date.timeIntervalSince1970, .double)
      case .millisecondsSince1970: try writeScalar(1000 * date.timeIntervalSince1970, .double)
      case .iso8601:
        // The common form straight into the output, quotes included; the style otherwise.
        let target = emitter.out.reserve(22)
        if InternetDateTime.writeCommon(date, to: target + 1) {
          target[0] = 0x22
          target[21] = 0x22
          emitter.out.commit(22)
        } else {
          emitter.writeString(InternetDateTime.format(date))
        }
      case .formatted(let formatter):
        // Straight into the output when the pattern is one `FixedDateFormat` writes and
        // holds nothing to escape; through `writeString` when it does; the formatter
        // (several microseconds a date on Linux) for what `FixedDateFormat` leaves.
        if let format = options.fixedDateFormat {
          if !format.needsEscaping {
            let target = emitter.out.reserve(format.maximumLength &+ 2)
            if let count = format.write(date, to: target + 1) {
              target[0] = 0x22
              target[count &+ 1] = 0x22
              emitter.out.commit(count &+ 2)
              return
            }
          } else if let text = format.format(date) {
            return emitter.writeString(text)
          }
        }
        emitter.writeString(formatter.string(from: date))
      case .custom(let closure): try descend(item) { try closure(date, $0) }
      }
    }

    func writeData(_ data: Data, item: CodingPathItem?) throws {
      switch options.data {
      case .deferredToData: try descend(item) { try data.encode(to: $0) }
      case .base64: emitter.writeString(data.base64EncodedString())
      case .custom(let closure): try descend(item) { try closure(data, $0) }
      }
    }

    /// Runs `body` with `path` as the encoder's path (for a nested container's children).
    func withPath(_ own: [CodingPathItem], _ body: (StreamImpl) throws -> Void) throws {
      var saved = own
      swap(&saved, &path)
      defer { swap(&saved, &path) }
      try body(self)
    }

    // MARK: Frames

    /// The container of the value in the slot: a new frame, or the one this value already
    /// opened (a subclass and its superclass share one, as in Foundation).
    func ownContainer(object: Bool) -> FrameRef {
      if slotFrame >= 0 {
        guard !failed, slotFrame < frames.count, frames[slotFrame].isObject == object else {
          return dead()
        }
        close(downTo: slotFrame &+ 1)
        return FrameRef(index: slotFrame, id: frames[slotFrame].id)
      }
      guard !failed, !slotFilled else { return dead() }
      slotFilled = true
      slotFrame = frames.count
      return open(object: object)
    }

    /// Writes `{` or `[` and pushes its frame.
    func open(object: Bool) -> FrameRef {
      emitter.out.append(object ? 0x7B : 0x5B)
      let id = nextFrameID
      nextFrameID &+= 1
      frames.append(Frame(isObject: object, id: id, keysStart: keys.count))
      return FrameRef(index: frames.count &- 1, id: id)
    }

    /// Closes every frame from the innermost until `depth` remain.
    func close(downTo depth: Int) {
      while frames.count > depth {
        let frame = frames.removeLast()
        emitter.out.append(frame.isObject ? 0x7D : 0x5D)
        if frame.isObject { keys.removeSubrange(frame.keysStart...) }
      }
    }

    /// A claim that no frame matches: the container's first use fails the stream.
    func dead() -> FrameRef {
      failed = true
      return FrameRef(index: -1, id: -1)
    }

    func fail() throws -> Never {
      failed = true
      throw StreamFallback()
    }

    /// Makes `frame` the innermost open frame, closing nested containers its owner has
    /// moved on from; fails when the frame itself was closed.
    @inline(__always)
    func use(_ frame: FrameRef) throws {
      guard !failed, frame.index >= 0, frame.index < frames.count,
        frames[frame.index].id == frame.id
      else { try fail() }
      if frames.count > frame.index &+ 1 { close(downTo: frame.index &+ 1) }
    }

    /// Writes the separator and `"name":` of a new member of the object `frame`.
    func beginMember(_ frame: FrameRef, _ name: String) throws {
      try use(frame)
      let i = frame.index
      let bit: UInt64 = 1 << UInt64(Self.keyHash(name) & 63)
      if frames[i].keyBloom & bit != 0, keys[frames[i].keysStart...].contains(name) { try fail() }
      frames[i].keyBloom |= bit
      keys.append(name)
      if frames[i].count > 0 { emitter.out.append(0x2C) }
      frames[i].count &+= 1
      emitter.writeString(name)
      emitter.out.append(0x3A)
    }

    /// Writes the separator of a new element of the array `frame`; returns its index.
    func beginElement(_ frame: FrameRef) throws -> Int {
      try use(frame)
      let i = frame.index
      let index = frames[i].count
      if index > 0 { emitter.out.append(0x2C) }
      frames[i].count = index &+ 1
      return index
    }

    /// A cheap hash of a key for the duplicate filter: its length and first and last bytes.
    @inline(__always)
    static func keyHash(_ name: String) -> Int {
      let utf8 = name.utf8
      guard let first = utf8.first, let last = utf8.last else { return 0 }
      return utf8.count &* 7 &+ Int(first) &* 31 &+ Int(last)
    }

    // MARK: Keys

    /// The JSON key for `key` (default keys or snake case; custom strategies use the tree).
    @inline(__always)
    func name(for key: some CodingKey) -> String {
      if options.defaultKeys { return key.stringValue }
      let name = key.stringValue
      if let converted = snakeCaseNames[name] { return converted }
      let converted = CodingKeyConversion.snakeCase(fromCamelCase: name)
      snakeCaseNames[name] = converted
      return converted
    }
  }
}
