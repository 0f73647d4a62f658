#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Strict UTF-8 checks (Unicode 15, table 3-7) and JSON string unescaping.
///
/// yajl's own UTF-8 check lets overlong forms, encoded surrogates and code points above
/// U+10FFFF through, and it combines `\u` surrogate escapes without checking them, so JSONKit
/// turns yajl's check off and validates every string itself. Most JSON text is ASCII: the
/// loops test eight bytes at a time and fall back to the byte-wise decoder only at the first
/// non-ASCII byte.
@usableFromInline
enum UTF8Validation {
  /// Whether yajl's decoding of a string, `p[0..<n]`, is the string's text.
  ///
  /// yajl decodes every escape correctly except surrogates: a lone high surrogate becomes
  /// `?` (and the byte after its escape is dropped), a high surrogate followed by another
  /// `\u` escape is combined with it whatever that is, and a lone low surrogate is encoded
  /// as the three bytes of the surrogate. Raw bytes are copied as they are. So a decoding
  /// that is well-formed UTF-8 with no `?` and no four-byte sequence came from none of
  /// those (an encoded surrogate is ill-formed); anything else is decoded again from the raw
  /// text, which also places the error.
  @inline(__always)
  static func isFaithfulDecoding(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
    firstInvalid(p, n, allowingFourBytes: false) < 0 && memchr(p, 0x3F, n) == nil
  }

  /// Returns the offset of the first byte of the first ill-formed sequence, or -1 when
  /// `p[0..<n]` is well-formed UTF-8 (without four-byte sequences unless
  /// `allowingFourBytes`).
  ///
  /// ASCII text, most of it, is decided where this is called (see `asciiPrefix`); only
  /// text with a byte ≥ 0x80 costs a call.
  @inlinable @inline(__always)
  static func firstInvalid(
    _ p: UnsafePointer<UInt8>, _ n: Int, allowingFourBytes: Bool = true
  ) -> Int {
    let ascii = asciiPrefix(p, n)
    if ascii == n { return -1 }
    return firstInvalid(p, n, from: ascii, allowingFourBytes: allowingFourBytes)
  }

  /// A length `k` such that `p[0..<k]` is ASCII: `n` when all of it is, else at most the
  /// offset of its first byte ≥ 0x80 (the start of the block that holds it).
  ///
  /// Words that overlap instead of single bytes at the end: a string's last 1 to 31 bytes
  /// are read as one to four words, the last of them ending at `n` (gsoc-2018.json: 34,128
  /// strings of 87 bytes on average; the byte loop after the words was a third of the
  /// check's instructions).
  @inlinable @inline(__always)
  static func asciiPrefix(_ p: UnsafePointer<UInt8>, _ n: Int) -> Int {
    // Safe: `p` has `n` readable bytes: blocks are read behind `i + 32 <= n`, words at `j` behind
    // `j + 8 < n` and at `n - 8` when `n >= 8`, half-words at 0 and `n - 4` when `n >= 4`, and
    // bytes at 0, `n / 2` and `n - 1` when `n >= 1`.
    let raw = UnsafeRawPointer(p)
    let high: UInt64 = 0x8080_8080_8080_8080
    guard n >= 8 else {
      if n >= 4 {
        let w =
          raw.loadUnaligned(as: UInt32.self)
          | raw.loadUnaligned(fromByteOffset: n &- 4, as: UInt32.self)
        return w & 0x8080_8080 == 0 ? n : 0
      }
      guard n > 0 else { return 0 }
      return (p[0] | p[n &>> 1] | p[n &- 1]) & 0x80 == 0 ? n : 0
    }
    var i = 0
    while i &+ 32 <= n {
      let any =
        raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
        | raw.loadUnaligned(fromByteOffset: i &+ 8, as: UInt64.self)
        | raw.loadUnaligned(fromByteOffset: i &+ 16, as: UInt64.self)
        | raw.loadUnaligned(fromByteOffset: i &+ 24, as: UInt64.self)
      if any & high != 0 { return i }
      i &+= 32
    }
    var any = raw.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self)
    var j = i
    while j &+ 8 < n {
      any |= raw.loadUnaligned(fromByteOffset: j, as: UInt64.self)
      j &+= 8
    }
    return any & high == 0 ? n : i
  }

  /// `firstInvalid` of text whose first `start` bytes are known to be ASCII.
  @inlinable
  static func firstInvalid(
    _ p: UnsafePointer<UInt8>, _ n: Int, from start: Int, allowingFourBytes: Bool
  ) -> Int {
    // Safe: `p` has `n` readable bytes: words are read behind `i + 8 <= n` or `i + 4 <= n`,
    // bytes behind `i < n`, `sequenceLength` reads only below `n`, and `asciiPrefix` reads
    // `p[i..<n]` (`i <= n`).
    var i = start
    let raw = UnsafeRawPointer(p)
    while true {
      // From the start of a block that `asciiPrefix` stopped at: the word loop finds its
      // first non-ASCII byte.
      while i &+ 8 <= n {
        let high = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080
        if high != 0 {
          // Straight to the first byte with its high bit set (the lowest, little-endian).
          i &+= high.trailingZeroBitCount &>> 3
          break
        }
        i &+= 8
      }
      while i < n && p[i] < 0x80 { i &+= 1 }
      if i >= n { return -1 }
      // Non-ASCII text comes in runs (a word, a sentence in CJK): check sequence after
      // sequence while the run lasts, before testing words again.
      repeat {
        // The usual sequences from one word: three bytes (CJK) without the two lead bytes
        // whose second byte is restricted (E0, ED), and two bytes (Latin, Cyrillic) led by
        // C2 or above (twitter.json: 30 instructions a CJK character in `sequenceLength`).
        var length = 0
        if i &+ 4 <= n {
          let w = raw.loadUnaligned(fromByteOffset: i, as: UInt32.self)
          let lead = w & 0xFF
          if w & 0x00C0_C0F0 == 0x0080_80E0 && lead != 0xE0 && lead != 0xED {
            length = 3
          } else if w & 0xC0E0 == 0x80C0 && lead >= 0xC2 {
            length = 2
          }
        }
        if length == 0 {
          length = sequenceLength(p, i, n)
          if length == 0 || (length == 4 && !allowingFourBytes) { return i }
        }
        i &+= length
      } while i < n && p[i] >= 0x80
      // Long ASCII text after the run (descriptions, URLs): 32 bytes per test.
      i &+= asciiPrefix(p + i, n &- i)
    }
  }

  /// The length of the well-formed multi-byte sequence starting at `p[i]` (whose first byte
  /// is ≥ 0x80), or 0 when it is ill-formed.
  @inlinable @inline(__always)
  static func sequenceLength(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> Int {
    // Safe: callers pass `i < n`; every later byte is read behind `j < n` (`cont`, or `i + 1 < n`).
    let b0 = p[i]
    @inline(__always) func cont(_ j: Int) -> Bool { j < n && p[j] & 0xC0 == 0x80 }
    switch b0 {
    case 0xC2...0xDF:
      return cont(i &+ 1) ? 2 : 0
    case 0xE0:
      return i &+ 1 < n && (0xA0...0xBF).contains(p[i &+ 1]) && cont(i &+ 2) ? 3 : 0
    case 0xED:
      return i &+ 1 < n && (0x80...0x9F).contains(p[i &+ 1]) && cont(i &+ 2) ? 3 : 0
    case 0xE1...0xEC, 0xEE...0xEF:
      return cont(i &+ 1) && cont(i &+ 2) ? 3 : 0
    case 0xF0:
      return i &+ 1 < n && (0x90...0xBF).contains(p[i &+ 1]) && cont(i &+ 2) && cont(i &+ 3)
        ? 4 : 0
    case 0xF1...0xF3:
      return cont(i &+ 1) && cont(i &+ 2) && cont(i &+ 3) ? 4 : 0
    case 0xF4:
      return i &+ 1 < n && (0x80...0x8F).contains(p[i &+ 1]) && cont(i &+ 2) && cont(i &+ 3)
        ? 4 : 0
    default:
      return 0
    }
  }

  /// Why unescaping failed, and at which offset of the raw text.
  @usableFromInline
  struct UnescapeFailure: Error {
    @usableFromInline var offset: Int
    @usableFromInline var reason: JSONError.ParseFailure

    @usableFromInline
    init(offset: Int, reason: JSONError.ParseFailure) {
      self.offset = offset
      self.reason = reason
    }
  }

  /// Decodes the raw text between a string's quotes (`raw[0..<n]`, already checked by yajl
  /// for escape syntax and control characters) into `out`, which must have room for `n`
  /// bytes (`3 * n` with `replacingInvalid`).
  ///
  /// Returns the decoded length.
  ///
  /// With `replacingInvalid`, a lone surrogate escape and each byte that does not start a
  /// valid UTF-8 sequence become U+FFFD, as in jq, instead of an error.
  @usableFromInline
  static func unescape(
    _ raw: UnsafePointer<UInt8>, _ n: Int, into out: UnsafeMutablePointer<UInt8>,
    replacingInvalid: Bool = false
  ) throws(UnescapeFailure) -> Int {
    // Safe: reads are behind `i + 8 <= n` or `i < n` (`sequenceLength`, `decodeEscape` check
    // their own); when replacing, `out` has room for `3 * n` and no raw byte gives more than
    // three (`o <= 3 * i`: a bad byte gives 3, an escape of 2, 6 or 12 bytes 1, 3 or 4).
    if !replacingInvalid { return try unescapeByRuns(raw, n, into: out) }
    var i = 0
    var o = 0
    let rawBytes = UnsafeRawPointer(raw)
    let outBytes = UnsafeMutableRawPointer(out)
    while i < n {
      // Fast path: eight ASCII bytes without a backslash are copied as one word.
      while i &+ 8 <= n {
        let w = rawBytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)
        let x = w ^ 0x5C5C_5C5C_5C5C_5C5C
        // The lowest set bit is exact (a borrow only marks bytes above a backslash).
        let hasBackslash = (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
        let special = (w & 0x8080_8080_8080_8080) | hasBackslash
        if special != 0 {
          // The plain bytes before the first special one, one by one: decoding in place, a
          // whole word stored behind `i` could overwrite raw bytes not read yet.
          let plain = special.trailingZeroBitCount &>> 3
          var k = 0
          while k < plain {
            out[o &+ k] = raw[i &+ k]
            k &+= 1
          }
          i &+= plain
          o &+= plain
          break
        }
        outBytes.storeBytes(of: w, toByteOffset: o, as: UInt64.self)
        i &+= 8
        o &+= 8
      }
      guard i < n else { break }
      let c = raw[i]
      if c == 0x5C {  // backslash
        let (written, consumed) = try decodeEscape(
          raw, i, n, into: out + o, replacingLoneSurrogates: replacingInvalid)
        o &+= written
        i &+= consumed
      } else if c < 0x80 {
        if c < 0x20 { throw UnescapeFailure(offset: i, reason: .controlCharacterInString) }
        out[o] = c
        o &+= 1
        i &+= 1
      } else {
        let length = sequenceLength(raw, i, n)
        if length == 0 {
          guard replacingInvalid else { throw UnescapeFailure(offset: i, reason: .invalidUTF8) }
          o &+= encode(0xFFFD, into: out + o)
          i &+= 1
          continue
        }
        for k in 0..<length { out[o &+ k] = raw[i &+ k] }
        o &+= length
        i &+= length
      }
    }
    return o
  }

  /// The value of the four hex digits at `raw[at]`, or `nil` when they are not four hex
  /// digits before `n`.
  @inline(__always)
  static func hexValue(_ raw: UnsafePointer<UInt8>, _ at: Int, _ n: Int) -> UInt32? {
    // Safe: the guard keeps the four reads in `raw[at..<at + 4]`, below `n`.
    guard at &+ 4 <= n else { return nil }
    var v: UInt32 = 0
    for k in 0..<4 {
      let c = raw[at &+ k]
      let d: UInt32
      switch c {
      case 0x30...0x39: d = UInt32(c &- 0x30)
      case 0x41...0x46: d = UInt32(c &- 0x41 &+ 10)
      case 0x61...0x66: d = UInt32(c &- 0x61 &+ 10)
      default: return nil
      }
      v = v << 4 | d
    }
    return v
  }

  /// `unescape` without repair: the text between two escapes is found by `memchr`, checked
  /// by `firstInvalid` and moved as one block (not at all before the first escape when
  /// decoding in place), so an escaped string costs about what an unescaped one does, plus
  /// its escapes (gsoc-2018.json: 4.4 M instructions in the byte-and-word loop of
  /// `unescape`).
  ///
  /// A multi-byte sequence never contains a backslash, so a sequence cut by one is
  /// ill-formed either way, and is reported at the same offset.
  static func unescapeByRuns(
    _ raw: UnsafePointer<UInt8>, _ n: Int, into out: UnsafeMutablePointer<UInt8>
  ) throws(UnescapeFailure) -> Int {
    // Safe: `i <= n` throughout (a run ends at `n` or at a backslash, an escape takes only bytes
    // below `n`); `out` has room for `n` bytes and `o <= i`: a run moves as many bytes as it
    // reads and an escape writes fewer than it takes; `memmove` allows the overlap in place.
    var i = 0
    var o = 0
    while true {
      let rest = n &- i
      let run =
        memchr(raw + i, 0x5C, rest).map { UnsafeRawPointer($0) - UnsafeRawPointer(raw + i) }
        ?? rest
      if run > 0 {
        let invalid = firstInvalid(raw + i, run)
        if invalid >= 0 { throw UnescapeFailure(offset: i &+ invalid, reason: .invalidUTF8) }
        if out + o != raw + i { memmove(out + o, raw + i, run) }
        i &+= run
        o &+= run
      }
      guard i < n else { return o }
      // raw[i] is a backslash.
      let (written, consumed) = try decodeEscape(
        raw, i, n, into: out + o, replacingLoneSurrogates: false)
      o &+= written
      i &+= consumed
    }
  }

  /// Decodes the escape at `raw[i]` (a backslash) into `out` and returns how many bytes it
  /// wrote and how many raw bytes it took (a surrogate pair is one escape).
  ///
  /// With `replacingLoneSurrogates` a lone surrogate becomes U+FFFD instead of an error.
  @inline(__always)
  static func decodeEscape(
    _ raw: UnsafePointer<UInt8>, _ i: Int, _ n: Int, into out: UnsafeMutablePointer<UInt8>,
    replacingLoneSurrogates: Bool
  ) throws(UnescapeFailure) -> (written: Int, consumed: Int) {
    // Safe: `raw[i + 1]` is read behind `i + 1 < n`, `raw[i + 6]` and `raw[i + 7]` behind
    // `i + 7 < n`, hex digits behind `hexValue`'s check; every read precedes the writes, and the
    // 1 to 4 bytes written fit where the callers' `out` has room for the 2, 6 or 12 taken.
    guard i &+ 1 < n else {
      throw UnescapeFailure(offset: i, reason: .invalidEscape("backslash at end of string"))
    }
    let e = raw[i &+ 1]
    switch e {
    case 0x22, 0x5C, 0x2F: out[0] = e
    case 0x62: out[0] = 0x08
    case 0x66: out[0] = 0x0C
    case 0x6E: out[0] = 0x0A
    case 0x72: out[0] = 0x0D
    case 0x74: out[0] = 0x09
    case 0x75:
      guard let scalar = hexValue(raw, i &+ 2, n) else {
        throw UnescapeFailure(offset: i, reason: .invalidEscape("\\u needs four hex digits"))
      }
      if scalar >= 0xD800 && scalar <= 0xDBFF {
        if i &+ 7 < n, raw[i &+ 6] == 0x5C, raw[i &+ 7] == 0x75,
          let low = hexValue(raw, i &+ 8, n), low >= 0xDC00 && low <= 0xDFFF
        {
          return (encode(0x10000 &+ ((scalar &- 0xD800) << 10) &+ (low &- 0xDC00), into: out), 12)
        }
        if replacingLoneSurrogates { return (encode(0xFFFD, into: out), 6) }
        throw UnescapeFailure(
          offset: i,
          reason: .invalidEscape(
            "lone high surrogate \\u\(String(scalar, radix: 16, uppercase: true)) not followed by a low surrogate"
          ))
      }
      if scalar >= 0xDC00 && scalar <= 0xDFFF {
        if replacingLoneSurrogates { return (encode(0xFFFD, into: out), 6) }
        throw UnescapeFailure(
          offset: i,
          reason: .invalidEscape(
            "lone low surrogate \\u\(String(scalar, radix: 16, uppercase: true))"))
      }
      return (encode(scalar, into: out), 6)
    default:
      throw UnescapeFailure(
        offset: i, reason: .invalidEscape("'\\\(Character(Unicode.Scalar(e)))' is not an escape"))
    }
    return (1, 2)
  }

  /// Writes `scalar` as UTF-8 and returns the number of bytes written.
  @inlinable @inline(__always)
  static func encode(_ scalar: UInt32, into out: UnsafeMutablePointer<UInt8>) -> Int {
    // Safe: callers give `out` room for the scalar's bytes (see `unescape`, which counts them).
    if scalar < 0x80 {
      out[0] = UInt8(truncatingIfNeeded: scalar)
      return 1
    } else if scalar < 0x800 {
      out[0] = UInt8(truncatingIfNeeded: 0xC0 | scalar >> 6)
      out[1] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
      return 2
    } else if scalar < 0x10000 {
      out[0] = UInt8(truncatingIfNeeded: 0xE0 | scalar >> 12)
      out[1] = UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F)
      out[2] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
      return 3
    } else {
      out[0] = UInt8(truncatingIfNeeded: 0xF0 | scalar >> 18)
      out[1] = UInt8(truncatingIfNeeded: 0x80 | scalar >> 12 & 0x3F)
      out[2] = UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F)
      out[3] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
      return 4
    }
  }
}
