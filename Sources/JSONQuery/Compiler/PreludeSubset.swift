/// The part of the prelude one program needs (see `Prelude.reachable(from:)`), found from
/// the texts alone: a program can call only the names written in it, and a definition only
/// those written in its body, so following the identifiers from the program's text through
/// the definitions' texts reaches every definition a run can call (and maybe a few more).
///
/// This runs at every start of `jsonkit`, so it works on the source's bytes: cutting the
/// source keeps only where each definition is, and text is made for the needed ones alone
/// (making a string of each of the 79 definitions was a tenth of a tiny run's instructions).
///
/// ```swift
/// PreludeSubset.text(neededBy: ["map"])  // "def map(f): [.[] | f];\n\n."
/// PreludeSubset.text(neededBy: ["a"])    // nil: `.a` calls no prelude definition
/// ```
enum PreludeSubset {
  /// One top-level definition of `source`: `def name(a; b): …;` is "name/2".
  struct Piece {
    let name: String
    let arity: Int
    /// Where the definition is in `source`'s UTF-8, from `def` to its final `;`.
    let bytes: Range<Int>

    /// "name/arity", as the compiler's tables spell it.
    var key: String { "\(name)/\(arity)" }
  }

  /// The text the pieces are cut from: the library's jq-source definitions, then the
  /// prelude's.
  static let source = RegexPrelude.source + "\n" + Prelude.source

  /// Every top-level definition of `source`, in source order.
  static let pieces: [Piece] = {
    var source = Self.source
    return source.withUTF8 { cut($0) }
  }()

  /// The definitions `words` can reach, each followed by a newline, then the body `.`;
  /// `nil` when they reach none.
  static func text(neededBy words: Set<String>) -> String? {
    var source = Self.source
    return source.withUTF8 { bytes -> String? in
      let needed = self.needed(by: words, in: bytes)
      guard !needed.isEmpty else { return nil }
      var text: [UInt8] = []
      text.reserveCapacity(needed.reduce(2) { $0 + $1.bytes.count + 1 })
      for piece in needed {
        text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[piece.bytes]))
        text.append(0x0A)
      }
      text.append(0x0A)
      text.append(0x2E)
      return String(decoding: text, as: UTF8.self)
    }
  }

  /// The pieces whose names `words` holds, and those their texts name, in source order.
  ///
  /// `bytes` is `source`'s UTF-8.
  private static func needed(by words: Set<String>, in bytes: UnsafeBufferPointer<UInt8>)
    -> [Piece]
  {
    // Safe: each piece's range was cut from these same bytes (`source`'s UTF-8) by `cut`.
    var included = [Bool](repeating: false, count: pieces.count)
    var pending = words
    var seen: Set<String> = []
    while let word = pending.popFirst() {
      guard seen.insert(word).inserted else { continue }
      for (i, piece) in pieces.enumerated() where !included[i] && piece.name == word {
        included[i] = true
        let body = UnsafeBufferPointer(rebasing: bytes[piece.bytes])
        pending.formUnion(Prelude.identifiers(in: body).subtracting(seen))
      }
    }
    return pieces.indices.filter { included[$0] }.map { pieces[$0] }
  }

  /// `bytes` cut at each line that starts with `def ` (a body's lines are indented); a
  /// definition ends at its last `;` before the next one, so the comments between
  /// definitions and the body `.` after the last one are left out.
  private static func cut(_ bytes: UnsafeBufferPointer<UInt8>) -> [Piece] {
    // Safe: reads are behind `lineStart < bytes.count` (four bytes behind
    // `bytes.count - lineStart >= 4`), and `bytes[end - 1]` behind `end > start >= 0`.
    var starts: [Int] = []
    var lineStart = 0
    while lineStart < bytes.count {
      if bytes.count - lineStart >= 4 && bytes[lineStart] == 0x64 && bytes[lineStart + 1] == 0x65
        && bytes[lineStart + 2] == 0x66 && bytes[lineStart + 3] == 0x20
      {
        starts.append(lineStart)
      }
      while lineStart < bytes.count && bytes[lineStart] != 0x0A { lineStart += 1 }
      lineStart += 1
    }
    var pieces: [Piece] = []
    pieces.reserveCapacity(starts.count)
    for (k, start) in starts.enumerated() {
      var end = k + 1 < starts.count ? starts[k + 1] : bytes.count
      while end > start && bytes[end - 1] != 0x3B { end -= 1 }
      assert(end > start, "a prelude definition without its final ';'")
      pieces.append(piece(bytes, start..<end))
    }
    return pieces
  }

  /// The piece of the definition at `range` of `bytes`: its name follows `def `, and it has
  /// one parameter more than the `;`s of its parenthesised list.
  private static func piece(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Piece {
    // Safe: `range` lies in `bytes` (from `cut`), and every read is behind `i < range.upperBound`.
    let nameStart = range.lowerBound + 4
    var i = nameStart
    while i < range.upperBound && Prelude.isWordByte(bytes[i]) { i += 1 }
    let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<i]), as: UTF8.self)
    var arity = 0
    if i < range.upperBound && bytes[i] == 0x28 {
      arity = 1
      while i < range.upperBound && bytes[i] != 0x29 {
        if bytes[i] == 0x3B { arity += 1 }
        i += 1
      }
    }
    return Piece(name: name, arity: arity, bytes: range)
  }
}
