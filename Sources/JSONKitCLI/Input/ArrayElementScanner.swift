#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds, in a document whose top level is an array, the commas between its elements (at
/// depth 1, outside strings) and its closing bracket, without parsing it: where
/// `BigArrayRunner` cuts the array into pieces for its threads.
///
/// It follows brackets and quotes through every byte outside strings, and inside a string
/// looks eight bytes at a time for the closing quote or a backslash (which escapes the byte
/// after it). It checks nothing: on text that is not JSON its depth may be wrong, and then
/// the piece it cut fails to parse as an array, which is how the run finds out (see
/// `BigArrayRunner`).
struct ArrayElementScanner {
  /// The bytes before this index have been looked at.
  private(set) var scanned = 0
  /// Just past the opening `[`, once it is seen.
  private(set) var elementsStart: Int?
  /// The first byte other than white space is not `[`: the input is no array.
  private(set) var notArray = false
  /// The index of the last comma between elements seen.
  private(set) var lastComma: Int?
  /// The index of the array's closing `]`, once it is seen; nothing is scanned after it.
  private(set) var end: Int?
  private var depth = 0
  private var inString = false

  /// Scans `buffer` from where the last scan stopped (its earlier bytes must be the same).
  mutating func scan(_ buffer: UnsafeRawBufferPointer) {
    // Safe: every read of `base[i]` is behind `i < count` (or `i + 8 <= count` for a word), `count`
    // being `buffer.count`; the bytes are `UInt8`s, as a raw buffer's bytes always are.
    guard end == nil, !notArray,
      let base = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self)
    else { return }
    let count = buffer.count
    var i = scanned
    if elementsStart == nil {
      while i < count && Self.isWhiteSpace(base[i]) { i &+= 1 }
      guard i < count else {
        scanned = i
        return
      }
      guard base[i] == 0x5B else {
        notArray = true
        return
      }
      depth = 1
      i &+= 1
      elementsStart = i
    }
    while i < count {
      if inString {
        // Eight bytes a step up to a quote or a backslash (a word-sized test: strings are
        // most of a document's bytes, and a call to `memchr` per string cost more than the
        // short ones it searched).
        while i &+ 8 <= count {
          let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
          let found = Self.zeroBytes(word ^ Self.quotes) | Self.zeroBytes(word ^ Self.backslashes)
          if found != 0 {
            i &+= found.trailingZeroBitCount &>> 3
            break
          }
          i &+= 8
        }
        while i < count && base[i] != 0x22 && base[i] != 0x5C { i &+= 1 }
        if i >= count { break }
        if base[i] == 0x22 {
          inString = false
          i &+= 1
        } else {
          i &+= 2  // the escaped byte, whatever it is
        }
        continue
      }
      switch base[i] {
      case 0x22: inString = true
      case 0x5B, 0x7B: depth &+= 1
      case 0x5D, 0x7D:
        depth &-= 1
        if depth == 0 {
          end = i
          scanned = i
          return
        }
      case 0x2C where depth == 1: lastComma = i
      default: break
      }
      i &+= 1
    }
    scanned = i
  }

  /// The scanner for the bytes after index `cut` (where the next buffer starts).
  mutating func moveAfter(_ cut: Int) {
    assert(cut <= scanned, "a cut among the bytes scanned")
    scanned -= cut
    elementsStart = elementsStart.map { max($0 - cut, 0) }
    lastComma = nil
  }

  private static let quotes: UInt64 = 0x2222_2222_2222_2222
  private static let backslashes: UInt64 = 0x5C5C_5C5C_5C5C_5C5C

  /// A word with the high bit set in the byte where `word` has its first zero byte (and
  /// maybe in bytes after it, never before): the lowest set bit tells where it is.
  @inline(__always)
  private static func zeroBytes(_ word: UInt64) -> UInt64 {
    (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
  }

  @inline(__always)
  private static func isWhiteSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }
}
