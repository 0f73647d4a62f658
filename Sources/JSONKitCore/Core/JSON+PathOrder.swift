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
    // Safe: `i < n = min(a.count, b.count)`.
    a.withUnsafeBufferPointer { a in
      b.withUnsafeBufferPointer { b in
        let n = Swift.min(a.count, b.count)
        var i = 0
        while i < n {
          let c = compareComponents(a[i], b[i])
          if c != 0 { return c }
          i &+= 1
        }
        return a.count < b.count ? -1 : (a.count == b.count ? 0 : 1)
      }
    }
  }

  /// `compare` of two path components, directly for integers and strings.
  private static func compareComponents(_ x: JSON, _ y: JSON) -> Int {
    switch (x.storage, y.storage) {
    case (.number(.int(let p)), .number(.int(let q))):
      return p < q ? -1 : (p == q ? 0 : 1)
    case (.string(let s), .string(let t)):
      // The same key, interned by the walk that made both paths, is the same string: equal
      // representations are equal text (the converse does not hold, so then the bytes).
      // Safe: the cast reads a `String`'s two words, and only where it has two words.
      if MemoryLayout<String>.size == 16,
        unsafeBitCast(s, to: (UInt64, UInt64).self) == unsafeBitCast(t, to: (UInt64, UInt64).self)
      {
        return 0
      }
      return compareStrings(x, y)
    default:
      return x.isStringValue && y.isStringValue ? compareStrings(x, y) : compare(x, y)
    }
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
