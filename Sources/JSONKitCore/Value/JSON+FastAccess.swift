// Lookups for the other JSONKit modules' hot paths (Mapping reads thousands of fields per
// document): no `PathNode` is allocated and no error value is built, because the caller
// tracks its own path and reports its own failures.

extension JSON {
  /// The value for `key` when this is an object that has it; `nil` otherwise.
  package func member(_ key: String) -> JSON? {
    switch storage {
    case .object(let box):
      guard let i = box.find(key) else { return nil }
      return box.values[i]
    case .node(let document, let slot) where Slot.tag(slot) == Slot.objectTag:
      guard let value = document.lookup(slot, key) else { return nil }
      return JSON(document: document, slot: value)
    default:
      return nil
    }
  }

  /// The element at `index` when this is an array that has it; `nil` otherwise.
  package func element(_ index: Int) -> JSON? {
    switch storage {
    // Guards, not `c ? element : nil`: JSON is ExpressibleByNilLiteral, so such a `nil`
    // would be JSON's null, returned as an element past the end.
    case .array(let box):
      guard index >= 0 && index < box.elements.count else { return nil }
      return box.elements[index]
    case .node(let document, let slot) where Slot.tag(slot) == Slot.arrayTag:
      guard index >= 0 && index < document.count(slot) else { return nil }
      return JSON(document: document, slot: document.element(slot, index))
    default:
      return nil
    }
  }

  /// The elements of an array, `nil` for other values: a built array's own storage, shared
  /// and not copied (copy-on-write copies it if either side changes), a parsed array's read
  /// out in one exactly sized array.
  ///
  /// What `array` returns; also for `setpath`, `getpath` and the path loops, which read a
  /// path array per step.
  package var arrayElements: [JSON]? {
    switch storage {
    case .array(let box):
      return box.elements
    case .node(let document, let slot) where Slot.tag(slot) == Slot.arrayTag:
      let count = document.count(slot)
      var elements: [JSON] = []
      elements.reserveCapacity(count)
      for i in 0..<count {
        elements.append(JSON(document: document, slot: document.element(slot, i)))
      }
      return elements
    default:
      return nil
    }
  }

  /// Calls `body` with each element of an array (nothing for other values).
  package func forEachElement(_ body: (Int, JSON) throws -> Void) rethrows {
    guard let cursor = ContainerCursor(self), !cursor.isObject else { return }
    for i in 0..<cursor.count { try body(i, cursor.element(i)) }
  }

  /// Calls `body` with each member of an object, in order (nothing for other values).
  package func forEachMember(_ body: (String, JSON) throws -> Void) rethrows {
    guard let cursor = ContainerCursor(self), cursor.isObject else { return }
    for i in 0..<cursor.count { try body(cursor.key(i), cursor.value(i)) }
  }

  /// Compact JSON text of this value, cut to about 40 characters, for error messages.
  package var shortPreview: String { preview }
}

extension JSON {
  /// A number as an IEEE `Double` with nothing clamped: NaN stays NaN and ±infinity stays
  /// infinite (`doubleValue` follows SwiftyJSON and turns them into 0 and ±max).
  ///
  /// `nil` for
  /// other types. For JSONQuery, whose arithmetic is jq's IEEE arithmetic.
  package var ieeeDouble: Double? { type == .number ? nearestDouble : nil }
}

/// An object of a parsed document, held without reference counting: for a reader that looks
/// up many members of one object and keeps the object's `JSON` alive meanwhile (Mapping's
/// `Map`, whose `JSON` property holds it).
///
/// Unmanaged: copying a `JSON` out of a class property costs a retain and a release, which
/// the member lookups of a mapping paid for every property (and an `unowned(unsafe)`
/// reference is still retained around each call). The holder's `JSON` keeps the document
/// alive for as long as this value is used.
package struct UnownedDocumentObject {
  // Safe: unretained: the holder's `JSON` keeps the document alive while this value is used
  // (above).
  @usableFromInline let document: Unmanaged<JSONDocument>
  @usableFromInline let slot: UInt64

  @usableFromInline
  init(document: JSONDocument, slot: UInt64) {
    // Safe: the holder's `JSON` keeps the document alive while this value is used (above).
    self.document = Unmanaged.passUnretained(document)
    self.slot = slot
  }

  /// The slot of the value of the member whose key is the UTF-8 text `key`, or `nil` when
  /// the object has no such key (first match, as `JSON.member(_:)`).
  @inlinable
  package func memberSlot(_ key: UnsafeBufferPointer<UInt8>) -> UInt64? {
    // Safe: an empty key has no base address; the stand-in is never read, as `lookup` reads
    // `key.count` (zero) bytes; the holder keeps `document` alive (above).
    guard let base = key.baseAddress ?? UnsafePointer(bitPattern: 1) else { return nil }
    let object = slot
    return document._withUnsafeGuaranteedRef { $0.lookup(object, base, key.count) }
  }

  /// The string at `slot` (from `memberSlot(_:)`), as `JSON.string` reads it; `nil` when
  /// the slot is not a string.
  ///
  /// Needs no `JSON`, whose construction retains the document.
  @inlinable
  package func string(slot: UInt64) -> String? {
    let tag = Slot.tag(slot)
    guard tag == Slot.stringTag || tag == Slot.longStringTag else { return nil }
    return document._withUnsafeGuaranteedRef { $0.string(slot) }
  }

  /// The value at `slot` (from `memberSlot(_:)`).
  @inlinable
  package func value(slot: UInt64) -> JSON {
    JSON(document: document.takeUnretainedValue(), slot: slot)
  }
}

extension JSON {
  /// This value as an `UnownedDocumentObject` when it is an object of a parsed document;
  /// `nil` otherwise (built objects included: use `member(_:)` then).
  package var unownedDocumentObject: UnownedDocumentObject? {
    guard case .node(let document, let slot) = storage, Slot.tag(slot) == Slot.objectTag else {
      return nil
    }
    return UnownedDocumentObject(document: document, slot: slot)
  }
}
