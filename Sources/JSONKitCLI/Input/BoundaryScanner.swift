#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds where a stream of concatenated JSON values (NDJSON, or pretty-printed values one
/// after another) may be cut apart without parsing it, and counts its lines.
///
/// A cut goes after a newline that has the end of a value before it and the start of one
/// after it, with only white space between: `}⏎{`, `]⏎[`, `1⏎"a"`, `true⏎null`. In JSON
/// (and in jq's reader) a value inside an array or object is followed by `,`, `]` or `}`,
/// never by another value, and a newline cannot be inside a string; so in input that is
/// valid up to the start of the next value, such a newline is between top-level values.
/// Only the bytes around each newline are looked at, which is what lets one thread cut the
/// input for several (following brackets and quotes through every byte, as this scanner
/// once did, cost the reading thread 1.2 ns a byte: a fifth of a two-thread run's time).
///
/// On input that is not valid near a cut, the cut may fall inside a value. A parallel run
/// finds that out when it parses the piece before the cut (its last value is not complete)
/// and parses that piece again joined to the next one; the input is invalid there, so the
/// run stops at the error, which is reported as a parser of the whole stream reports it.
///
/// All newlines are counted, as the parser counts lines.
struct BoundaryScanner {
  /// A cut: the index just past its newline, and the newlines before that index.
  struct Cut {
    let index: Int
    let newlines: Int
  }

  /// The bytes before this index have been looked at: their newlines are counted and the
  /// cuts among them found.
  ///
  /// A newline whose next value has not been read yet is after it.
  private(set) var scanned = 0
  /// The newlines before `scanned`.
  private(set) var newlines = 0
  /// The last cut found before `scanned`.
  private(set) var lastCut: Cut?
  /// Where the line after the last newline counted starts.
  private var lineStart = 0

  /// The most white space looked through on either side of a newline: a longer run of it
  /// is no cut (cutting is never required, only useful).
  static let whiteSpaceLimit = 64

  /// Scans `buffer` from where the last scan stopped (its earlier bytes must be the same).
  mutating func scan(_ buffer: UnsafeRawBufferPointer) {
    // Safe: `memchr` searches `count - i` bytes from `base + i` with `i < count`; the bytes are
    // `UInt8`s.
    guard let base = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
    let count = buffer.count
    var i = scanned
    // `memchr` finds the newlines: in NDJSON they are kilobytes apart, and it skips 32
    // bytes a step (eight bytes a step with a word-sized test cost 3% of a run).
    while i < count, let found = memchr(base + i, 0x0A, count - i) {
      let newline = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
      guard decide(newline, base, count) else {
        scanned = newline
        return
      }
      i = newline &+ 1
    }
    scanned = count
  }

  /// Counts the newline at `index` and records it as a cut if it is one; `false` when that
  /// cannot be told yet (only white space follows it in the buffer).
  @inline(__always)
  private mutating func decide(_ index: Int, _ base: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    // Safe: `index < count` (a newline `scan` found), and `next` stays below `limit <= count`.
    var next = index &+ 1
    let limit = min(count, next &+ Self.whiteSpaceLimit)
    while next < limit && Self.isWhiteSpace(base[next]) { next &+= 1 }
    if next == count { return false }
    newlines &+= 1
    lineStart = index &+ 1
    if next < limit && Self.startsValue(base[next]) && Self.valueEnds(before: index, base) {
      lastCut = Cut(index: index &+ 1, newlines: newlines)
    }
    return true
  }

  /// A cut after the newline that ends `buffer`'s last line, when the next value has not
  /// come yet (only white space follows): for a reader whose writer paused after a line,
  /// which must see that line's results before it writes more.
  ///
  /// It is a guess, checked when
  /// the piece before it is parsed; it is made only where the line starts in its first
  /// column with a value or a closing bracket (NDJSON, or the end of a value pretty-printed
  /// by jq) and a value ends before the newline.
  func cutAtEnd(_ buffer: UnsafeRawBufferPointer) -> Cut? {
    // Safe: `scanned < buffer.count` and `lineStart < scanned` are checked first, the loop runs
    // below `buffer.count`, and `valueEnds` reads only below `scanned`.
    guard let base = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self),
      scanned < buffer.count, base[scanned] == 0x0A, lineStart < scanned
    else { return nil }
    switch base[lineStart] {
    case 0x7D, 0x5D: break
    case let byte where Self.startsValue(byte): break
    default: return nil
    }
    guard Self.valueEnds(before: scanned, base) else { return nil }
    var lines = newlines
    var last = scanned
    for i in scanned..<buffer.count where base[i] == 0x0A {
      lines += 1
      last = i
    }
    return Cut(index: last + 1, newlines: lines)
  }

  /// The scanner for the bytes after `cut`, which start the next buffer.
  mutating func moveAfter(_ cut: Cut) {
    if cut.index <= scanned {
      scanned -= cut.index
      newlines -= cut.newlines
      lineStart = max(lineStart - cut.index, 0)
    } else {
      // A cut at the end (`cutAtEnd`): only white space is left, with no newline.
      assert(cut.newlines >= newlines, "a cut at the end holds every newline")
      scanned = 0
      newlines = 0
      lineStart = 0
    }
    lastCut = nil
  }

  /// Whether the last byte before `index` other than white space ends a value: `}`, `]`, a
  /// string's quote, a digit, or the last letter of `true`, `false` and `null`.
  @inline(__always)
  private static func valueEnds(before index: Int, _ base: UnsafePointer<UInt8>) -> Bool {
    // Safe: callers pass an `index` below the buffer's count; `i` runs from `index - 1` down to
    // `floor >= 0`.
    var i = index &- 1
    let floor = max(index &- whiteSpaceLimit, 0)
    while i >= floor && isWhiteSpace(base[i]) { i &-= 1 }
    guard i >= floor else { return false }
    switch base[i] {
    case 0x7D, 0x5D, 0x22, 0x30...0x39, 0x65, 0x6C: return true
    default: return false
    }
  }

  /// Whether `byte` starts a value: `{`, `[`, `"`, `-`, a digit, or `t`, `f`, `n`.
  @inline(__always)
  private static func startsValue(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x7B, 0x5B, 0x22, 0x2D, 0x30...0x39, 0x74, 0x66, 0x6E: return true
    default: return false
    }
  }

  @inline(__always)
  private static func isWhiteSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }
}
