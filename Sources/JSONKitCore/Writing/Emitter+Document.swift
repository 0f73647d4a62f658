#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension Emitter {
  /// An open container of a parsed document: its block's tape position and progress.
  struct NodeFrame {
    var position: Int
    var count: Int
    var next: Int
    var isObject: Bool
    /// With sorted keys: where this object's member order starts in the order scratch.
    var orderStart: Int
  }

  /// Writes a parsed subtree by walking its tape, without making `JSON` values.
  ///
  /// The frames live in memory managed here rather than in an array: every value pushes,
  /// updates or pops one, and an array's uniqueness check and retain on each of those was a
  /// measurable share of the writer.
  mutating func writeNode(_ document: JSONDocument, _ root: UInt64, depth: Int) {
    // `document` is kept alive by the caller for the whole call, so its memory can be read
    // through plain pointers, without touching the class for each string.
    // Safe: `document` holds every offset its tape names (its text at `bytes`, its keys' ids
    // below `keys.count`); `stack` has room for `capacity >= height + 1` frames (it doubles
    // when full) and `height` of them initialized.
    let tape = document.tape
    let bytes = UnsafePointer(document.bytes)
    let keys = document.keys
    var capacity = 32
    var stack = UnsafeMutablePointer<NodeFrame>.allocate(capacity: capacity)
    defer { stack.deallocate() }
    var height = 0
    // With sorted keys, the member order of each open object, one after the other.
    var order: [Int] = []
    var keyCache = KeyCache(keyCount: keys.count)
    defer { keyCache.deallocate() }
    var slot = root
    while true {
      // Past the depth limit a value is not written (jq's `<skipped: too deep>`); the
      // limit is `Int.max` unless a jq-compatible writer asked for one.
      let tag = depth &+ height > depthLimit ? Emitter.skippedTag : Slot.tag(slot)
      switch tag {
      case Emitter.skippedTag: appendLiteral("<skipped: too deep>")
      case 0: appendLiteral("null")
      case 1: appendLiteral("false")
      case 2: appendLiteral("true")
      case Slot.intTag: writeInteger(Slot.intValue(slot))
      case Slot.numberTag:
        let text = bytes + Slot.textOffset(slot)
        let length = Slot.textLength(slot)
        if canonicalNumbers && DecimalCanonical.mayChange(text, length) {
          appendCanonical(text, length)
        } else {
          appendShort(text, length)
        }
      case Slot.stringTag: writeString(bytes + Slot.textOffset(slot), Slot.textLength(slot))
      case Slot.longNumberTag, Slot.longStringTag:
        let position = Int(Slot.payload(slot))
        let text = bytes + Int(tape[position])
        let length = Int(tape[position &+ 1])
        if tag == Slot.longStringTag {
          writeString(text, length)
        } else {
          if canonicalNumbers && DecimalCanonical.mayChange(text, length) {
            appendCanonical(text, length)
          } else {
            out.append(text, count: length)
          }
        }
      default:
        let position = Int(Slot.payload(slot))
        let count = Int(truncatingIfNeeded: tape[position] & JSONDocument.countMask)
        let isObject = tag == Slot.objectTag
        if count == 0 {
          appendLiteral(isObject ? "{}" : "[]")
        } else {
          out.append(isObject ? 0x7B : 0x5B)
          let orderStart = order.count
          if isObject && sortKeys {
            order.append(contentsOf: 0..<count)
            // Code point order is byte order in UTF-8. Keys are interned, so two members
            // never compare equal unless they are the same key.
            order[orderStart...].sort { a, b in
              let x = Int(tape[position &+ 1 &+ 2 &* a])
              let y = Int(tape[position &+ 1 &+ 2 &* b])
              let xn = keys.length(of: x)
              let yn = keys.length(of: y)
              let c = memcmp(bytes + keys.offset(of: x), bytes + keys.offset(of: y), min(xn, yn))
              return c < 0 || (c == 0 && xn < yn)
            }
          }
          if height == capacity {
            let larger = UnsafeMutablePointer<NodeFrame>.allocate(capacity: capacity &* 2)
            larger.moveInitialize(from: stack, count: height)
            stack.deallocate()
            stack = larger
            capacity &*= 2
          }
          (stack + height).initialize(
            to: NodeFrame(
              position: position, count: count, next: 0, isObject: isObject, orderStart: orderStart)
          )
          height &+= 1
        }
      }
      flushIfNeeded()
      // Advance to the next slot, closing finished containers.
      while true {
        guard height > 0 else { return }
        let frame = stack + (height &- 1)
        let next = frame.pointee.next
        if next < frame.pointee.count {
          if next > 0 { out.append(0x2C) }
          newline(depth: depth &+ height)
          let position = frame.pointee.position
          if frame.pointee.isObject {
            let member = sortKeys ? order[frame.pointee.orderStart &+ next] : next
            let id = Int(tape[position &+ 1 &+ 2 &* member])
            if let cached = keyCache.text(id) {
              appendShort(cached.baseAddress.unsafelyUnwrapped, cached.count)
            } else {
              let start = out.count
              writeString(bytes + keys.offset(of: id), keys.length(of: id))
              out.append(0x3A)
              if pretty { out.append(0x20) }
              keyCache.store(
                id, UnsafeBufferPointer(start: out.base + start, count: out.count &- start))
            }
            slot = tape[position &+ 2 &+ 2 &* member]
          } else {
            slot = tape[position &+ 1 &+ next]
          }
          frame.pointee.next = next &+ 1
          break
        }
        height &-= 1
        newline(depth: depth &+ height)
        let isObject = frame.pointee.isObject
        out.append(isObject ? 0x7D : 0x5D)
        if isObject && sortKeys { order.removeLast(order.count &- frame.pointee.orderStart) }
      }
    }
  }

  /// Appends `n` bytes from `p`; short texts (numbers) with a few overlapping word copies
  /// instead of a call to `memcpy`.
  @inline(__always)
  mutating func appendShort(_ p: UnsafePointer<UInt8>, _ n: Int) {
    // Safe: `reserve(n)` made room for `n` bytes and `p` has `n` readable bytes; each word read or
    // written lies in `0..<n` (`n >= 16`, `8` or `4` for a word of that size, `n >= 1` for bytes).
    guard n <= 32 else { return out.append(p, count: n) }
    let target = UnsafeMutableRawPointer(out.reserve(n))
    let source = UnsafeRawPointer(p)
    if n >= 16 {
      let a = source.loadUnaligned(as: (UInt64, UInt64).self)
      let b = source.loadUnaligned(fromByteOffset: n &- 16, as: (UInt64, UInt64).self)
      target.storeBytes(of: a, as: (UInt64, UInt64).self)
      target.storeBytes(of: b, toByteOffset: n &- 16, as: (UInt64, UInt64).self)
    } else if n >= 8 {
      let a = source.loadUnaligned(as: UInt64.self)
      let b = source.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self)
      target.storeBytes(of: a, as: UInt64.self)
      target.storeBytes(of: b, toByteOffset: n &- 8, as: UInt64.self)
    } else if n >= 4 {
      let a = source.loadUnaligned(as: UInt32.self)
      let b = source.loadUnaligned(fromByteOffset: n &- 4, as: UInt32.self)
      target.storeBytes(of: a, as: UInt32.self)
      target.storeBytes(of: b, toByteOffset: n &- 4, as: UInt32.self)
    } else if n > 0 {
      target.storeBytes(of: p[0], as: UInt8.self)
      target.storeBytes(of: p[n >> 1], toByteOffset: n >> 1, as: UInt8.self)
      target.storeBytes(of: p[n &- 1], toByteOffset: n &- 1, as: UInt8.self)
    }
    out.commit(n)
  }
}
