// Ordering paths (arrays of keys and indexes) without going through the general comparison.

extension JSON {
  /// jq's order of two arrays given by their elements (`compare` of the two arrays): element
  /// by element, then the shorter first.
  ///
  /// For sorting paths (`delpaths` sorts every path it deletes): their components are
  /// strings and integers, compared here directly; anything else goes through `compare`.
  /// `compare` on the arrays themselves keeps a work list and copies each pair of elements,
  /// about 13,000 instructions per comparison of two twitter.json paths.
  ///
  /// ```swift
  /// JSON.compareElements([JSON("a"), JSON(1)], [JSON("a"), JSON(2)])   // -1
  /// ```
  package static func compareElements(_ a: [JSON], _ b: [JSON]) -> Int {
    let n = Swift.min(a.count, b.count)
    var i = 0
    while i < n {
      let c: Int
      if case .number(.int(let x)) = a[i].storage, case .number(.int(let y)) = b[i].storage {
        c = x < y ? -1 : (x == y ? 0 : 1)
      } else if a[i].isStringValue && b[i].isStringValue {
        c = compareStrings(a[i], b[i])
      } else {
        c = compare(a[i], b[i])
      }
      if c != 0 { return c }
      i &+= 1
    }
    return a.count < b.count ? -1 : (a.count == b.count ? 0 : 1)
  }

  /// Whether this is a string (built or parsed).
  private var isStringValue: Bool {
    switch storage {
    case .string: return true
    case .node(_, let slot):
      let tag = Slot.tag(slot)
      return tag == Slot.stringTag || tag == Slot.longStringTag
    default: return false
    }
  }
}
