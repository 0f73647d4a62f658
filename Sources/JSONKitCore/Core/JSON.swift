/// A JSON value: parsed by yajl, built from literals, or converted from Foundation objects.
///
/// `JSON` keeps SwiftyJSON 5's names, so code written for SwiftyJSON ports by changing the
/// import, and fixes its flaws: subscripts are O(1) and never copy the tree, numbers keep
/// their source text and never convert lossily behind your back, and a missing key or a
/// wrong type yields a value whose `error` says where it happened.
///
/// ```swift
/// let json = try JSON(data: Data(#"{"user": {"name": "Ada", "langs": ["en", "fr"]}}"#.utf8))
/// json["user"]["name"].stringValue          // "Ada"
/// json["user", "langs", 1].string           // "fr"
/// json["user"]["age"].int                   // nil
/// json["user"]["age"].error?.description    // "Dictionary key 'age' does not exist at .user.age"
/// ```
///
/// A parsed value is a view into one immutable `JSONDocument` (a flat tape); copying or
/// subscripting it retains the document and copies two words. Writing through a subscript
/// materializes only the containers on the written path.
public struct JSON: Sendable {
  @usableFromInline
  enum Storage: Sendable {
    case null
    case bool(Bool)
    case number(NumberValue)
    case string(String)
    case array(ArrayBox)
    case object(ObjectBox)
    /// A string, non-inline number, array or object slot of a parsed document.
    case node(JSONDocument, UInt64)
    /// The result of a failed access; reads as `null`.
    case invalid(FailedAccess)
  }

  @usableFromInline var storage: Storage
  /// For a value read through a subscript of a parsed document: the tape position of its
  /// slot plus one, from which the document derives its path when one is asked for; 0 when
  /// the value was not reached that way.
  ///
  /// Sits in `storage`'s padding, so `JSON` stays 32 bytes.
  @usableFromInline var location: UInt32
  /// How this value was reached when `location` alone cannot say (see `Trail`); `nil` for
  /// roots, stored elements and values that `location` places.
  @usableFromInline var trail: Trail?

  @inlinable
  init(storage: Storage) {
    self.storage = storage
    self.location = 0
    self.trail = nil
  }

  /// The JSON `null`.
  public static let null = JSON(storage: .null)

  /// A value read from a document slot.
  @inlinable
  init(document: JSONDocument, slot: UInt64) {
    switch Slot.tag(slot) {
    case 0: storage = .null
    case 1: storage = .bool(false)
    case 2: storage = .bool(true)
    case Slot.intTag: storage = .number(.int(Slot.intValue(slot)))
    default: storage = .node(document, slot)
    }
    location = 0
    trail = nil
  }

  /// A scalar slot that needs no document (null, booleans, inline integers).
  init(scalarSlot slot: UInt64) {
    switch Slot.tag(slot) {
    case 1: storage = .bool(false)
    case 2: storage = .bool(true)
    case Slot.intTag: storage = .number(.int(Slot.intValue(slot)))
    default: storage = .null
    }
    location = 0
    trail = nil
  }

  /// An array of values (their paths are dropped).
  public init(array: [JSON]) {
    // Values taken out of containers or built in code carry no path: then the array is
    // stored as it is (no copy of every element, as for each `[f]` a query collects).
    if array.allSatisfy(\.isDetached) {
      storage = .array(ArrayBox(array))
    } else {
      storage = .array(ArrayBox(array.map(\.detached)))
    }
    location = 0
    trail = nil
  }

  /// A failed access.
  package init(error: JSONError) {
    self.init(storage: .invalid(.boxed(ErrorBox(error))))
  }

  /// A failed access whose error (and its path) is worked out only when it is read: a
  /// missing optional field costs no path and no preview.
  init(failure: PendingAccessFailure) {
    self.init(storage: .invalid(.boxed(ErrorBox(failure))))
  }

  /// Whether this value carries no path (`detached` is the value itself).
  @usableFromInline
  var isDetached: Bool {
    if case .none = trail, location == 0 { return true }
    return false
  }

  /// This value without the path it was reached by, as stored inside containers.
  @usableFromInline
  var detached: JSON {
    if isDetached { return self }
    if case .invalid(.missingKey) = storage, let error {
      // The error needs the trail it is about to lose.
      return JSON(error: error)
    }
    var copy = self
    copy.trail = nil
    copy.location = 0
    return copy
  }

  /// The kind of this value.
  ///
  /// Failed accesses report `.null` (their `error` says why); a
  /// value `JSON(_:)` could not convert reports `.unknown`, as in SwiftyJSON.
  public var type: JSONType {
    switch storage {
    case .null: return .null
    case .invalid(.boxed(let box)):
      return box.isConversionFailure ? .unknown : .null
    case .invalid(.missingKey):
      return .null
    case .bool: return .bool
    case .number: return .number
    case .string: return .string
    case .array: return .array
    case .object: return .dictionary
    case .node(_, let slot):
      switch Slot.tag(slot) {
      case Slot.stringTag, Slot.longStringTag: return .string
      case Slot.numberTag, Slot.longNumberTag: return .number
      case Slot.arrayTag: return .array
      default: return .dictionary
      }
    }
  }

  /// Why this value does not exist: the first failed access of a subscript chain, with its
  /// full path.
  ///
  /// `nil` for every real value, including `null`.
  public var error: JSONError? {
    switch storage {
    case .invalid(.boxed(let box)):
      return box.error
    case .invalid(.missingKey(let key)):
      // `location` holds the object's block + 1, `trail` its document (see `notFound`).
      guard case .document(let document) = trail, location != 0 else {
        return JSONError(.access(.keyNotFound(key)), path: [.key(key)])
      }
      let object = Slot.make(Slot.objectTag, UInt64(location) &- 1)
      return JSONError(
        .access(.keyNotFound(key)), path: document.path(toContainer: object) + [.key(key)])
    default:
      return nil
    }
  }

  /// `false` for the result of a failed access, `true` for every real value (even `null`).
  ///
  /// ```swift
  /// let json: JSON = ["a": nil]
  /// json["a"].exists()  // true
  /// json["b"].exists()  // false
  /// ```
  public func exists() -> Bool {
    if case .invalid = storage { return false }
    return true
  }

  /// The path from the root by which this value was reached (`[]` for a root).
  ///
  /// A value read from a parsed document knows its place in that document, so its path runs
  /// from the document's root, even when the value was taken out of an array or dictionary
  /// on the way (`json["items"].arrayValue[3].path` is `.items[3]`).
  public var path: [JSONPathComponent] {
    if case .invalid = storage { return [] }
    switch trail {
    case .steps(let node):
      return node.components
    case .document(let document):
      return location == 0 ? [] : document.path(toSlotAt: Int(location) &- 1)
    case nil:
      guard case .node(let document, let slot) = storage else { return [] }
      if location != 0 { return document.path(toSlotAt: Int(location) &- 1) }
      let tag = Slot.tag(slot)
      guard tag == Slot.arrayTag || tag == Slot.objectTag else { return [] }
      return document.path(toContainer: slot)
    }
  }
}

/// A number created in code (parsed numbers stay in their document as text).
@usableFromInline
enum NumberValue: Sendable {
  case int(Int64)
  case uint(UInt64)
  case double(Double)
  /// A `Float`, kept as one so that `object` gives an `NSNumber` that casts back to `Float`
  /// (`as? Float` of a `Double`-valued `NSNumber` fails on Linux unless exact). Written, read
  /// as a `Double` and compared as its shortest text (`1.3`, not `1.2999999523162842`).
  case float(Float)
  /// Exact decimal text, from `Decimal` or a parsed number that was materialized.
  case text(String)

  /// The `Double` a `Float` stands for: the one nearest to the Float's shortest text.
  @usableFromInline
  static func widened(_ f: Float) -> Double { Double(f.description) ?? Double(f) }
}
