// Where a slot sits: the path from the document's root to a slot of the tape, worked out
// from the tape's order instead of being remembered by every value read through a subscript.
//
// Blocks are written when their container closes, so the words of a container's subtree lie
// on the tape after its previous sibling's block and end with its own block. Going down from
// the root, the child that holds a position is therefore the first container child whose
// block ends at or after it; children's block ends grow with their index, so a binary
// search finds it. A path costs O(depth × log width) reads, and is asked for only when an
// error or `JSON.path` needs it.

extension JSONDocument {
  /// The path from the root to the value whose slot is the tape word at `position` (a word
  /// of some container's block, as `JSON.location` records).
  func path(toSlotAt position: Int) -> [JSONPathComponent] {
    descend(toward: position) { container, start in
      // The position is one of this container's own words?
      let width = Self.width(container)
      let end = start &+ count(container) &* width
      return position > start && position <= end ? (position &- start &- 1) / width : nil
    } ?? []
  }

  /// The path from the root to the container `slot` (an array or object slot of this
  /// document); `[]` for the root.
  func path(toContainer slot: UInt64) -> [JSONPathComponent] {
    if slot == root { return [] }
    let start = Int(Slot.payload(slot))
    var result: [JSONPathComponent] = []
    var container = root
    while Self.isContainer(container) {
      guard let i = childHolding(start, in: container) else { break }
      result.append(step(container, i))
      let child = childSlot(container, i)
      if child == slot { return result }
      container = child
    }
    assertionFailure("container slot not found under the document's root")
    return result
  }

  /// Walks down from the root toward `position` until `ownIndex` finds it among a
  /// container's own words; returns the steps taken, or `nil` when the position is not a
  /// word of any block under the root.
  private func descend(
    toward position: Int, ownIndex: (_ container: UInt64, _ start: Int) -> Int?
  ) -> [JSONPathComponent]? {
    var result: [JSONPathComponent] = []
    var container = root
    while Self.isContainer(container) {
      let start = Int(Slot.payload(container))
      if let i = ownIndex(container, start) {
        result.append(step(container, i))
        return result
      }
      guard position < start, let i = childHolding(position, in: container) else { break }
      result.append(step(container, i))
      container = childSlot(container, i)
    }
    assertionFailure("tape position \(position) is not a slot under the document's root")
    return nil
  }

  /// The index of the first container child of `container` whose block ends at or after
  /// `position`: the child whose subtree holds it.
  private func childHolding(_ position: Int, in container: UInt64) -> Int? {
    let n = count(container)
    // The first container child at or after `i` (or `n`).
    func nextContainer(_ i: Int) -> Int {
      var j = i
      while j < n && !Self.isContainer(childSlot(container, j)) { j &+= 1 }
      return j
    }
    // Lower bound of "the next container at or after k is missing or ends at or after
    // `position`", which grows from false to true with k.
    var low = 0
    var high = n
    while low < high {
      let middle = (low &+ high) / 2
      let j = nextContainer(middle)
      if j == n || blockEnd(childSlot(container, j)) >= position {
        high = middle
      } else {
        low = j &+ 1
      }
    }
    let j = nextContainer(low)
    guard j < n, blockEnd(childSlot(container, j)) >= position else { return nil }
    return j
  }

  private func childSlot(_ container: UInt64, _ i: Int) -> UInt64 {
    Slot.tag(container) == Slot.objectTag ? memberValue(container, i) : element(container, i)
  }

  private func step(_ container: UInt64, _ i: Int) -> JSONPathComponent {
    Slot.tag(container) == Slot.objectTag ? .key(keyString(memberKey(container, i))) : .index(i)
  }

  /// The tape index of the last word of a container's block.
  private func blockEnd(_ container: UInt64) -> Int {
    Int(Slot.payload(container)) &+ count(container) &* Self.width(container)
  }

  private static func width(_ container: UInt64) -> Int {
    Slot.tag(container) == Slot.objectTag ? 2 : 1
  }

  private static func isContainer(_ slot: UInt64) -> Bool {
    let tag = Slot.tag(slot)
    return tag == Slot.arrayTag || tag == Slot.objectTag
  }
}
