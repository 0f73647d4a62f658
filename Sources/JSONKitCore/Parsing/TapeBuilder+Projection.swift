/// `JSONProjection` flattened for the parser's callbacks: plain memory, no reference
/// counting on the path of every key.
///
/// Node `i`'s members are entries `firstMember[i] ..< firstMember[i + 1]`; entry `m`'s name
/// is `names[nameStart[m] ..< nameStart[m] + nameLength[m]]` and its node `memberNode[m]`.
struct ProjectionTable {
  static let whole: UInt8 = 1
  static let objectsWhole: UInt8 = 2
  static let arraysWhole: UInt8 = 4

  let flags: UnsafeMutablePointer<UInt8>
  let anyMember: UnsafeMutablePointer<Int32>
  let elements: UnsafeMutablePointer<Int32>
  let firstMember: UnsafeMutablePointer<Int32>
  let nameStart: UnsafeMutablePointer<Int32>
  let nameLength: UnsafeMutablePointer<Int32>
  let memberNode: UnsafeMutablePointer<Int32>
  let names: UnsafeMutablePointer<UInt8>

  init(_ projection: JSONProjection) {
    // Safe: each array was just allocated for the counts summed above (nodes, members, name bytes),
    // and `i`, `m` and `n` stay below them.
    let nodes = projection.nodes
    let memberCount = nodes.reduce(0) { $0 + $1.members.count }
    let nameBytes = nodes.reduce(0) { $0 + $1.members.reduce(0) { $0 + $1.name.count } }
    flags = .allocate(capacity: nodes.count)
    anyMember = .allocate(capacity: nodes.count)
    elements = .allocate(capacity: nodes.count)
    firstMember = .allocate(capacity: nodes.count + 1)
    nameStart = .allocate(capacity: max(memberCount, 1))
    nameLength = .allocate(capacity: max(memberCount, 1))
    memberNode = .allocate(capacity: max(memberCount, 1))
    names = .allocate(capacity: max(nameBytes, 1))
    var m = 0
    var n = 0
    for (i, node) in nodes.enumerated() {
      flags[i] =
        (node.whole ? Self.whole : 0) | (node.objectsWhole ? Self.objectsWhole : 0)
        | (node.arraysWhole ? Self.arraysWhole : 0)
      anyMember[i] = Int32(node.anyMember)
      elements[i] = Int32(node.elements)
      firstMember[i] = Int32(m)
      for member in node.members {
        nameStart[m] = Int32(n)
        nameLength[m] = Int32(member.name.count)
        memberNode[m] = Int32(member.node)
        for byte in member.name {
          names[n] = byte
          n += 1
        }
        m += 1
      }
    }
    firstMember[nodes.count] = Int32(m)
  }

  func deallocate() {
    flags.deallocate()
    anyMember.deallocate()
    elements.deallocate()
    firstMember.deallocate()
    nameStart.deallocate()
    nameLength.deallocate()
    memberNode.deallocate()
    names.deallocate()
  }

  /// The node for the member `name[0..<n]` of an object at `node`, or -1 when it is not kept.
  @inline(__always)
  func member(of node: Int, _ name: UnsafePointer<UInt8>, _ n: Int) -> Int {
    // Safe: `node` is a node of this table (below its count), and the members from
    // `firstMember[node]` to `firstMember[node + 1]` have their names in `names`.
    var m = Int(firstMember[node])
    let end = Int(firstMember[node &+ 1])
    while m < end {
      if Int(nameLength[m]) == n && KeyTable.equal(names + Int(nameStart[m]), name, n) {
        return Int(memberNode[m])
      }
      m &+= 1
    }
    return Int(anyMember[node])
  }
}

/// The callbacks used when `JSONParser.Options.projection` is set (see `JSONProjection`).
///
/// Three regions: inside a container the projection prunes (`projectionStack` holds its
/// node), a value is stored or skipped member by member; inside a container kept whole
/// (`wholeDepth > 0`) every callback goes straight to the ordinary builder; inside a
/// skipped value (`skipDepth > 0`) nothing is stored, but strings and keys are still
/// validated and the depth limit still holds, so that an input is accepted or rejected
/// exactly as without a projection.
extension TapeBuilder {
  /// Whether a scalar reported now is stored.
  @inline(__always)
  func keepsScalar() -> Bool {
    if skipDepth > 0 { return false }
    if wholeDepth > 0 || depth == 0 { return true }
    return projectedNode() >= 0
  }

  /// The projection node of the value about to be reported inside a pruned container.
  @inline(__always)
  func projectedNode() -> Int {
    // Safe: `projection` is set whenever these callbacks are installed (`ParserCore.init`), and
    // `projectionStack` holds the pruned container the value is in.
    let top = Int(projectionStack[projectionStack.count &- 1])
    return top & 1 == 1 ? pendingNode : Int(projection.unsafelyUnwrapped.elements[top >> 1])
  }

  // A skipped number or literal is still noted as one (`noteBareToken`): an error right
  // after it is described from that ("leading zero" for `01`).

  mutating func projectedNull() -> CInt {
    if keepsScalar() { return null() }
    noteTokenEnd()
    return noteBareToken(length: 4, first: 0x6E, isNumber: false) ? 1 : 0
  }

  mutating func projectedBool(_ value: Bool) -> CInt {
    if keepsScalar() { return bool(value) }
    noteTokenEnd()
    return noteBareToken(length: value ? 4 : 5, first: value ? 0x74 : 0x66, isNumber: false) ? 1 : 0
  }

  mutating func projectedNumber(_ p: UnsafePointer<UInt8>, _ n: Int) -> CInt {
    // Safe: yajl passes a number's text, at least one byte long, from the chunk.
    if keepsScalar() { return number(p, n) }
    noteTokenEnd()
    textEnd = p + n
    return noteBareToken(length: n, first: p[0], isNumber: true) ? 1 : 0
  }

  mutating func projectedString(_ p: UnsafePointer<UInt8>, _ n: Int) -> CInt {
    if keepsScalar() { return string(p, n) }
    noteTokenEnd()
    return checkSkipped(p, n)
  }

  /// Validates a string or key that is not stored, as `storeString` would.
  @inline(__always)
  mutating func checkSkipped(_ p: UnsafePointer<UInt8>, _ n: Int) -> CInt {
    if isRawInChunk(p, n) { return validate(p, n) ? 1 : 0 }
    let mark = bytes.count
    let valid = appendEscapedString()
    bytes.count = mark
    return valid ? 1 : 0
  }

  mutating func projectedKey(_ p: UnsafePointer<UInt8>, _ n: Int) -> CInt {
    // Safe: `projection` is set whenever these callbacks are installed (`ParserCore.init`), and
    // `projectionStack` holds the pruned container the key is in.
    if skipDepth > 0 {
      noteTokenEnd()
      return checkSkipped(p, n)
    }
    if wholeDepth > 0 { return key(p, n) }
    let node = Int(projectionStack[projectionStack.count &- 1]) >> 1
    let table = projection.unsafelyUnwrapped
    if isRawInChunk(p, n) {
      // No escapes: decide on the raw text, so a skipped key is neither copied nor interned.
      pendingNode = table.member(of: node, p, n)
      if pendingNode >= 0 { return key(p, n) }
      noteTokenEnd()
      return validate(p, n) ? 1 : 0
    }
    // Escapes (rare): intern the key to get its decoded text, and take it back if skipped.
    guard key(p, n) == 1 else { return 0 }
    let id = Int(stack[stack.count &- 1])
    pendingNode = table.member(of: node, pointer(keys.offset(of: id)), keys.length(of: id))
    if pendingNode < 0 { stack.count &-= 1 }
    return 1
  }

  mutating func projectedStart(object: Bool) -> CInt {
    // Safe: `projection` is set whenever these callbacks are installed (`ParserCore.init`).
    if wholeDepth > 0 { return startContainer() }
    let node = skipDepth > 0 ? -1 : depth == 0 ? 0 : projectedNode()
    if node < 0 {
      noteTokenEnd()
      if depth &+ skipDepth >= maxDepth {
        return fail(.nestingTooDeep(limit: maxDepth), at: chunkOffset &+ consumedInChunk &- 1)
      }
      skipDepth &+= 1
      return 1
    }
    guard startContainer() == 1 else { return 0 }
    let flags = projection.unsafelyUnwrapped.flags[node]
    let keptWhole = object ? ProjectionTable.objectsWhole : ProjectionTable.arraysWhole
    if flags & (ProjectionTable.whole | keptWhole) != 0 {
      wholeDepth = depth
    } else {
      projectionStack.append(Int32(truncatingIfNeeded: node << 1 | (object ? 1 : 0)))
    }
    return 1
  }

  mutating func projectedEnd(object: Bool) -> CInt {
    if skipDepth > 0 {
      noteTokenEnd()
      skipDepth &-= 1
      return 1
    }
    if wholeDepth > 0 {
      if depth == wholeDepth { wholeDepth = 0 }
    } else {
      projectionStack.count &-= 1
    }
    return object ? endMap() : endArray()
  }
}
