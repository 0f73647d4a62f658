import CYajl

/// One open container while the builder emits stream events: its kind, the key of the
/// member being read (objects) and the number of members or elements finished.
struct StreamEventLevel {
  let isObject: Bool
  var key: JSON = .null
  var count = 0

  /// The path component of the member or element being read.
  var current: JSON { isObject ? key : JSON(count) }
  /// The path component of the last member or element, once the container has one.
  var last: JSON { isObject ? key : JSON(count &- 1) }
}

/// jq's `--stream` form, built while yajl reads: instead of whole values, the builder hands
/// out `[path, leaf]` for every scalar and empty container and `[path]` when a non-empty
/// container closes (`path` ending at its last member), as `tostream` would for the value.
///
/// Nothing of the document is kept: each leaf is made into its own `JSON` at once and the
/// text buffer is reset, keys are not interned, containers write nothing to the tape. Memory
/// is the open containers' path plus the events of one chunk, whatever the document's size.
/// Validation, depth limits, token bookkeeping and errors are the regular callbacks' own
/// (they are called, or their checks repeated, here), so the events before an error are
/// exactly the events of the input before it.
extension TapeBuilder {
  // MARK: Scalars

  mutating func eventNull() -> CInt {
    if depth == 0 { return wrapTopLevel(null()) }
    noteTokenEnd()
    if !noteBareToken(length: 4, first: 0x6E, isNumber: false) { return 0 }
    return emitLeaf(.null)
  }

  mutating func eventBool(_ value: Bool) -> CInt {
    if depth == 0 { return wrapTopLevel(bool(value)) }
    noteTokenEnd()
    let (length, first): (Int, UInt8) = value ? (4, 0x74) : (5, 0x66)
    if !noteBareToken(length: length, first: first, isNumber: false) { return 0 }
    return emitLeaf(JSON(value))
  }

  mutating func eventNumber(_ p: UnsafePointer<UInt8>, _ n: Int) -> CInt {
    if depth == 0 { return wrapTopLevel(number(p, n)) }
    noteTokenEnd()
    if !noteBareToken(length: n, first: p[0], isNumber: true) { return 0 }
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
        return emitLeaf(JSON(scalarSlot: Slot.int(negative ? -value : value)))
      }
    }
    let text = String(decoding: UnsafeBufferPointer(start: p, count: n), as: UTF8.self)
    return emitLeaf(JSON(storage: .number(.text(text))))
  }

  mutating func eventString(_ p: UnsafePointer<UInt8>, _ n: Int) -> CInt {
    if depth == 0 { return wrapTopLevel(string(p, n)) }
    noteTokenEnd()
    guard let text = takeString(p, n) else { return 0 }
    return emitLeaf(JSON(text))
  }

  mutating func eventKey(_ p: UnsafePointer<UInt8>, _ n: Int) -> CInt {
    noteTokenEnd()
    guard let text = takeString(p, n) else { return 0 }
    eventLevels[eventLevels.count &- 1].key = JSON(text)
    return 1
  }

  /// The decoded, validated text of the string yajl just reported (see `storeString`),
  /// leaving the text buffer as it was.
  mutating func takeString(_ p: UnsafePointer<UInt8>, _ n: Int) -> String? {
    let mark = bytes.count
    guard storeString(p, n) else { return nil }
    let text = String(
      decoding: UnsafeBufferPointer(start: pointer(storedOffset), count: storedLength),
      as: UTF8.self)
    bytes.count = mark
    return text
  }

  // MARK: Containers

  mutating func eventStart(object: Bool) -> CInt {
    guard startContainer() == 1 else { return 0 }
    eventLevels.append(StreamEventLevel(isObject: object))
    return 1
  }

  mutating func eventEnd() -> CInt {
    noteTokenEnd()
    frames.count &-= 1
    depth &-= 1
    let level = eventLevels.removeLast()
    var path = eventPath()
    if level.count == 0 {
      emit(JSON(array: [JSON(array: path), level.isObject ? [:] as JSON : [] as JSON]))
    } else {
      path.append(level.last)
      emit(JSON(array: [JSON(array: path)]))
    }
    if eventLevels.isEmpty {
      valueCount &+= 1
      bytes.count = 0
      tape.count = 0
    } else {
      eventLevels[eventLevels.count &- 1].count &+= 1
    }
    return 1
  }

  // MARK: Events

  /// The path of the member or element being read.
  func eventPath() -> [JSON] {
    var path: [JSON] = []
    path.reserveCapacity(eventLevels.count &+ 1)
    for level in eventLevels { path.append(level.current) }
    return path
  }

  mutating func emitLeaf(_ leaf: JSON) -> CInt {
    emit(JSON(array: [JSON(array: eventPath()), leaf]))
    eventLevels[eventLevels.count &- 1].count &+= 1
    return 1
  }

  mutating func emit(_ event: JSON) {
    values.append(event)
    valueEnds.append(lastTokenEnd)
  }

  /// A top-level scalar went through the regular callback: its value becomes `[[], value]`.
  mutating func wrapTopLevel(_ result: CInt) -> CInt {
    if result == 1, let value = values.last {
      values[values.count &- 1] = JSON(array: [JSON(array: []), value])
    }
    return result
  }
}
