#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// The state behind a keyed decoding container: which object it reads and how its keys are
// named.

extension JSONKitDecoder {
  /// An object being decoded: a block of a parsed document's tape, or a box built in code.
  enum ObjectSource {
    case tape(JSONDocument, UInt64)
    case box(ObjectBox)

    var count: Int {
      switch self {
      case .tape(let document, let slot): return document.count(slot)
      case .box(let box): return box.count
      }
    }

    func key(_ i: Int) -> String {
      switch self {
      case .tape(let document, let slot): return document.keyString(document.memberKey(slot, i))
      case .box(let box): return box.keys[i]
      }
    }

    func value(_ i: Int) -> JSON {
      switch self {
      case .tape(let document, let slot):
        return JSON(document: document, slot: document.memberValue(slot, i))
      case .box(let box): return box.values[i]
      }
    }

    /// The member named `name`, as written in the JSON.
    @inline(__always)
    func member(named name: String) -> JSON? {
      switch self {
      case .tape(let document, let slot):
        guard let value = document.codableMember(slot, name, bytes: document.bytes) else {
          return nil
        }
        return JSON(document: document, slot: value)
      case .box(let box):
        guard let i = box.find(name) else { return nil }
        return box.values[i]
      }
    }
  }

  /// The members' names under a key strategy other than `.useDefaultKeys`.
  struct ConvertedKeys {
    /// The converted name of each member, in member order.
    let names: [String]
    /// Converted name → member position; when two keys convert alike, the last one wins
    /// (as in Foundation, which builds a dictionary).
    let positions: [String: Int]
  }

  /// The state of one keyed container.
  ///
  /// `KeyedDecodingContainer` keeps its concrete container in a `var` of a box and copies
  /// it on every call; holding all state in one object makes that copy one retain instead
  /// of one per field.
  final class ObjectFrame {
    let decoder: Impl
    // `@exclusivity(unchecked)`: written only by `init` and `repoint…`, which the decoder
    // calls only when no container refers to this frame (see `reusableContainer(keyedBy:)`).
    /// The object, when `document` is `nil`; otherwise stale (see `source`): the fast path
    /// repoints a frame without copying an enum whose payload it would retain and release.
    @exclusivity(unchecked) var object: ObjectSource
    @exclusivity(unchecked) var base: PathBase
    /// Set when the key strategy converts names; `nil` for `.useDefaultKeys`.
    @exclusivity(unchecked) var converted: ConvertedKeys?
    /// The fast path: set for a parsed object under `.useDefaultKeys` (with its `bytes`
    /// and `slot`).
    @exclusivity(unchecked) var document: JSONDocument?
    @exclusivity(unchecked) var bytes: UnsafePointer<UInt8>
    @exclusivity(unchecked) var slot: UInt64

    init(decoder: Impl, object: ObjectSource, base: PathBase, converted: ConvertedKeys?) {
      self.decoder = decoder
      self.object = object
      self.base = base
      self.converted = converted
      document = nil
      // Safe: the stand-in address is never read: `bytes` is read only when `document` is set.
      bytes = UnsafePointer(bitPattern: 1).unsafelyUnwrapped  // read only when `document` is set
      slot = 0
      setFastPath()
    }

    func repoint(object: ObjectSource, base: PathBase, converted: ConvertedKeys?) {
      self.object = object
      self.base = base
      self.converted = converted
      setFastPath()
    }

    /// `repoint` to the object at `slot` of a parsed `document`, for a frame on the fast
    /// path (`document` set) whose container is on top of the path stack at `depth`.
    @inline(__always)
    func repoint(_ document: JSONDocument, _ slot: UInt64, depth: Int) {
      if document !== self.document {
        self.document = document
        bytes = UnsafePointer(document.bytes)
      }
      self.slot = slot
      if base.own != nil || base.depth != depth { base = .shared(depth) }
    }

    /// The object this frame reads.
    var source: ObjectSource {
      if let document { return .tape(document, slot) }
      return object
    }

    @inline(__always)
    private func setFastPath() {
      if case .tape(let document, let slot) = object, converted == nil, !decoder.recording {
        self.document = document
        self.bytes = UnsafePointer(document.bytes)
        self.slot = slot
      } else {
        document = nil
      }
    }

    /// The member named `name` (after key conversion), or `nil`.
    @inline(__always)
    func member(named name: String) -> JSON? {
      if let document {
        guard let value = document.codableMember(slot, name, bytes: bytes) else {
          absent(name)
          return nil
        }
        return JSON(document: document, slot: value)
      }
      if decoder.recording {
        let found = object.member(named: name)
        decoder.projection?.lookup(name, at: base.slice(decoder.path), found: found != nil)
        return found
      }
      if let converted {
        guard let i = converted.positions[name] else { return nil }
        return object.value(i)
      }
      return object.member(named: name)
    }

    /// Notes that the object lacks the member `name`, which a projected document may have
    /// dropped (see `ProjectionSession`).
    @inline(__always)
    func absent(_ name: String) {
      if let projection = decoder.projection {
        projection.lookup(name, at: base.slice(decoder.path), found: false)
      }
    }
  }
}

extension JSONKitDecoder.Impl {
  /// Every member's converted name, for `.convertFromSnakeCase` and `.custom`.
  func convertedKeys(_ object: JSONKitDecoder.ObjectSource, base: PathBase)
    -> JSONKitDecoder.ConvertedKeys
  {
    let count = object.count
    var names: [String] = []
    names.reserveCapacity(count)
    var positions = [String: Int](minimumCapacity: count)
    for i in 0..<count {
      let name: String
      switch options.keys {
      case .useDefaultKeys:
        name = object.key(i)
      case .convertFromSnakeCase:
        name = snakeCaseName(object, i)
      case .custom(let convert):
        let path =
          base.items(path).map(\.codingKey) + [JSONKitCodingKey(stringValue: object.key(i))]
        name = convert(path).stringValue
      }
      names.append(name)
      positions[name] = i
    }
    return JSONKitDecoder.ConvertedKeys(names: names, positions: positions)
  }

  /// The camel-case name of member `i`; for a parsed document, converted once per
  /// distinct key (documents intern their keys).
  private func snakeCaseName(_ object: JSONKitDecoder.ObjectSource, _ i: Int) -> String {
    guard case .tape(let document, let slot) = object else {
      return CodingKeyConversion.camelCase(fromSnakeCase: object.key(i))
    }
    if convertedNamesDocument != ObjectIdentifier(document) {
      convertedNamesDocument = ObjectIdentifier(document)
      convertedNames = []
    }
    let id = document.memberKey(slot, i)
    if id >= convertedNames.count {
      convertedNames.append(contentsOf: repeatElement(nil, count: id - convertedNames.count + 1))
    }
    if let name = convertedNames[id] { return name }
    let name = CodingKeyConversion.camelCase(fromSnakeCase: document.keyString(id))
    convertedNames[id] = name
    return name
  }
}
