extension Emitter {
  mutating func writeString(_ s: String) {
    var s = s
    s.withUTF8 { writeString($0) }
  }

  @inline(__always)
  mutating func writeString(_ bytes: UnsafeBufferPointer<UInt8>) {
    writeString(bytes.baseAddress, bytes.count)
  }

  /// Writes `p[0..<n]` as a quoted JSON string.
  ///
  /// Most strings need no escape at all: they are checked and copied eight bytes at a time
  /// (short ones with two overlapping loads), straight into the output. The first word with
  /// a byte that may need escaping sends the rest to `writeEscaping`.
  mutating func writeString(_ p: UnsafePointer<UInt8>?, _ n: Int) {
    // The usual options get their own copy of the loop, with the checks for `-a` and `\/`
    // compiled out: half the instructions per word.
    if asciiOnly || escapeSlash {
      writeString(p, n, ascii: asciiOnly, slash: escapeSlash)
    } else {
      writeString(p, n, ascii: false, slash: false)
    }
  }

  @inline(__always)
  mutating func writeString(_ p: UnsafePointer<UInt8>?, _ n: Int, ascii: Bool, slash: Bool) {
    // Safe: `target` has the `n + 2` bytes reserved; `p` has `n` readable bytes; each word read or
    // written lies in `0..<n` (`i + 8 <= n`, or `n - 8 >= 0`, `n - 4 >= 0`; `n >= 1` for the
    // bytes).
    let target = out.reserve(n &+ 2)
    target[0] = 0x22
    guard let p, n > 0 else {
      target[1] = 0x22
      out.commit(2)
      return
    }
    let source = UnsafeRawPointer(p)
    let copy = UnsafeMutableRawPointer(target + 1)
    if n >= 8 {
      var i = 0
      while i &+ 8 <= n {
        let w = source.loadUnaligned(fromByteOffset: i, as: UInt64.self)
        if mayNeedEscape(w, ascii: ascii, slash: slash) { return writeEscaping(p, n, plain: i) }
        copy.storeBytes(of: w, toByteOffset: i, as: UInt64.self)
        i &+= 8
      }
      if i < n {
        // The last word overlaps bytes already copied; copying them again is harmless.
        let w = source.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self)
        if mayNeedEscape(w, ascii: ascii, slash: slash) { return writeEscaping(p, n, plain: i) }
        copy.storeBytes(of: w, toByteOffset: n &- 8, as: UInt64.self)
      }
    } else if n >= 4 {
      let a = source.loadUnaligned(as: UInt32.self)
      let b = source.loadUnaligned(fromByteOffset: n &- 4, as: UInt32.self)
      if mayNeedEscape(UInt64(a) | UInt64(b) << 32, ascii: ascii, slash: slash) {
        return writeEscaping(p, n, plain: 0)
      }
      copy.storeBytes(of: a, as: UInt32.self)
      copy.storeBytes(of: b, toByteOffset: n &- 4, as: UInt32.self)
    } else {
      let a = p[0]
      let b = p[n >> 1]
      let c = p[n &- 1]
      // The word's other bytes are "A", which never needs an escape.
      let w = 0x4141_4141_4100_0000 | UInt64(a) | UInt64(b) << 8 | UInt64(c) << 16
      if mayNeedEscape(w, ascii: ascii, slash: slash) { return writeEscaping(p, n, plain: 0) }
      target[1] = a
      target[1 &+ n >> 1] = b
      target[n] = c
    }
    target[n &+ 1] = 0x22
    out.commit(n &+ 2)
  }

  /// Whether any byte of `w` may need an escape: `"`, `\`, a control character, DEL (jq
  /// writes `\u007f`), `/` with `escapeSlashes`, or any non-ASCII byte with `asciiOnly`.
  ///
  /// Each term sets the high bit of a byte below 0x80 that needs escaping (`x - 1` for a
  /// byte `x` equal to the one sought, `+ 1` for DEL, `- 0x20` for control characters);
  /// masking with `~w` once drops bytes ≥ 0x80. A borrow or carry can also flag a byte above
  /// a flagged one (or above a 0xFF byte, which UTF-8 never has), never miss one, so a
  /// flagged word only costs a trip through `writeEscaping`.
  @inline(__always)
  func mayNeedEscape(_ w: UInt64) -> Bool {
    mayNeedEscape(w, ascii: asciiOnly, slash: escapeSlash)
  }

  @inline(__always)
  func mayNeedEscape(_ w: UInt64, ascii: Bool, slash: Bool) -> Bool {
    escapeMask(w, ascii: ascii, slash: slash) != 0
  }

  /// The high bit of each byte of `w` that `mayNeedEscape` flags.
  ///
  /// The lowest one set is a
  /// byte that needs escaping (or one above a 0xFF byte, which UTF-8 never has).
  @inline(__always)
  func escapeMask(_ w: UInt64, ascii: Bool, slash: Bool) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    var special =
      ((w ^ 0x2222_2222_2222_2222) &- ones) | ((w ^ 0x5C5C_5C5C_5C5C_5C5C) &- ones)
      | (w &+ ones) | (w &- 0x2020_2020_2020_2020)
    if slash { special |= (w ^ 0x2F2F_2F2F_2F2F_2F2F) &- ones }
    special &= ~w
    // UTF-8 text (Japanese tweets, say) stays on the fast path unless it must become ASCII.
    if ascii { special |= w }
    return special & 0x8080_8080_8080_8080
  }

  /// Finishes a string whose first `plain` bytes are already copied after the opening quote
  /// (reserved but not committed), escaping what needs it from there on.
  @inline(never)
  mutating func writeEscaping(_ base: UnsafePointer<UInt8>, _ n: Int, plain: Int) {
    // Safe: `base` has `n` readable bytes: every read is behind `i < n` or `i + 8 <= n`, and
    // `sequenceLength` counts only bytes below `n`; runs appended end at `i <= n`.
    out.commit(1 &+ plain)
    let raw = UnsafeRawPointer(base)
    var runStart = plain
    var i = plain
    while i < n {
      // Skip to the first byte that may need an escape.
      while i &+ 8 <= n {
        let mask = escapeMask(
          raw.loadUnaligned(fromByteOffset: i, as: UInt64.self), ascii: asciiOnly,
          slash: escapeSlash)
        if mask != 0 {
          i &+= mask.trailingZeroBitCount >> 3
          break
        }
        i &+= 8
      }
      guard i < n else { break }
      let c = base[i]
      // The character after the backslash; 0 for a `\u` escape.
      let letter: UInt8
      switch c {
      case 0x22: letter = 0x22
      case 0x5C: letter = 0x5C
      case 0x0A: letter = 0x6E
      case 0x0D: letter = 0x72
      case 0x09: letter = 0x74
      case 0x08: letter = 0x62
      case 0x0C: letter = 0x66
      case 0x2F where escapeSlash: letter = 0x2F
      case 0x00..<0x20, 0x7F: letter = 0
      case 0x80... where asciiOnly:
        out.append(base + runStart, count: i &- runStart)
        let length = max(1, UTF8Validation.sequenceLength(base, i, n))
        let scalar = Self.decodeScalar(base + i, length)
        if scalar >= 0x10000 {
          let v = scalar &- 0x10000
          writeUnicodeEscape(0xD800 &+ (v >> 10))
          writeUnicodeEscape(0xDC00 &+ (v & 0x3FF))
        } else {
          writeUnicodeEscape(scalar)
        }
        i &+= length
        runStart = i
        continue
      default:
        i &+= 1
        continue
      }
      out.append(base + runStart, count: i &- runStart)
      if letter == 0 {
        writeUnicodeEscape(UInt32(c))
      } else {
        let target = out.reserve(2)
        target[0] = 0x5C
        target[1] = letter
        out.commit(2)
      }
      i &+= 1
      runStart = i
    }
    out.append(base + runStart, count: n &- runStart)
    out.append(0x22)
  }

  /// Appends `\u` and the four lowercase hex digits of `v` (below 0x10000), as jq does.
  mutating func writeUnicodeEscape(_ v: UInt32) {
    let hex = Self.hexDigits.utf8Start
    let target = out.reserve(6)
    target[0] = 0x5C
    target[1] = 0x75
    target[2] = hex[Int(v >> 12 & 0xF)]
    target[3] = hex[Int(v >> 8 & 0xF)]
    target[4] = hex[Int(v >> 4 & 0xF)]
    target[5] = hex[Int(v & 0xF)]
    out.commit(6)
  }

  static var hexDigits: StaticString { "0123456789abcdef" }

  static func decodeScalar(_ p: UnsafePointer<UInt8>, _ length: Int) -> UInt32 {
    // Safe: `length` comes from `UTF8Validation.sequenceLength`, which counted that many bytes at
    // `p`.
    switch length {
    case 2: return UInt32(p[0] & 0x1F) << 6 | UInt32(p[1] & 0x3F)
    case 3: return UInt32(p[0] & 0x0F) << 12 | UInt32(p[1] & 0x3F) << 6 | UInt32(p[2] & 0x3F)
    case 4:
      return UInt32(p[0] & 0x07) << 18 | UInt32(p[1] & 0x3F) << 12 | UInt32(p[2] & 0x3F) << 6
        | UInt32(p[3] & 0x3F)
    default: return 0xFFFD
    }
  }
}
