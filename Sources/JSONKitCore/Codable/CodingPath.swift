// Coding paths for `JSONKitDecoder` and `JSONKitEncoder`.
//
// A `Decoder` must report its `codingPath` as `[CodingKey]`, but building that array for
// every value would cost an allocation per nested value. The coders instead keep a stack of
// `CodingPathItem`s that grows and shrinks as they descend, and turn it into `[CodingKey]`
// (or into jq notation for error messages) only when somebody asks.

/// A coding key made at run time: array positions, `super`, the keys of `[String: …]`
/// dictionaries and keys converted by a key strategy.
struct JSONKitCodingKey: CodingKey, Sendable, Hashable {
  let stringValue: String
  let intValue: Int?

  init(stringValue: String) {
    self.stringValue = stringValue
    intValue = nil
  }

  init(intValue: Int) {
    stringValue = String(intValue)
    self.intValue = intValue
  }

  /// The key of an array position, as Foundation's coders name it (`Index 3`).
  init(index: Int) {
    stringValue = "Index \(index)"
    intValue = index
  }

  /// The key of `superDecoder()` and `superEncoder()`.
  static let `super` = JSONKitCodingKey(stringValue: "super")
}

/// One step of a coding path: a key of a keyed container or a position in an unkeyed one.
enum CodingPathItem {
  case key(any CodingKey)
  case index(Int)

  var codingKey: any CodingKey {
    switch self {
    case .key(let key): return key
    case .index(let i): return JSONKitCodingKey(index: i)
    }
  }

  var component: JSONPathComponent {
    switch self {
    case .key(let key): return .key(key.stringValue)
    case .index(let i): return .index(i)
    }
  }

  /// The path in jq's notation (`.friends[3].age`; `.` for the root), for error messages.
  static func render(_ items: [CodingPathItem]) -> String {
    JSONPathComponent.render(items.map(\.component))
  }
}

/// Where a container's coding path is kept.
///
/// A container made by `Decoder.container(keyedBy:)` (or the encoder's equivalent) lives
/// while its `init(from:)` runs, during which the coder's path stack holds exactly the
/// container's path: the container only records the stack's depth (`own == nil`), and
/// decoding a child pushes one item and pops it again. A container made by
/// `nestedContainer(…)` or for a `superDecoder()` is not on the stack, so it carries its
/// own path; those are rare, so the array they copy costs little.
struct PathBase {
  let depth: Int
  let own: [CodingPathItem]?

  static func shared(_ depth: Int) -> PathBase { PathBase(depth: depth, own: nil) }

  static func own(_ items: [CodingPathItem]) -> PathBase {
    PathBase(depth: items.count, own: items)
  }

  /// The container's path, given the coder's current stack.
  func items(_ stack: [CodingPathItem]) -> [CodingPathItem] {
    own ?? Array(stack.prefix(depth))
  }

  /// The container's path, without copying the coder's stack.
  func slice(_ stack: [CodingPathItem]) -> ArraySlice<CodingPathItem> {
    own.map { $0[...] } ?? stack[..<depth]
  }

  /// The path of the container's child `item` (or of the container itself when `nil`).
  func items(_ stack: [CodingPathItem], appending item: CodingPathItem?) -> [CodingPathItem] {
    var result = items(stack)
    if let item { result.append(item) }
    return result
  }
}
