// Handing out keyed containers again.
//
// `KeyedDecodingContainer` boxes its concrete container in a class, and making one from
// generic code looks up three pieces of generic metadata (the box, `KeyedContainer<Key>`,
// its conformance) in the runtime's caches, and allocates the box and its frame: about a
// sixth of the time of decoding a small object such as a GitHub event's `actor`. Arrays of
// objects ask for the same container type over and over, so the decoder keeps the boxes
// it made and points one at the next object once nothing else refers to it.

/// A keyed container that the decoder may hand out again: its box (the
/// `KeyedDecodingContainer`'s one stored reference) and the frame its container reads.
struct ReusableContainer {
  let keyType: ObjectIdentifier
  var box: AnyObject
  let frame: JSONKitDecoder.ObjectFrame
}

extension JSONKitDecoder.Impl {
  /// A keyed container over the current value: a kept one whose box nobody else holds
  /// (so repointing it cannot change what any caller sees), or a new one, kept for later.
  ///
  /// `KeyedDecodingContainer` is a struct whose only stored property is its box (a class
  /// reference), so it is kept as that reference: `unsafeBitCast` checks the sizes agree,
  /// and `isKnownUniquelyReferenced` proves that no caller still holds the container. A
  /// container kept by a caller beyond the `init(from:)` that asked for it is therefore
  /// never reused, and keeps reading its own object.
  func reusableContainer<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<
    Key
  > {
    let depth = path.count
    let base = PathBase.shared(depth)
    let keyType = ObjectIdentifier(Key.self)
    var i = 0
    while i < reusable.count {
      if reusable[i].keyType == keyType && isKnownUniquelyReferenced(&reusable[i].box) {
        let frame = reusable[i].frame
        // The usual case, a parsed object read on the fast path again: only its place
        // changes.
        if frame.document != nil, case .node(let document, let slot) = value.storage,
          Slot.tag(slot) == Slot.objectTag
        {
          frame.repoint(document, slot, depth: depth)
        } else {
          let (object, converted) = try objectSource(for: value, base: base)
          frame.repoint(object: object, base: base, converted: converted)
        }
        // Safe: entries are found by `Key`'s identifier, so this box was made from a
        // `KeyedDecodingContainer<Key>`; the cast gives its static type back.
        return unsafeBitCast(reusable[i].box, to: KeyedDecodingContainer<Key>.self)
      }
      i &+= 1
    }
    let concrete = try keyedContainer(for: value, base: base, keyedBy: Key.self)
    let container = KeyedDecodingContainer(concrete)
    // A few dozen container types at most are in use at once; past that, stop keeping.
    if reusesContainers && reusable.count < 64 {
      // Safe: a `KeyedDecodingContainer` is one class reference (its box), and
      // `unsafeBitCast` traps if the sizes ever differ.
      reusable.append(
        ReusableContainer(
          keyType: keyType, box: unsafeBitCast(container, to: AnyObject.self), frame: concrete.frame
        ))
    }
    return container
  }
}
