import CYajl

/// Whether a one-shot projected parse jumps over pruned values (see `ParserCore+Skipping`).
enum PrunedValueSkipping: Equatable {
  /// Every byte goes through yajl.
  case off
  /// Pruned members are checked by `SkipScanner` and never reach yajl; `skipped` counts
  /// them.
  case on(skipped: Int)
  /// The scanner was not sure that a pruned value is valid: the parse stopped, and is
  /// done again with `off`, which reports the error, if there is one, as always.
  case doubted
}

// A projected parse still had yajl tokenize every byte of the values it does not keep: on
// github_events read by a model that skips `payload`, yajl's scan was more than half of the
// decode. With `skipping` on, a walk over the one-shot input decides from the projection's
// table, before yajl sees a byte, which members of the objects it prunes are dropped: their
// key is compared with the table's names (a key with an escape is left to the builder),
// `SkipScanner` checks the member as strictly as yajl and the builder would, and the text
// around it, less the member and the comma that separated it, is copied into the parse's
// storage (the input copy, which such a parse does not fill beforehand: text it drops is
// never copied). yajl parses what was copied in one call: the same document less the pruned
// members, which the builder would have dropped anyway.
//
// Cutting a checked member with its separator out of an object changes neither whether the
// text is valid nor the values kept, so the parse succeeds exactly when the full parse
// does. Its failures do not say where the error is (the text moved), and need not: a parse
// without positions that fails is parsed again with them, without skipping
// (`JSONParser.parseValues`); on a doubt the parse is redone without skipping at once.
// Values refer to the compacted copy, which becomes the document's storage.

extension ParserCore {
  /// `yajl_parse` of the one-shot input `input[0..<count]`, less the members the projection
  /// prunes, copied into `storage` (allocated for the input, not yet filled).
  ///
  /// On a doubt, sets `skipping` to `.doubted` and fails the parse. A failed parse leaves
  /// the whole input in `storage`, where the error's excerpt is read.
  func feedSkippingPrunedValues(
    from input: UnsafePointer<UInt8>, into storage: UnsafeMutablePointer<UInt8>, _ count: Int
  ) -> yajl_status {
    // Safe: `projection` is set whenever skipping is on (`JSONParser.skipsPrunedValues`);
    // `count <= inputCount`, the length of both `input` and `storage`, and the compacted text
    // is at most as long as the input.
    let b = builder
    let total = b.pointee.inputCount
    // A \v or \f ends the text early (`feedChunk`): the parse fails whatever is skipped.
    guard count == total else {
      storage.update(from: input, count: total)
      return yajl_parse(b.pointee.handle, storage, count)
    }
    var compactor = PrunedMemberCompactor(
      table: b.pointee.projection.unsafelyUnwrapped,
      scanner: SkipScanner(base: input, count: count, scratch: storage), storage: storage,
      maxDepth: b.pointee.maxDepth)
    guard let kept = compactor.run() else {
      skipping = .doubted
      storage.update(from: input, count: total)
      _ = b.pointee.fail(.syntax("a pruned value the skip scanner doubts"), at: 0)
      return yajl_status_error
    }
    if case .on(let skipped) = skipping { skipping = .on(skipped: skipped &+ compactor.skipped) }
    // The document is now the compacted text: `finish` reads no further, and the storage
    // keeps only it.
    b.pointee.inputCount = kept
    b.pointee.sharedStorage?.count = kept
    b.pointee.chunkCount = kept
    let status = yajl_parse(b.pointee.handle, storage, kept)
    if status != yajl_status_ok {
      // The error is located again by a parse with positions (`JSONParser.parseValues`);
      // this one's excerpt reads the storage, which then holds the input as it was.
      storage.update(from: input, count: total)
    }
    return status
  }
}

/// Walks the input and copies it into the parse's storage less the members the projection
/// prunes (see `ParserCore+Skipping`).
private struct PrunedMemberCompactor {
  let table: ProjectionTable
  let scanner: SkipScanner
  /// Where the kept text goes: as many bytes as the input.
  let storage: UnsafeMutablePointer<UInt8>
  /// The parser's depth limit.
  let maxDepth: Int
  /// The members cut out.
  var skipped = 0
  /// The compacted text is `storage[0..<out]`, to be followed by `base[pending..<i]`, not
  /// copied yet.
  var out = 0
  var pending = 0

  init(
    table: ProjectionTable, scanner: SkipScanner, storage: UnsafeMutablePointer<UInt8>,
    maxDepth: Int
  ) {
    self.table = table
    self.scanner = scanner
    self.storage = storage
    self.maxDepth = maxDepth
  }

  /// Cuts `base[start..<end]` out: the text before it is copied to the compacted text.
  @inline(__always)
  mutating func cut(_ start: Int, _ end: Int) {
    // Safe: `pending <= start <= end <= count`, and `out <= pending`: the copy stays within
    // the storage's `count` bytes, which do not overlap the input. The short copy reads
    // `base[pending..<pending + 32]` and writes `storage[out..<out + 32]` behind
    // `pending + 32 <= count`; the bytes it writes past `out + n` are not kept text yet (the
    // next copy starts there) and nothing reads them before (see `SkipScanner.scratch`).
    let n = start &- pending
    if n > 0 {
      let target = UnsafeMutableRawPointer(storage + out)
      let source = UnsafeRawPointer(scanner.base + pending)
      if n <= 32 && pending &+ 32 <= scanner.count {
        // Most kept runs are a line of indented text: two blocks, no call to `memmove`.
        target.storeBytes(of: source.loadUnaligned(as: SIMD16<UInt8>.self), as: SIMD16<UInt8>.self)
        target.storeBytes(
          of: source.loadUnaligned(fromByteOffset: 16, as: SIMD16<UInt8>.self),
          toByteOffset: 16, as: SIMD16<UInt8>.self)
      } else {
        target.copyMemory(from: source, byteCount: n)
      }
    }
    out &+= n
    pending = end
  }

  /// Walks the containers that the projection prunes, up to 64 deep (inside containers
  /// kept whole or skipped by the builder, yajl reads everything), and returns the length of
  /// the compacted text, or `nil` when the scanner doubts a pruned member.
  mutating func run() -> Int? {
    // Safe: a temporary allocation of capacity 64 has a base address.
    withUnsafeTemporaryAllocation(of: Int32.self, capacity: 64) { nodes in
      walk(nodes.baseAddress.unsafelyUnwrapped)
    }
  }

  /// `run` with `nodes[d]`, the projection node of the container at depth `d + 1`.
  private mutating func walk(_ nodes: UnsafeMutablePointer<Int32>) -> Int? {
    // Safe: `base[i]` is read behind `i < count` (the scanner's `count` bytes of the input
    // copy), and a key's text `base[i + 1 ..< keyEnd - 1]` lies before `keyEnd <= count`;
    // `nodes[d]` for `d < nesting.depth <= 64`, the temporary allocation's capacity; table
    // nodes are those the table hands out (`>= 0`).
    let base = scanner.base
    let count = scanner.count
    var i = 0
    var nesting = Nesting()
    var state = Nesting.Expecting.value
    // The node of the value about to be read (set by its key in an object).
    var valueNode = 0
    // Bit d: the object at depth d + 1 has kept no member yet (a member cut there takes
    // the comma after it, not before it).
    var leading: UInt64 = 0
    // The comma before the current key, or -1 for an object's first member.
    var comma = -1
    walk: while true {
      let space = i
      i = scanner.skipSpace(i)
      guard i < count else { break walk }
      let c = base[i]
      // White space between tokens is cut too where it is a run (yajl reads it a byte at a
      // time; a lone space costs it less than a cut), and only next to punctuation: text
      // such as `1 2` or `tru e` must not become one token. After `{`, `[`, `,` or `:`
      // (every state but `.separator`) any token may follow; after a value, only where a
      // separator or a closing bracket follows. (Before a key, the run goes with the key's
      // member, or its comma.)
      let spaced = i &- space >= 2
      // A closing bracket where the innermost container may end (only in `.valueOrClose`
      // and `.keyOrClose`: `closes` is false in the other states).
      if nesting.closes(c, state) {
        if spaced { cut(space, i) }
        i &+= 1
        if nesting.depth == 0 { break walk }
        state = .separator
        continue
      }
      switch state {
      case .value, .valueOrClose:
        if spaced { cut(space, i) }
        if nesting.depth > 0 && !nesting.inObject {
          // An array's element.
          let array = Int(nodes[nesting.depth &- 1])
          valueNode = array >= 0 ? Int(table.elements[array]) : -1
        }
        if c == 0x7B || c == 0x5B {
          let object = c == 0x7B
          let kept = object ? ProjectionTable.objectsWhole : ProjectionTable.arraysWhole
          if valueNode >= 0 && table.flags[valueNode] & (ProjectionTable.whole | kept) == 0
            && nesting.depth < 64
          {
            // Pruned by the builder: the walk goes in.
            let bit: UInt64 = 1 << UInt64(nesting.depth)
            leading = object ? leading | bit : leading & ~bit
            nodes[nesting.depth] = Int32(truncatingIfNeeded: valueNode)
            state = nesting.enter(object: object)
            comma = -1
            i &+= 1
            continue
          }
          // Kept whole or skipped by the builder: yajl reads it all.
          guard let end = scanner.containerEnd(from: i) else { break walk }
          i = end
        } else if c == SkipScanner.quote {
          // A plain string (nearly all) inline, the others by `stringEnd`.
          guard let end = scanner.plainStringEnd(from: i) ?? scanner.stringEnd(from: i)
          else { break walk }
          i = end
        } else {
          // A number or literal, checked by yajl: up to the next white space or punctuation
          // (a run of digits first, one test a byte: ids and counts are most of them).
          while i < count && base[i] &- 0x30 < 10 { i &+= 1 }
          while i < count {
            let d = base[i]
            if d == 0x2C || d == 0x5D || d == 0x7D || d == 0x20 || d == 0x0A || d == 0x0D
              || d == 0x09 || d == 0x3A || d == 0x22 || d == 0x7B || d == 0x5B
            {
              break
            }
            i &+= 1
          }
        }
        if nesting.depth == 0 { break walk }
        state = .separator
        continue
      case .key, .keyOrClose:
        guard c == SkipScanner.quote else { break walk }
        var escaped = false
        var plain = true
        // A plain key (nearly all) is passed inline, the others by `keyEnd`.
        guard
          let keyEnd =
            scanner.plainStringEnd(from: i)
            ?? scanner.keyEnd(from: i, escaped: &escaped, plain: &plain)
        else { break walk }
        let bit: UInt64 = 1 << UInt64(nesting.depth &- 1)
        // A key with an escape is left to the builder: only its decoded text can be compared.
        let node =
          escaped
          ? -2
          : table.member(
            of: Int(nodes[nesting.depth &- 1]), scanner.base + (i &+ 1), keyEnd &- i &- 2)
        // -1: pruned (`ProjectionTable.member`), -2: escaped.
        if node == -1 {
          // Cut out: the key, checked as the builder would (printable ASCII needs no
          // check), and the member's value.
          let limit = maxDepth &- nesting.depth
          guard plain || scanner.checkedStringEnd(from: i) == keyEnd,
            let end = scanner.prunedMemberEnd(from: keyEnd, depthLimit: limit)
          else { return nil }
          // Before the object keeps a member, the comma after a cut one goes with it (it
          // is cut with the next member); after, the comma before it.
          cut(comma >= 0 ? comma : space, end)
          skipped &+= 1
          i = end
          state = .separator
          continue
        }
        // Kept, or a key with an escape, which the builder decides on (yajl reads the
        // value whole unless the walk knows it is pruned).
        if leading & bit != 0 && comma >= 0 {
          cut(comma, i)
        } else if spaced {
          cut(space, i)
        }
        leading &= ~bit
        valueNode = node
        i = scanner.skipSpace(keyEnd)
        guard i < count, base[i] == 0x3A else { break walk }
        i &+= 1
        state = .value
        continue
      case .separator:
        guard let next = nesting.separate(c) else { break walk }
        if spaced { cut(space, i) }
        if next == .key { comma = i }
        i &+= 1
        if nesting.depth == 0 { break walk }
        state = next
        continue
      }
    }
    // The walk is over (the top-level value has ended) or cannot go on (text it does not
    // expect, which yajl then reports): the rest is kept as it is.
    cut(count, count)
    return out
  }
}
