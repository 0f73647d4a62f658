/// Finds where a JSON value ends without yajl, for the values a projection prunes
/// (see `ParserCore+Skipping`).
///
/// Two scans. `prunedMemberEnd` checks what it passes over as strictly as a full parse
/// would: the structure, string escapes and UTF-8 (with `UTF8Validation`, the parser's own
/// checks), the number and literal grammar, the depth limit. It never reports an error: on
/// anything it is not sure a full parse accepts (a lone surrogate escape, a raw control
/// character, a comment, nesting deeper than it tracks) it answers `nil`, "doubt", and the
/// parse is done again without skipping, which then reports the error, if any, as always.
/// `containerEnd` only follows strings and brackets, for containers that yajl reads anyway.
///
/// Strings are scanned eight bytes at a time: pruned subtrees are mostly text.
struct SkipScanner {
  /// The one-shot input.
  let base: UnsafePointer<UInt8>
  let count: Int
  /// Where the text of a skipped string with a `\u` escape is decoded (to check it with the
  /// parser's decoder), at the string's own offset: `count` bytes that nothing reads there
  /// afterwards (the parse's storage, past the text the walk has kept so far).
  let scratch: UnsafeMutablePointer<UInt8>

  static let quote: UInt8 = 0x22
  static let backslash: UInt8 = 0x5C

  /// The high bit of each byte of `w` that is a quote or a backslash; the lowest set bit is
  /// exact (a borrow marks only bytes above one), the others may not be.
  @inline(__always)
  static func quotesAndBackslashes(_ w: UInt64) -> UInt64 {
    let q = w ^ 0x2222_2222_2222_2222
    let b = w ^ 0x5C5C_5C5C_5C5C_5C5C
    return ((q &- 0x0101_0101_0101_0101) & ~q | (b &- 0x0101_0101_0101_0101) & ~b)
      & 0x8080_8080_8080_8080
  }

  /// The first index at or after `i` that is not JSON white space.
  @inline(__always)
  func skipSpace(_ i: Int) -> Int {
    // Safe: `base` has `count` bytes (the one-shot input copy, alive for the parse): bytes are
    // read behind `i < count`, words behind `i + 8 <= count`.
    var i = i
    guard i < count else { return i }
    var c = base[i]
    // Most tokens follow the one before directly, and in indented text a value follows its
    // key's colon after one space: both end here, before the loop's tests.
    if c > 0x20 { return i }
    if c == 0x20 {
      i &+= 1
      guard i < count else { return i }
      c = base[i]
      if c > 0x20 { return i }
    }
    let raw = UnsafeRawPointer(base)
    let spaceSplat = SIMD16<UInt8>(repeating: 0x20)
    while c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 {
      i &+= 1
      // Indentation comes in runs of spaces (citm_catalog.json is 71% white space): sixteen
      // bytes at a time (most indents fit one block), then a word at a time near the end,
      // to the first byte that is not a space (the lowest, little-endian).
      run: do {
        while i &+ 16 <= count {
          let block = raw.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
          // Safe: a mask of 16 one-byte lanes (0 or 0xFF each) and two words are 16 bytes
          // alike.
          let spaces = unsafeBitCast(block .== spaceSplat, to: SIMD2<UInt64>.self)
          if spaces[0] != ~0 {
            i &+= (~spaces[0]).trailingZeroBitCount &>> 3
            break run
          }
          if spaces[1] != ~0 {
            i &+= 8 &+ (~spaces[1]).trailingZeroBitCount &>> 3
            break run
          }
          i &+= 16
        }
        while i &+ 8 <= count {
          let other =
            raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) ^ 0x2020_2020_2020_2020
          if other != 0 {
            i &+= other.trailingZeroBitCount &>> 3
            break run
          }
          i &+= 8
        }
      }
      guard i < count else { return i }
      c = base[i]
      if c > 0x20 { return i }
    }
    return i
  }

  /// From just after a member's key in an object: white space, ':', white space and the
  /// value, checked; returns the index just past the value, or `nil` (doubt).
  ///
  /// The member must be followed (after white space) by ',' or '}', so that what follows
  /// the skipped value is read exactly as after any other value.
  ///
  /// - Parameters:
  ///   - start: the index just after the key's closing quote.
  ///   - depthLimit: how many containers the value may nest (the parser's limit less the
  ///     depth of the object holding the member).
  /// - Returns: the index just past the value, or `nil` when the scanner is not sure.
  func prunedMemberEnd(from start: Int, depthLimit: Int) -> Int? {
    // Safe: `base[i]` and `base[next]` are read behind `< count`.
    var i = skipSpace(start)
    guard i < count, base[i] == 0x3A else { return nil }
    i = skipSpace(i &+ 1)
    guard let end = valueEnd(from: i, depthLimit: min(depthLimit, 64)) else { return nil }
    let next = skipSpace(end)
    guard next < count, base[next] == 0x2C || base[next] == 0x7D else { return nil }
    return end
  }

  /// Checks one value starting at `start` (not white space); returns the index just past
  /// it, or `nil` (doubt).
  ///
  /// - Parameters:
  ///   - start: the index of the value's first byte.
  ///   - depthLimit: how many containers may nest, at most 64 (see `Nesting`).
  /// - Returns: the index just past the value, or `nil` when the scanner is not sure.
  @inline(__always)  // into `prunedMemberEnd`, its one caller: one call a pruned member
  func valueEnd(from start: Int, depthLimit: Int) -> Int? {
    // Safe: `base[i]` is read behind `i < count`; the scans it calls check their own bounds.
    var i = start
    var nesting = Nesting()
    var state = Nesting.Expecting.value
    // A member's value and the separator after a value are read on the same turn of the
    // loop as what precedes them: the turns, not the bytes, were most of the cost.
    while true {
      i = skipSpace(i)
      guard i < count else { return nil }
      var c = base[i]
      switch state {
      case .key, .keyOrClose:
        if nesting.closes(c, state) {
          i &+= 1
          if nesting.depth == 0 { return i }
          state = .separator
          continue
        }
        guard c == Self.quote,
          let end = plainStringEnd(from: i) ?? checkedStringEnd(from: i)
        else { return nil }
        i = skipSpace(end)
        guard i < count, base[i] == 0x3A else { return nil }
        i = skipSpace(i &+ 1)
        guard i < count else { return nil }
        c = base[i]
        state = .value
        fallthrough
      case .value, .valueOrClose:
        if nesting.closes(c, state) {
          i &+= 1
        } else if c == 0x7B || c == 0x5B {
          guard nesting.depth < depthLimit else { return nil }
          state = nesting.enter(object: c == 0x7B)
          i &+= 1
          continue
        } else if c == Self.quote {
          if let end = plainStringEnd(from: i) {
            i = end
          } else {
            guard let end = checkedStringEnd(from: i) else { return nil }
            i = end
          }
        } else if c == 0x2D || (c >= 0x30 && c <= 0x39) {
          guard let end = numberEnd(from: i) else { return nil }
          i = end
        } else if let end = literalEnd(from: i, first: c) {
          i = end
        } else {
          return nil
        }
        if nesting.depth == 0 { return i }
        i = skipSpace(i)
        guard i < count, let next = nesting.separate(base[i]) else { return nil }
        i &+= 1
        if nesting.depth == 0 { return i }
        state = next
      case .separator:
        guard let next = nesting.separate(c) else { return nil }
        i &+= 1
        if nesting.depth == 0 { return i }
        state = next
      }
    }
  }

  /// `true`, `false` or `null` at `i`; returns the index past it.
  @inline(__always)
  private func literalEnd(from i: Int, first: UInt8) -> Int? {
    // Safe: `matches` reads `base[i + k]` behind `i + k < count`.
    @inline(__always) func matches(_ k: Int, _ c: UInt8) -> Bool {
      i &+ k < count && base[i &+ k] == c
    }
    switch first {
    case 0x74 where matches(1, 0x72) && matches(2, 0x75) && matches(3, 0x65):
      return i &+ 4
    case 0x66 where matches(1, 0x61) && matches(2, 0x6C) && matches(3, 0x73) && matches(4, 0x65):
      return i &+ 5
    case 0x6E where matches(1, 0x75) && matches(2, 0x6C) && matches(3, 0x6C):
      return i &+ 4
    default:
      return nil
    }
  }

  /// A number of JSON's grammar at `i`; returns the index past it.
  ///
  /// That is `-`, then `0` or digits not starting with `0`, an optional fraction and
  /// exponent. Whatever follows is checked by the caller (a digit after `0` is a doubt).
  @inline(__always)
  private func numberEnd(from start: Int) -> Int? {
    // Safe: `base[start]` is the sign or digit the caller read (`start < count`); every later
    // byte is read behind `< count` (`isDigit`, the guards).
    var i = start
    @inline(__always) func isDigit(_ j: Int) -> Bool {
      j < count && base[j] >= 0x30 && base[j] <= 0x39
    }
    @inline(__always) func digits() -> Bool {
      guard isDigit(i) else { return false }
      repeat { i &+= 1 } while isDigit(i)
      return true
    }
    if base[i] == 0x2D { i &+= 1 }
    guard i < count else { return nil }
    if base[i] == 0x30 {
      i &+= 1
    } else if !digits() {
      return nil
    }
    if i < count && base[i] == 0x2E {
      i &+= 1
      guard digits() else { return nil }
    }
    if i < count && (base[i] == 0x65 || base[i] == 0x45) {
      i &+= 1
      if i < count && (base[i] == 0x2B || base[i] == 0x2D) { i &+= 1 }
      guard digits() else { return nil }
    }
    return i
  }

  /// The index past the closing quote of the string at `start` when the string is plain
  /// printable ASCII (no escape, no control character, no byte above 0x7F) and ends at least
  /// sixteen bytes before the input does, else `nil`: nearly every string of a document,
  /// which this loop passes inline, without the call that `checkedStringEnd` costs.
  @inline(__always)
  func plainStringEnd(from start: Int) -> Int? {
    // Safe: each block of sixteen bytes is read behind `i + 16 <= count`, and the byte of its
    // first stop lies in it.
    var i = start &+ 1
    // (Splats of a stated type: with the type inferred, the generic operators were chosen,
    // which test the lanes one by one.)
    let quoteSplat = SIMD16<Int8>(repeating: Int8(Self.quote))
    let backslashSplat = SIMD16<Int8>(repeating: Int8(Self.backslash))
    let spaceSplat = SIMD16<Int8>(repeating: 0x20)
    while i &+ 16 <= count {
      let block = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: i, as: SIMD16<Int8>.self)
      // Read as signed bytes, a control character (0x00-0x1F) and a byte above 0x7F (negative)
      // are exactly those below 0x20: one comparison for both.
      let stopLanes = block .== quoteSplat .| block .== backslashSplat .| block .< spaceSplat
      // Safe: a mask of 16 one-byte lanes (0 or 0xFF each) and two words are 16 bytes alike.
      let stops = unsafeBitCast(stopLanes, to: SIMD2<UInt64>.self)
      // The string is plain when its first stop is the closing quote: one test a block, and
      // one byte read at the end.
      if stops[0] != 0 {
        let at = i &+ stops[0].trailingZeroBitCount &>> 3
        return base[at] == Self.quote ? at &+ 1 : nil
      }
      if stops[1] != 0 {
        let at = i &+ 8 &+ stops[1].trailingZeroBitCount &>> 3
        return base[at] == Self.quote ? at &+ 1 : nil
      }
      i &+= 16
    }
    return nil
  }

  /// The index past the closing quote of the string at `start`, checked.
  ///
  /// No raw control character, valid escapes, and text that `UTF8Validation` accepts
  /// (strictly, as the parser does).
  func checkedStringEnd(from start: Int) -> Int? {
    // Safe: blocks are read behind `i + 16 <= count`, words behind `i + 8 <= count`, bytes
    // behind `i < count`, `i + 1 < count` or `i + 6 <= count`; the text between the quotes,
    // `base[start + 1..<i]`, is decoded into `scratch` at the same offset (decoding writes no
    // more bytes than it reads, and `scratch` has `count`).
    var i = start &+ 1
    // Only a `\u` escape needs the decoder (surrogates); the others stand for one ASCII
    // byte each, so the text is valid when its raw bytes are.
    var unicodeEscapes = false
    var nonASCII: UInt64 = 0
    let raw = UnsafeRawPointer(base)
    let quotes = SIMD16<UInt8>(repeating: Self.quote)
    let backslashes = SIMD16<UInt8>(repeating: Self.backslash)
    let spaces = SIMD16<UInt8>(repeating: 0x20)
    while true {
      scan: do {
        // Sixteen bytes at a time up to the first quote, backslash or control character
        // (which the byte loop below then reads); non-ASCII bytes before it are only noted.
        // The masks are read as two words: `any(_:)` would test the lanes one by one.
        while i &+ 16 <= count {
          let block = raw.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
          let stopLanes = block .== quotes .| block .== backslashes .| block .< spaces
          // Safe: a mask of 16 one-byte lanes (0 or 0xFF each) and two words are 16 bytes
          // alike; so is the block.
          let stops = unsafeBitCast(stopLanes, to: SIMD2<UInt64>.self)
          let words = unsafeBitCast(block, to: SIMD2<UInt64>.self)
          if stops[0] | stops[1] == 0 {
            nonASCII |= (words[0] | words[1]) & 0x8080_8080_8080_8080
            i &+= 16
            continue
          }
          // Only the bytes before the first stop belong to the string's plain text.
          if stops[0] != 0 {
            let before = (stops[0] & (0 &- stops[0])) &- 1
            nonASCII |= words[0] & 0x8080_8080_8080_8080 & before
            i &+= stops[0].trailingZeroBitCount &>> 3
          } else {
            let before = (stops[1] & (0 &- stops[1])) &- 1
            nonASCII |= (words[0] | words[1] & before) & 0x8080_8080_8080_8080
            i &+= 8 &+ stops[1].trailingZeroBitCount &>> 3
          }
          break scan
        }
        // Near the end of the input: eight bytes at a time up to the first quote or
        // backslash; control characters and non-ASCII bytes before it are only noted.
        while i &+ 8 <= count {
          let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
          let stops = Self.quotesAndBackslashes(w)
          let control = (w &- 0x2020_2020_2020_2020) & ~w & 0x8080_8080_8080_8080
          if stops == 0 {
            if control != 0 { return nil }
            nonASCII |= w & 0x8080_8080_8080_8080
            i &+= 8
            continue
          }
          let before = (stops & (0 &- stops)) &- 1
          if control & before != 0 { return nil }
          nonASCII |= w & 0x8080_8080_8080_8080 & before
          i &+= stops.trailingZeroBitCount &>> 3
          break
        }
      }
      while i < count && base[i] != Self.quote && base[i] != Self.backslash {
        if base[i] < 0x20 { return nil }
        nonASCII |= UInt64(base[i] & 0x80)
        i &+= 1
      }
      guard i < count else { return nil }
      if base[i] == Self.quote { break }
      // A backslash: the escapes yajl's lexer accepts.
      guard i &+ 1 < count else { return nil }
      switch base[i &+ 1] {
      case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74:
        i &+= 2
      case 0x75:
        guard i &+ 6 <= count else { return nil }
        for k in 2..<6 where !base[i &+ k].isHexDigit { return nil }
        unicodeEscapes = true
        i &+= 6
      default:
        return nil
      }
    }
    let text = base + (start &+ 1)
    let n = i &- start &- 1
    if unicodeEscapes {
      // The parser's own decoder decides (surrogate pairs, UTF-8). (An
      // escape is ASCII and a multi-byte sequence never holds a backslash, so without `\u`
      // the decoder accepts exactly the texts whose raw bytes are valid UTF-8: the check
      // below.)
      do {
        _ = try UTF8Validation.unescape(text, n, into: scratch + (start &+ 1))
      } catch {
        return nil
      }
    } else if nonASCII != 0 && UTF8Validation.firstInvalid(text, n) >= 0 {
      return nil
    }
    return i &+ 1
  }

  /// The index just past the container that starts at `start` (`{` or `[`), following only
  /// strings and brackets (yajl checks the text itself), or `nil` when the input ends first.
  func containerEnd(from start: Int) -> Int? {
    // Safe: `base[i]` is read behind `i < count`; `stringEnd` checks its own bounds.
    var depth = 0
    var i = start
    while i < count {
      let c = base[i]
      if c == Self.quote {
        guard let end = stringEnd(from: i) else { return nil }
        i = end
        continue
      }
      if c == 0x7B || c == 0x5B {
        depth &+= 1
      } else if c == 0x7D || c == 0x5D {
        depth &-= 1
        if depth == 0 { return i &+ 1 }
      }
      i &+= 1
    }
    return nil
  }

  /// The index past the closing quote of the key at `start`, unchecked, for the walk that
  /// cuts pruned members (see `ParserCore+Skipping`).
  ///
  /// - Parameters:
  ///   - start: the index of the key's opening quote.
  ///   - escaped: set when the key has an escape.
  ///   - plain: set when the key is printable ASCII without escapes, so valid as it stands.
  /// - Returns: the index past the closing quote, or `nil` when the input ends first.
  func keyEnd(from start: Int, escaped: inout Bool, plain: inout Bool) -> Int? {
    // Safe: words are read behind `i + 8 <= count`, bytes behind `i < count`.
    var i = start &+ 1
    // The high bit of each control character or non-ASCII byte passed (a control
    // character's borrow may mark bytes above it, which the key has anyway).
    var special: UInt64 = 0
    let raw = UnsafeRawPointer(base)
    while i &+ 8 <= count {
      let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      let stops = Self.quotesAndBackslashes(w)
      let marks = ((w &- 0x2020_2020_2020_2020) & ~w | w) & 0x8080_8080_8080_8080
      if stops == 0 {
        special |= marks
        i &+= 8
        continue
      }
      special |= marks & ((stops & (0 &- stops)) &- 1)
      i &+= stops.trailingZeroBitCount &>> 3
      break
    }
    while i < count && base[i] != Self.quote && base[i] != Self.backslash {
      if base[i] < 0x20 || base[i] >= 0x80 { special = 1 }
      i &+= 1
    }
    guard i < count else { return nil }
    if base[i] == Self.quote {
      plain = special == 0
      return i &+ 1
    }
    escaped = true
    plain = false
    // The rest from the escape's second byte (`stringEnd` starts after its `start`).
    return stringEnd(from: i &+ 1)
  }

  /// The index past the closing quote of the string at `start`, unchecked.
  func stringEnd(from start: Int) -> Int? {
    // Safe: words are read behind `i + 8 <= count`, bytes behind `i < count` (the `i + 2` after a
    // backslash may pass `count`, which ends both loops and returns `nil`).
    if let end = plainStringEnd(from: start) { return end }
    var i = start &+ 1
    let raw = UnsafeRawPointer(base)
    while true {
      while i &+ 8 <= count {
        let stops = Self.quotesAndBackslashes(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
        if stops != 0 {
          i &+= stops.trailingZeroBitCount &>> 3
          break
        }
        i &+= 8
      }
      while i < count && base[i] != Self.quote && base[i] != Self.backslash { i &+= 1 }
      guard i < count else { return nil }
      if base[i] == Self.quote { return i &+ 1 }
      i &+= 2
    }
  }
}

/// The containers a walk over JSON text is inside, up to 64 deep (one bit each), and what
/// it expects next in the innermost one.
struct Nesting {
  /// What the walk expects next.
  enum Expecting {
    case value, valueOrClose, key, keyOrClose, separator
  }

  private(set) var depth = 0
  /// Bit d: the container at depth d + 1 is an object.
  private var objects: UInt64 = 0

  /// Whether the innermost container is an object (`depth > 0`).
  @inline(__always)
  var inObject: Bool { objects >> UInt64(depth &- 1) & 1 == 1 }

  /// Enters a container (the caller keeps `depth` under 64); returns what comes first in it.
  @inline(__always)
  mutating func enter(object: Bool) -> Expecting {
    let bit: UInt64 = 1 << UInt64(depth)
    objects = object ? objects | bit : objects & ~bit
    depth &+= 1
    return object ? .keyOrClose : .valueOrClose
  }

  /// Whether `c` closes the container that was just opened (`state` is `.valueOrClose` or
  /// `.keyOrClose`); if so, leaves it.
  @inline(__always)
  mutating func closes(_ c: UInt8, _ state: Expecting) -> Bool {
    guard (c == 0x5D && state == .valueOrClose) || (c == 0x7D && state == .keyOrClose) else {
      return false
    }
    depth &-= 1
    return true
  }

  /// After a value: for ',' what comes next, for the innermost container's closing bracket
  /// `.separator` (and leaves it), for anything else `nil`.
  @inline(__always)
  mutating func separate(_ c: UInt8) -> Expecting? {
    if c == 0x2C { return inObject ? .key : .value }
    guard c == (inObject ? 0x7D : 0x5D) else { return nil }
    depth &-= 1
    return .separator
  }
}

extension UInt8 {
  /// Whether the byte is an ASCII hex digit.
  fileprivate var isHexDigit: Bool {
    (self >= 0x30 && self <= 0x39) || (self >= 0x41 && self <= 0x46)
      || (self >= 0x61 && self <= 0x66)
  }
}
