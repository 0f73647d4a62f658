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

// Equality, hashing and ordering, all without recursion so that values of any depth are
// safe. Numbers compare by value (`1 == 1.0`, and big integers exactly: 9007199254740993 ≠
// 9007199254740992); strings by Unicode scalars (unlike Swift's `String ==`, which applies
// canonical equivalence); objects regardless of key order; booleans are never numbers.

extension JSON: Equatable {
  /// Structural equality.
  ///
  /// Failed accesses equal `null`, as in SwiftyJSON.
  ///
  /// ```swift
  /// JSON(parseJSON: #"{"a": [1, 2.0]}"#) == ["a": [1, 2]]   // true
  /// JSON(true) == JSON(1)                                   // false (SwiftyJSON said true)
  /// ```
  public static func == (lhs: JSON, rhs: JSON) -> Bool {
    var work: [JSON] = [lhs, rhs]
    while work.count >= 2 {
      let y = work.removeLast()
      let x = work.removeLast()
      if !shallowEqual(x, y, children: &work) { return false }
    }
    return true
  }

  /// Compares two values without descending: scalars completely, containers by type and
  /// count, appending the pairs of children still to compare to `children`.
  static func shallowEqual(_ x: JSON, _ y: JSON, children: inout [JSON]) -> Bool {
    if case .node(let dx, let sx) = x.storage, case .node(let dy, let sy) = y.storage, dx === dy,
      sx == sy
    {
      return true
    }
    let type = x.type
    guard type == y.type else { return false }
    switch type {
    case .null, .unknown: return true
    case .bool: return x.bool == y.bool
    case .number: return numbersEqual(x, y)
    case .string: return compareStrings(x, y) == 0
    case .array:
      let a = ContainerCursor(x)
      let b = ContainerCursor(y)
      let count = a?.count ?? 0
      guard count == (b?.count ?? 0) else { return false }
      guard let a, let b else { return true }
      for i in 0..<count {
        children.append(a.element(i))
        children.append(b.element(i))
      }
      return true
    case .dictionary:
      let a = ContainerCursor(x)
      let count = a?.count ?? 0
      guard count == y.count else { return false }
      guard let a else { return true }
      for i in 0..<count {
        let other = y[a.key(i)]
        guard other.exists() else { return false }
        children.append(a.value(i))
        children.append(other.detached)
      }
      return true
    }
  }

  /// Numbers compare exactly when both are exact (literals, integers); when either is a
  /// binary `Double` (computed), both are compared as doubles, as jq does: a computed
  /// 9007199254740992.0 equals the literal 9007199254740993, whose nearest double it is.
  static func numbersEqual(_ x: JSON, _ y: JSON) -> Bool {
    if x.isBinaryDouble || y.isBinaryDouble { return x.nearestDouble == y.nearestDouble }
    if let a = x.exactInt64, let b = y.exactInt64 { return a == b }
    return compareDecimals(x, y) == 0
  }

  /// A number held as a binary `Double` (built in code), as opposed to exact text.
  package var isBinaryDouble: Bool {
    if case .number(.double) = storage { return true }
    return false
  }

  var decimalText: DecimalText {
    switch storage {
    case .number(.int(let i)): return DecimalText(String(i))
    case .number(.uint(let u)): return DecimalText(String(u))
    case .number(.double(let d)): return DecimalText(Emitter.format(d))
    case .number(.float(let f)): return DecimalText(Emitter.format(NumberValue.widened(f)))
    case .number(.text(let t)): return DecimalText(t)
    default: return (withNumberText { DecimalText($0) } ?? nil) ?? DecimalText("0")
    }
  }

  static func compareDecimals(_ x: JSON, _ y: JSON) -> Int {
    DecimalText.compare(x.decimalText, y.decimalText)
  }

  /// Orders numbers as `numbersEqual` compares them.
  ///
  /// A NaN orders as jq's `jvp_cmp` puts
  /// it, as `null` against a number: below every number, NaN included (the left one of two
  /// NaNs is the smaller), wherever it is nested (`[[nan], [1]] | sort` keeps that order).
  static func compareNumbers(_ x: JSON, _ y: JSON) -> Int {
    if x.isBinaryDouble || y.isBinaryDouble {
      let a = x.nearestDouble ?? 0
      let b = y.nearestDouble ?? 0
      if a.isNaN { return -1 }
      if b.isNaN { return 1 }
      return a < b ? -1 : (a == b ? 0 : 1)
    }
    if let a = x.exactInt64, let b = y.exactInt64 { return a < b ? -1 : (a == b ? 0 : 1) }
    return compareDecimals(x, y)
  }

  /// Calls `body` with the UTF-8 bytes of a string value (unescaped, straight from the
  /// document for parsed values: no `String` is made); `nil` for other values.
  package func withStringBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
    switch storage {
    case .string(var s): return s.withUTF8(body)
    case .node(let document, let slot):
      let tag = Slot.tag(slot)
      guard tag == Slot.stringTag || tag == Slot.longStringTag else { return nil }
      return body(document.text(slot))
    default: return nil
    }
  }

  /// Byte-wise (= code point) comparison of two strings.
  static func compareStrings(_ x: JSON, _ y: JSON) -> Int {
    x.withStringBytes { a in
      y.withStringBytes { b in compareBytes(a, b) } ?? 0
    } ?? 0
  }

  static func compareBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int
  {
    let n = Swift.min(a.count, b.count)
    if n > 0, let pa = a.baseAddress, let pb = b.baseAddress {
      let c = memcmp(pa, pb, n)
      if c != 0 { return c < 0 ? -1 : 1 }
    }
    return a.count < b.count ? -1 : (a.count == b.count ? 0 : 1)
  }
}

extension JSON: Hashable {
  /// Consistent with `==`: numbers hash by their nearest `Double`, objects by their count
  /// and their set of keys (values are compared by `==`), without recursion.
  public func hash(into hasher: inout Hasher) {
    var work: [JSON] = [self]
    while let value = work.popLast() {
      let type = value.type
      hasher.combine(type)
      switch type {
      case .null, .unknown: break
      case .bool: hasher.combine(value.bool)
      case .number:
        let d = value.nearestDouble ?? 0
        hasher.combine(d.isNaN ? 0 : (d == 0 ? 0 : d))
      case .string:
        _ = value.withStringBytes { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
      case .array:
        guard let cursor = ContainerCursor(value) else { continue }
        hasher.combine(cursor.count)
        for i in 0..<cursor.count { work.append(cursor.element(i)) }
      case .dictionary:
        guard let cursor = ContainerCursor(value) else { continue }
        hasher.combine(cursor.count)
        var keys = 0
        for i in 0..<cursor.count {
          keys ^= cursor.withKeyBytes(i) { bytes in
            var h = Hasher()
            h.combine(bytes: UnsafeRawBufferPointer(bytes))
            return h.finalize()
          }
        }
        hasher.combine(keys)
      }
    }
  }
}

extension JSON: Comparable {
  /// jq's total order: `null < false < true < numbers < strings < arrays < objects`;
  /// arrays compare element by element, objects first by their sorted keys, then by the
  /// values in key order.
  public static func < (lhs: JSON, rhs: JSON) -> Bool {
    compare(lhs, rhs) < 0
  }

  /// -1, 0 or 1 in jq's order.
  public static func compare(_ lhs: JSON, _ rhs: JSON) -> Int {
    compare(lhs, rhs, depthLimit: .max)!
  }

  /// -1, 0 or 1 in jq's order, or `nil` when deciding it means descending into containers
  /// nested deeper than `depthLimit` (jq refuses such comparisons with an error).
  package static func compare(_ lhs: JSON, _ rhs: JSON, depthLimit: Int) -> Int? {
    // Scalars and arrays of scalars (the keys `sort_by` and `group_by` compare) need no
    // work list: its allocation was most of a comparison of `["abc"]` with `["abd"]`.
    if let order = compareScalars(lhs, rhs) { return order }
    if lhs.type == .array, rhs.type == .array, depthLimit >= 0,
      let order = compareShallowArrays(lhs, rhs, depthLimit: depthLimit)
    {
      return order
    }
    return compareNested(lhs, rhs, depthLimit: depthLimit)
  }

  /// The order of two values that are not both containers of one kind; `nil` for two
  /// arrays or two objects.
  @inline(__always)
  private static func compareScalars(_ x: JSON, _ y: JSON) -> Int? {
    let rx = x.orderRank
    let ry = y.orderRank
    if rx != ry { return rx < ry ? -1 : 1 }
    switch rx {
    case 3: return compareNumbers(x, y)
    case 4: return compareStrings(x, y)
    case 5, 6: return nil
    default: return 0
    }
  }

  /// The order of two arrays (at depth 0, within `depthLimit`) decided by elements that
  /// are not containers; `nil` when a pair of containers must be compared first.
  private static func compareShallowArrays(_ x: JSON, _ y: JSON, depthLimit: Int) -> Int? {
    guard let a = ContainerCursor(x), let b = ContainerCursor(y) else { return nil }
    for i in 0..<Swift.min(a.count, b.count) {
      guard let order = compareScalars(a.element(i), b.element(i)) else { return nil }
      if order != 0 { return order }
    }
    return a.count < b.count ? -1 : (a.count == b.count ? 0 : 1)
  }

  /// `compare(_:_:depthLimit:)` for values with containers inside, with a work list
  /// instead of recursion.
  private static func compareNested(_ lhs: JSON, _ rhs: JSON, depthLimit: Int) -> Int? {
    enum Item {
      case pair(JSON, JSON, depth: Int)
      case counts(Int, Int)
    }
    var work: [Item] = [.pair(lhs, rhs, depth: 0)]
    while let item = work.popLast() {
      switch item {
      case .counts(let a, let b):
        if a != b { return a < b ? -1 : 1 }
      case .pair(let x, let y, let depth):
        let rx = x.orderRank
        let ry = y.orderRank
        if rx != ry { return rx < ry ? -1 : 1 }
        switch x.type {
        case .number:
          let c = compareNumbers(x, y)
          if c != 0 { return c }
        case .string:
          let c = compareStrings(x, y)
          if c != 0 { return c }
        case .array:
          if depth > depthLimit { return nil }
          let a = ContainerCursor(x)
          let b = ContainerCursor(y)
          let na = a?.count ?? 0
          let nb = b?.count ?? 0
          work.append(.counts(na, nb))
          for i in stride(from: Swift.min(na, nb) - 1, through: 0, by: -1) {
            work.append(.pair(a!.element(i), b!.element(i), depth: depth + 1))
          }
        case .dictionary:
          if depth > depthLimit { return nil }
          let a = ContainerCursor(x)
          let b = ContainerCursor(y)
          let keysA = a.map { c in c.sortedMemberOrder().map { c.key($0) } } ?? []
          let keysB = b.map { c in c.sortedMemberOrder().map { c.key($0) } } ?? []
          let keyOrder = compareKeyLists(keysA, keysB)
          if keyOrder != 0 { return keyOrder }
          for key in keysA.reversed() {
            work.append(.pair(x[key].detached, y[key].detached, depth: depth + 1))
          }
        default:
          break
        }
      }
    }
    return 0
  }

  /// Position of this value's type in jq's order (false and true are distinct ranks).
  var orderRank: Int {
    switch type {
    case .null, .unknown: return 0
    case .bool: return bool == true ? 2 : 1
    case .number: return 3
    case .string: return 4
    case .array: return 5
    case .dictionary: return 6
    }
  }

  static func compareKeyLists(_ a: [String], _ b: [String]) -> Int {
    for (x, y) in zip(a, b) {
      var x = x
      var y = y
      let c = x.withUTF8 { px in y.withUTF8 { py in compareBytes(px, py) } }
      if c != 0 { return c }
    }
    return a.count < b.count ? -1 : (a.count == b.count ? 0 : 1)
  }
}
