/// Object keys: each is interned in `keys` and pushed as its id.
///
/// Objects in a document mostly repeat the key order of their siblings (every tweet, every
/// user): the builder guesses each key from the one before it and checks the guess with one
/// comparison, which skips hashing and probing for most keys. Per key id, `successors` holds
/// three guesses (-1: none yet): the two keys that last followed it, most recent first, and
/// the first key of the last object that was its value. The first key of an object that is
/// an array element is guessed from the element before it, else from `firstKey`, the first
/// key of the last object.
///
/// twitter.json: 13,345 keys, 472 of them missed by the guesses (the first guess alone:
/// 2,891); citm_catalog.json: 507 of 25,869.
extension TapeBuilder {
  @inline(__always)
  mutating func key(_ p: UnsafePointer<UInt8>, _ n: Int) -> CInt {
    // Safe: yajl reports a key only in an object, so `frames` is not empty; members sit on `stack`
    // as key id, value, so `count - 2` holds the last key's id; ids and guesses are below
    // `keys.count`, whose ids `successors` (3 each) and `keys.entries` cover; a key stored at
    // `offset < inputCount` lies whole in the input copy; `p + n + 1` ends the closing quote.
    // The usual path makes no call: a one-shot parse, the key raw in the input and equal to
    // the first guess, whose text is in the input copy (escaped keys are decoded in place
    // there, see `decode`). A raw key equal to a stored one is valid UTF-8, as that one is.
    let count = stack.count
    guard !tracksPositions && count < stack.capacity, let start = inputStart,
      isRawInChunk(p, n)
    else { return Self.outOfLine(&self, .key, p, n) }
    let frameStart = frames.base[frames.count &- 1]
    let guess =
      count > frameStart
      ? Int(successors.base[3 &* Int(truncatingIfNeeded: stack.base[count &- 2])])
      : firstKeyGuess(frameStart: frameStart)
    guard isInputKey(guess, start, p, n) else {
      return Self.keyFromSecondGuess(&self, p, n, frameStart: frameStart)
    }
    textEnd = p + n + 1
    stack.base[count] = UInt64(truncatingIfNeeded: guess)
    stack.count = count &+ 1
    return 1
  }

  /// `key` when its first guess is wrong: the second guess, for a key that objects of
  /// different kinds share ("name" followed by "description" in one kind and by "url" in
  /// another), else `keySlowly`.
  ///
  /// A call of its own, so that the first guess's path stays as short as it was;
  /// gsoc-2018.json's records miss the first guess four times each.
  @inline(never)
  static func keyFromSecondGuess(
    _ builder: UnsafeMutablePointer<TapeBuilder>, _ p: UnsafePointer<UInt8>, _ n: Int,
    frameStart: Int
  ) -> CInt {
    // Safe: as in `key`, whose checks hold here: the stack has room, `count - 2` holds the
    // object's previous key id when `count > frameStart`, and `successors` has 3 words per id.
    let count = builder.pointee.stack.count
    if count > frameStart, let start = builder.pointee.inputStart {
      let slot = 3 &* Int(truncatingIfNeeded: builder.pointee.stack.base[count &- 2])
      let successors = builder.pointee.successors.base
      let second = successors[slot &+ 1]
      if builder.pointee.isInputKey(Int(second), start, p, n) {
        successors[slot &+ 1] = successors[slot]
        successors[slot] = second
        builder.pointee.textEnd = p + n + 1
        builder.pointee.stack.base[count] = UInt64(truncatingIfNeeded: second)
        builder.pointee.stack.count = count &+ 1
        return 1
      }
    }
    return outOfLine(builder, .key, p, n)
  }

  /// The guess for the first key of an object whose frame starts at `frameStart`: after the
  /// key whose value the object is, the first key of the last object that was that key's
  /// value (for a key seen for the first time, of the member's value before it); after a
  /// sibling object (in an array), that sibling's first key.
  ///
  /// The slot before the frame is not always a key id (it may be an array's earlier
  /// element); a wrong guess only costs the lookup it was meant to save.
  @inline(__always)
  func firstKeyGuess(frameStart: Int) -> Int {
    // Safe: `frameStart - 1` is a slot on `stack`; a value below `keys.count` indexes `successors`
    // (3 per id), and an object's slot points at its block on the tape, whose count word is
    // followed by its first key id when the count is not 0.
    guard frameStart > 0 else { return Int(firstKey) }
    let before = stack.base[frameStart &- 1]
    if before < UInt64(truncatingIfNeeded: keys.count) {
      let guess = Int(successors.base[3 &* Int(truncatingIfNeeded: before) &+ 2])
      // A key seen for the first time, as in an object keyed by ids: the first key of the
      // value before it, when that is an object (the record of the id before).
      guard guess < 0 && frameStart >= 2 else { return guess }
      return firstKeyOf(object: stack.base[frameStart &- 2]) ?? -1
    }
    return firstKeyOf(object: before) ?? Int(firstKey)
  }

  /// The id of the first key of the object that the stack slot `slot` stands for, or `nil`
  /// when the slot is not an object's or the object is empty.
  @inline(__always)
  func firstKeyOf(object slot: UInt64) -> Int? {
    // Safe: an object's slot points at its block on the tape, whose count word is followed by
    // its first key id when the count is not 0.
    guard Slot.tag(slot) == Slot.objectTag else { return nil }
    let position = Int(truncatingIfNeeded: Slot.payload(slot))
    guard tape.base[position] & JSONDocument.countMask != 0 else { return nil }
    return Int(truncatingIfNeeded: tape.base[position &+ 1])
  }

  /// Whether the key with id `id` (-1: none) is `p[0..<n]` and its text lies in the input
  /// copy that starts at `start`: `key`'s check, which makes no call.
  @inline(__always)
  func isInputKey(_ id: Int, _ start: UnsafePointer<UInt8>, _ p: UnsafePointer<UInt8>, _ n: Int)
    -> Bool
  {
    // Safe: ids below `keys.count` have three words in `keys.entries`; a key stored at
    // `offset < inputCount` lies whole in the input copy that starts at `start`.
    guard id >= 0 else { return false }
    let entry = keys.entries.base + 3 &* id
    let offset = entry[0]
    return entry[1] == n && offset < inputCount && KeyTable.equal(start + offset, p, n)
  }

  /// `key` when the first guess is wrong, with positions, while streaming, or when the
  /// stack must grow.
  @inline(__always)
  mutating func keySlowly(_ p: UnsafePointer<UInt8>, _ n: Int) -> CInt {
    // Safe: as in `key`: `frames` is not empty, `stack.count - 2` holds the object's previous key
    // id, and ids are below `keys.count`, whose ids `successors` covers (3 each, appended below
    // for a new id); a raw key is in the chunk, and `p + n + 1` ends its closing quote.
    noteTokenEnd()
    let frameStart = frames[frames.count &- 1]
    // The previous key of this object, if any: members sit on the stack as key, value.
    let previous = stack.count > frameStart ? Int(stack[stack.count &- 2]) : -1
    // Text to be repaired is decoded first, so that the key is looked up as it is stored.
    let raw =
      isRawInChunk(p, n) && !(replacesInvalidUnicode && UTF8Validation.firstInvalid(p, n) >= 0)
    if raw {
      textEnd = p + n + 1
      let first =
        previous >= 0 ? Int(successors[3 &* previous]) : firstKeyGuess(frameStart: frameStart)
      if isKey(first, p, n) {
        stack.append(UInt64(first))
        return 1
      }
      if previous >= 0 {
        let second = Int(successors[3 &* previous &+ 1])
        if isKey(second, p, n) {
          stack.append(UInt64(second))
          notePredecessor(previous, of: second, frameStart: frameStart)
          return 1
        }
      }
    }
    let start = bytes.count
    let text: UnsafePointer<UInt8>
    let length: Int
    if raw {
      // No escapes: look the raw text up first, so a known key is neither copied nor
      // validated again.
      text = p
      length = n
    } else {
      // Escapes (or a key split across chunks): decode first, then intern the result.
      guard storeString(p, n) else { return 0 }
      text = pointer(storedOffset)
      length = storedLength
    }
    let hash = KeyTable.hash(text, length)
    if let id = keys.find(
      text, length, hash: hash, bytes: inputBase, split: textBase, side: bytes.base)
    {
      bytes.count = start
      stack.append(UInt64(id))
      notePredecessor(previous, of: id, frameStart: frameStart)
      return 1
    }
    if text == p {
      guard storeString(p, n) else { return 0 }
    }
    let id = keys.insert(offset: storedOffset, length: storedLength, hash: hash)
    if id < stamps.count { stamps[id] = 0 } else { stamps.append(0) }
    if 3 &* id < successors.count {
      for i in 0..<3 { successors[3 &* id &+ i] = -1 }
    } else {
      for _ in 0..<3 { successors.append(-1) }
    }
    stack.append(UInt64(id))
    notePredecessor(previous, of: id, frameStart: frameStart)
    return 1
  }

  /// Whether the key with id `id` (-1: none) is `p[0..<n]`.
  @inline(__always)
  func isKey(_ id: Int, _ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
    id >= 0 && keys.length(of: id) == n && KeyTable.equal(pointer(keys.offset(of: id)), p, n)
  }

  /// Remembers that `id` followed `previous` (-1: began an object whose frame starts at
  /// `frameStart`), for the guesses of `key`.
  @inline(__always)
  mutating func notePredecessor(_ previous: Int, of id: Int, frameStart: Int) {
    // Safe: `previous` is a key id and `before` is checked below `keys.count`, and `successors`
    // holds 3 guesses per id; `frameStart - 1` is a slot on `stack` when `frameStart > 0`.
    let guess = Int32(truncatingIfNeeded: id)
    if previous >= 0 {
      let slot = 3 &* previous
      if successors[slot] != guess {
        successors[slot &+ 1] = successors[slot]
        successors[slot] = guess
      }
      return
    }
    let before = frameStart > 0 ? stack[frameStart &- 1] : UInt64.max
    if before < UInt64(truncatingIfNeeded: keys.count) {
      successors[3 &* Int(truncatingIfNeeded: before) &+ 2] = guess
    } else {
      firstKey = guess
    }
  }
}
