import CYajl

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// jq's `--stream` form, built while yajl reads: instead of whole values, the builder hands
/// out `[path, leaf]` for every scalar and empty container and `[path]` when a non-empty
/// container closes (`path` ending at its last member), as `tostream` would for the value.
///
/// Nothing of the document is kept: each leaf is made into its own `JSON` at once and the
/// text buffer is reset, containers write nothing to the tape. Memory is the open
/// containers' path plus the events of one chunk (none with a sink), whatever the
/// document's size. Validation, depth limits, token bookkeeping and errors are the regular
/// callbacks' own (they are called, or their checks repeated, here).
///
/// The events before a syntax error are jq 1.8's (its `stream_token`): a scalar inside a
/// container is handed out at the ',' or closer that follows it, a bare top-level number or
/// literal at the byte after it, so neither is an event when that byte is the error.
/// Every callback first notes its token's end, then hands out the pending leaf (the token
/// proves the separator came), then changes the path.
extension TapeBuilder {
  // MARK: Scalars

  mutating func eventNull() -> CInt {
    if depth == 0 { return topLevelEvent(null(), bare: true) }
    noteTokenEnd()
    if !noteBareToken(length: 4, first: 0x6E, isNumber: false) { return 0 }
    return leafEvent(.null)
  }

  mutating func eventBool(_ value: Bool) -> CInt {
    if depth == 0 { return topLevelEvent(bool(value), bare: true) }
    noteTokenEnd()
    let (length, first): (Int, UInt8) = value ? (4, 0x74) : (5, 0x66)
    if !noteBareToken(length: length, first: first, isNumber: false) { return 0 }
    return leafEvent(JSON(value))
  }

  mutating func eventNumber(_ p: UnsafePointer<UInt8>, _ n: Int) -> CInt {
    // Safe: yajl passes a number's text, at least one byte long, and the digit loop stays below
    // `n`.
    if depth == 0 { return topLevelEvent(number(p, n), bare: true) }
    noteTokenEnd()
    if !noteBareToken(length: n, first: p[0], isNumber: true) { return 0 }
    guard beginMemberEvent() == 1 else { return 0 }
    // As `number`: short integers as integers, everything else keeps its text.
    if n <= 17 {
      var i = 0
      let negative = p[0] == 0x2D
      if negative { i = 1 }
      var value: Int64 = 0
      while i < n, p[i] &- 0x30 <= 9 {
        value = value &* 10 &+ Int64(p[i] &- 0x30)
        i &+= 1
      }
      if i == n && !(negative && value == 0) {
        return endLeafEvent(JSON(scalarSlot: Slot.int(negative ? -value : value)))
      }
    }
    let text = String(decoding: UnsafeBufferPointer(start: p, count: n), as: UTF8.self)
    return endLeafEvent(JSON(storage: .number(.text(text))))
  }

  mutating func eventString(_ p: UnsafePointer<UInt8>, _ n: Int) -> CInt {
    if depth == 0 { return topLevelEvent(string(p, n), bare: false) }
    noteTokenEnd()
    guard beginMemberEvent() == 1 else { return 0 }
    guard let text = takeString(p, n) else { return 0 }
    return endLeafEvent(JSON(text))
  }

  mutating func eventKey(_ p: UnsafePointer<UInt8>, _ n: Int) -> CInt {
    noteTokenEnd()
    guard flushPendingLeaf() == 1 else { return 0 }
    events.afterMember = false
    guard let key = takeKey(p, n) else { return 0 }
    events.path[events.path.count &- 1] = key
    events.afterKey = true
    return 1
  }

  /// The decoded, validated text of the string yajl just reported (see `storeString`),
  /// leaving the text buffer as it was.
  mutating func takeString(_ p: UnsafePointer<UInt8>, _ n: Int) -> String? {
    // Safe: `storeString` stored `storedLength` bytes at `storedOffset` of the text buffer.
    let mark = bytes.count
    guard storeString(p, n) else { return nil }
    let text = String(
      decoding: UnsafeBufferPointer(start: pointer(storedOffset), count: storedLength),
      as: UTF8.self)
    bytes.count = mark
    return text
  }

  /// `takeString` for a key, as a value: a long key comes from `keyCache` when it was seen
  /// before (small strings are stored inline and need no cache).
  mutating func takeKey(_ p: UnsafePointer<UInt8>, _ n: Int) -> JSON? {
    // Safe: `storeString` stored `length` bytes at `text`; a cached key of the same length (over 15
    // bytes, so not empty) has a base address and `length` bytes.
    let mark = bytes.count
    guard storeString(p, n) else { return nil }
    defer { bytes.count = mark }
    let text = pointer(storedOffset)
    let length = storedLength
    let buffer = UnsafeBufferPointer(start: text, count: length)
    if length <= 15 { return JSON(String(decoding: buffer, as: UTF8.self)) }
    if events.keyCache.isEmpty {
      events.keyCache = Array(repeating: .null, count: StreamEventState.keyCacheSize)
    }
    let slot = KeyTable.hash(text, length) & (StreamEventState.keyCacheSize &- 1)
    if case .string(var cached) = events.keyCache[slot].storage, cached.utf8.count == length,
      cached.withUTF8({ memcmp($0.baseAddress.unsafelyUnwrapped, text, length) == 0 })
    {
      return events.keyCache[slot]
    }
    let key = JSON(String(decoding: buffer, as: UTF8.self))
    events.keyCache[slot] = key
    return key
  }

  // MARK: Containers

  mutating func eventStart(object: Bool) -> CInt {
    guard startContainer() == 1 else { return 0 }
    if events.levels.isEmpty {
      guard flushPendingLeaf() == 1 else { return 0 }
    } else {
      guard beginMemberEvent() == 1 else { return 0 }
    }
    events.levels.append(StreamEventLevel(isObject: object))
    events.path.append(object ? .null : JSON(scalarSlot: Slot.int(0)))
    events.afterMember = false
    events.afterKey = false
    return 1
  }

  mutating func eventEnd() -> CInt {
    noteTokenEnd()
    guard flushPendingLeaf() == 1 else { return 0 }
    frames.count &-= 1
    depth &-= 1
    let level = events.levels.removeLast()
    let result: CInt
    if level.count == 0 {
      result = emitEvent(
        pathCount: events.path.count &- 1,
        leaf: level.isObject ? Self.emptyObject : Self.emptyArray)
    } else {
      result = emitEvent(pathCount: events.path.count, leaf: nil)
    }
    events.path.removeLast()
    if events.levels.isEmpty {
      valueCount &+= 1
      bytes.count = 0
      tape.count = 0
      events.afterMember = false
    } else {
      events.levels[events.levels.count &- 1].count &+= 1
      events.afterMember = true
    }
    events.afterKey = false
    return result
  }

  /// Leaves for empty containers (a new box each: a consumer may change one in place).
  static var emptyObject: JSON { JSON(storage: .object(ObjectBox())) }
  static var emptyArray: JSON { JSON(storage: .array(ArrayBox([]))) }

  // MARK: Members

  /// A member or element starts inside a container: hands out the leaf before it (the ','
  /// came), and points the path at the new element.
  @inline(__always)
  mutating func beginMemberEvent() -> CInt {
    guard flushPendingLeaf() == 1 else { return 0 }
    let top = events.levels.count &- 1
    if !events.levels[top].isObject && events.levels[top].count > 0 {
      events.path[top] = JSON(scalarSlot: Slot.int(Int64(events.levels[top].count)))
    }
    events.afterMember = false
    events.afterKey = false
    return 1
  }

  /// A scalar inside a container was read: it waits for the ',' or closer after it.
  @inline(__always)
  mutating func endLeafEvent(_ leaf: JSON) -> CInt {
    let result = holdLeaf(leaf, topLevel: false)
    events.levels[events.levels.count &- 1].count &+= 1
    events.afterMember = true
    return result
  }

  /// A leaf jq hands out only once the byte after it shows no error (see `pendingLeaf`).
  @inline(__always)
  mutating func holdLeaf(_ leaf: JSON, topLevel: Bool) -> CInt {
    events.pendingIsTopLevel = topLevel
    if events.sink == nil {
      events.tentative = true
      return emitEvent(pathCount: topLevel ? 0 : events.path.count, leaf: leaf)
    }
    events.pendingLeaf = leaf
    events.pendingLine = lineAt(lastTokenEnd)
    return 1
  }

  mutating func leafEvent(_ leaf: JSON) -> CInt {
    guard beginMemberEvent() == 1 else { return 0 }
    return endLeafEvent(leaf)
  }

  /// A top-level scalar went through the regular callback: its value becomes `[[], value]`,
  /// at once for a string, at the next token or the end of the chunk for a number or a
  /// literal (jq reads the byte after it first).
  mutating func topLevelEvent(_ result: CInt, bare: Bool) -> CInt {
    guard result == 1, let value = values.popLast() else { return result }
    valueEnds.removeLast()
    guard flushPendingLeaf() == 1 else { return 0 }
    if bare { return holdLeaf(value, topLevel: true) }
    return emitEvent(pathCount: 0, leaf: value)
  }

  // MARK: Events

  /// Hands out the leaf waiting for its separator, if any.
  @inline(__always)
  mutating func flushPendingLeaf() -> CInt {
    events.tentative = false
    guard let leaf = events.pendingLeaf else { return 1 }
    events.pendingLeaf = nil
    let event = reusedEvent(pathCount: events.pendingIsTopLevel ? 0 : events.path.count, leaf: leaf)
    return deliver(event, line: events.pendingLine)
  }

  /// After a chunk parsed without error: hands out the pending leaf if jq would have by
  /// now (a bare top-level scalar with a byte after it, a leaf with its ',' read).
  ///
  /// Without
  /// a sink the leaf's event was taken with the chunk's: it can no longer be taken back.
  mutating func flushPendingLeafAfterChunk() -> CInt {
    events.tentative = false
    guard events.pendingLeaf != nil else { return 1 }
    if events.pendingIsTopLevel {
      guard chunkOffset &+ chunkCount > lastTokenEnd else { return 1 }
      return flushPendingLeaf()
    }
    // `carry` starts at the first byte after the last token that is not white space.
    if carryOffset >= lastTokenEnd && carry.first == 0x2C { return flushPendingLeaf() }
    return 1
  }

  /// `[path[0..<pathCount], leaf]`, or `[path]` without a leaf, to the sink or `values`.
  mutating func emitEvent(pathCount: Int, leaf: JSON?) -> CInt {
    if events.sink != nil {
      return deliver(reusedEvent(pathCount: pathCount, leaf: leaf), line: lineAt(lastTokenEnd))
    }
    let path = JSON(storage: .array(ArrayBox(Array(events.path[0..<pathCount]))))
    let elements = leaf.map { [path, $0] } ?? [path]
    values.append(JSON(storage: .array(ArrayBox(elements))))
    valueEnds.append(lastTokenEnd)
    return 1
  }

  /// Hands `event` to the sink; stops the parse when the sink says so.
  mutating func deliver(_ event: JSON, line: Int) -> CInt {
    // Safe: yajl reports events only inside `JSONStreamParser.withSink`, which sets the sink first.
    if events.sink.unsafelyUnwrapped(event, line) { return 1 }
    events.stopped = true
    return fail(.unexpectedEndOfInput, at: lastTokenEnd)  // any failure: yajl stops
  }

  /// Push mode: the line (1-based) of input offset `end` in the chunk being parsed,
  /// counting on from the last offset asked for (offsets only grow).
  mutating func lineAt(_ end: Int) -> Int {
    if events.countedOffset < chunkOffset {
      events.countedOffset = chunkOffset
      events.countedLines = events.linesBeforeChunk
    }
    let limit = Swift.min(end, chunkOffset &+ chunkCount)
    if limit > events.countedOffset {
      let start = chunkStart + (events.countedOffset &- chunkOffset)
      events.countedLines &+= ParserCore.countNewlines(start, limit &- events.countedOffset).count
      events.countedOffset = limit
    }
    return events.countedLines &+ 1
  }

  /// The event for a sink, written into the storage of the last one of its shape when the
  /// sink let go of it (no allocation), else into a copy.
  mutating func reusedEvent(pathCount: Int, leaf: JSON?) -> JSON {
    // Safe: `leafEvent` and `closeEvent` are `null` or arrays made below and always given back
    // as arrays, and the first element of each, the path, is an array too.
    var event = JSON.null
    if leaf == nil { swap(&event, &events.closeEvent) } else { swap(&event, &events.leafEvent) }
    let box: ArrayBox
    if let reused = event.uniqueArrayBox() {
      box = reused
    } else {
      // The first event of its shape: the storage that later ones reuse.
      let path = JSON(storage: .array(ArrayBox([])))
      box = ArrayBox(leaf == nil ? [path] : [path, .null])
      event = JSON(storage: .array(box))
    }
    box.elements[0].replaceArrayElements(with: events.path[0..<pathCount])
    if let leaf {
      box.elements[1] = leaf
      events.leafEvent = event
    } else {
      events.closeEvent = event
    }
    return event
  }

  // MARK: Errors

  /// Called when the parse fails at input offset `offset`, while the input around the last
  /// token is still at hand: decides whether jq had handed out the pending leaf, and works
  /// out jq's path at the error (`--stream-errors`: its `p->path`, where an array's index
  /// moves at each ',' and an object's key is set at ':' and cleared at ',').
  mutating func noteStreamError(at offset: Int) {
    let separator = firstByteAfterLastToken(before: offset)
    if events.pendingLeaf != nil || events.tentative {
      events.pendingBeforeError =
        events.pendingIsTopLevel ? offset > lastTokenEnd : separator == 0x2C
      if events.tentative && !events.pendingBeforeError {
        values.removeLast()
        valueEnds.removeLast()
      }
      events.tentative = false
    }
    var path = events.path
    if let top = events.levels.indices.last {
      if events.levels[top].isObject {
        if events.afterKey && separator != 0x3A { path[top] = .null }
        if events.afterMember && separator == 0x2C { path[top] = .null }
      } else if events.afterMember && separator == 0x2C {
        path[top] = JSON(scalarSlot: Slot.int(Int64(events.levels[top].count)))
      }
    }
    events.errorPath = path
  }

  /// The first byte after the last reported token that is not white space, when it lies
  /// before `limit` and is still at hand (in the chunk, or in `carry`, which starts after
  /// the white space that followed the last token of an earlier chunk).
  func firstByteAfterLastToken(before limit: Int) -> UInt8? {
    var i = lastTokenEnd
    while i < limit {
      if let c = byte(at: i) {
        if !Self.isWhiteSpace(c) { return c }
        i &+= 1
      } else if !carry.isEmpty && i < carryOffset {
        i = carryOffset
      } else if i < chunkOffset {
        i = chunkOffset
      } else {
        return nil
      }
    }
    return nil
  }
}

extension JSON {
  // Safe: callers pass an array (an event's path, see `reusedEvent`).
  /// Makes this (an array) hold exactly `elements`, in place when its storage is unshared.
  mutating func replaceArrayElements(with elements: ArraySlice<JSON>) {
    let box = uniqueArrayBox().unsafelyUnwrapped
    box.elements.replaceSubrange(0..<box.elements.count, with: elements)
  }
}
