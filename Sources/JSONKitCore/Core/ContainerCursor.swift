/// Uniform read access to an array or object, whether it lives in a parsed document or in
/// a box built in code.
///
/// The writer, equality, hashing and iteration use it so that each is
/// written once.
@usableFromInline
struct ContainerCursor {
  @usableFromInline
  enum Base {
    case node(JSONDocument, UInt64)
    case array(ArrayBox)
    case object(ObjectBox)
  }

  @usableFromInline let base: Base
  @usableFromInline let count: Int
  @usableFromInline let isObject: Bool

  @inlinable
  init?(_ json: JSON) {
    switch json.storage {
    case .array(let box):
      base = .array(box)
      count = box.elements.count
      isObject = false
    case .object(let box):
      base = .object(box)
      count = box.count
      isObject = true
    case .node(let document, let slot):
      let tag = Slot.tag(slot)
      guard tag == Slot.arrayTag || tag == Slot.objectTag else { return nil }
      base = .node(document, slot)
      count = document.count(slot)
      isObject = tag == Slot.objectTag
    default:
      return nil
    }
  }

  /// Element `i` of an array.
  @inlinable
  func element(_ i: Int) -> JSON {
    switch base {
    case .array(let box): return box.elements[i]
    case .node(let document, let slot):
      return JSON(document: document, slot: document.element(slot, i))
    case .object: preconditionFailure("not an array")
    }
  }

  /// The value of member `i` of an object.
  @inlinable
  func value(_ i: Int) -> JSON {
    switch base {
    case .object(let box): return box.values[i]
    case .node(let document, let slot):
      return JSON(document: document, slot: document.memberValue(slot, i))
    case .array: preconditionFailure("not an object")
    }
  }

  /// The key of member `i` of an object.
  @inlinable
  func key(_ i: Int) -> String {
    switch base {
    case .object(let box): return box.keys[i]
    case .node(let document, let slot): return document.keyString(document.memberKey(slot, i))
    case .array: preconditionFailure("not an object")
    }
  }

  /// Calls `body` with the UTF-8 bytes of member `i`'s key, without making a `String` for
  /// parsed documents.
  @inlinable
  func withKeyBytes<R>(_ i: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    switch base {
    case .object(let box):
      var key = box.keys[i]
      return key.withUTF8(body)
    case .node(let document, let slot): return body(document.keyText(document.memberKey(slot, i)))
    case .array: preconditionFailure("not an object")
    }
  }

  /// Member positions ordered by key, in Unicode code point (= UTF-8 byte) order.
  func sortedMemberOrder() -> [Int] {
    let keys = (0..<count).map { i in withKeyBytes(i) { Array($0) } }
    return (0..<count).sorted { keys[$0].lexicographicallyPrecedes(keys[$1]) }
  }
}
