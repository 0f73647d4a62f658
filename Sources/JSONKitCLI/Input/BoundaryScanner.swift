/// Finds where top-level JSON values may be cut apart in a stream of concatenated values
/// (NDJSON, or pretty-printed values one after another), without parsing them: after a
/// newline outside every string and container. It also counts the newlines before each cut,
/// for the line numbers of the pieces.
///
/// Only brackets, quotes, backslashes and newlines are looked at, so on valid JSON a cut
/// never falls inside a value. On invalid JSON a cut may fall anywhere, and the line count
/// may be off after a newline inside a string; but the piece holding the first error is
/// parsed from a correct start and reports it as a parser of the whole stream would, and
/// the error stops the run, so nothing after it is printed.
struct BoundaryScanner {
  private var depth = 0
  private var inString = false
  private var escaped = false

  /// Where the last cut point in a scan is (the index just past its newline) and how many
  /// newlines come before it in the scanned bytes.
  struct Cut {
    let index: Int
    let newlines: Int
  }

  /// Scans `bytes` (the bytes after those scanned before): the last cut in them, if any,
  /// and the newlines outside strings in all of them.
  mutating func scan(_ bytes: UnsafeRawBufferPointer) -> (lastCut: Cut?, newlines: Int) {
    guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
      return (nil, 0)
    }
    let count = bytes.count
    var cut: Cut?
    var newlines = 0
    var i = 0
    while i < count {
      if inString {
        if escaped {
          // A backslash ended the previous scan: this byte is the escaped one.
          escaped = false
          i &+= 1
          continue
        }
        // Most bytes are string text: skip to the next quote or backslash, eight bytes at
        // a time while none of the eight is one.
        while i &+ 8 <= count {
          let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
          if Self.holds(word, 0x22) || Self.holds(word, 0x5C) { break }
          i &+= 8
        }
        while i < count && base[i] != 0x22 && base[i] != 0x5C { i &+= 1 }
        guard i < count else { break }
        if base[i] == 0x5C {
          // Skip the backslash and the byte it escapes (maybe in the next scan).
          if i &+ 1 < count {
            i &+= 2
          } else {
            escaped = true
            i &+= 1
          }
        } else {
          inString = false
          i &+= 1
        }
        continue
      }
      switch base[i] {
      case 0x22: inString = true
      case 0x5B, 0x7B: depth &+= 1
      // Below zero only on invalid input: start counting again.
      case 0x5D, 0x7D: depth = depth > 0 ? depth &- 1 : 0
      case 0x0A:
        newlines &+= 1
        if depth == 0 { cut = Cut(index: i &+ 1, newlines: newlines) }
      default: break
      }
      i &+= 1
    }
    return (cut, newlines)
  }

  /// Whether one of the eight bytes of `word` is `byte`: in `word ^ byte…byte` that byte is
  /// zero, and `(x - 0x01…01) & ~x & 0x80…80` is non-zero exactly when some byte of `x` is.
  @inline(__always)
  static func holds(_ word: UInt64, _ byte: UInt8) -> Bool {
    let x = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
    return (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080 != 0
  }
}
