import CYajl

/// Whether a one-shot projected parse jumps over pruned values (see `ParserCore+Skipping`).
enum PrunedValueSkipping: Equatable {
  /// Every byte goes through yajl.
  case off
  /// Pruned members' values are checked by `SkipScanner` and never reach yajl; `skipped`
  /// counts them.
  case on(skipped: Int)
  /// The scanner was not sure that a pruned value is valid: the parse stopped, and is
  /// done again with `off`, which reports the error, if there is one, as always.
  case doubted
}

// A projected parse still had yajl tokenize every byte of the values it does not keep: on
// github_events read by a model that skips `payload`, yajl's scan was more than half of the
// decode. With `skipping` on, the one-shot input goes to yajl in pieces: each piece ends
// right after the key of a member of an object the projection prunes (a token boundary,
// where yajl stops and has reported the key, so the builder knows whether it keeps the
// member), or right after a container starts (so the builder says whether it prunes it). When
// the builder drops the member, `SkipScanner` checks its value and finds its end, and yajl
// is given `:0` in place of the member's last two bytes: a pruned scalar, which the builder
// skips as it skipped the value. Kept values are fed to yajl as before.
//
// Everything yajl is not given has been checked as strictly as yajl and the builder would
// have checked it; on any doubt the whole parse is redone without skipping. Every piece
// starts and ends on a token boundary as long as yajl has accepted the text before it, so
// the builder's positions (`chunkStart`, `chunkOffset`) are those of the piece.

extension ParserCore {
  /// `yajl_parse` of the one-shot input copy `base[0..<count]`, jumping over the values the
  /// projection prunes.
  ///
  /// On a doubt, sets `skipping` to `.doubted` and fails the parse.
  func feedSkippingPrunedValues(_ base: UnsafeMutablePointer<UInt8>, _ count: Int) -> yajl_status {
    let b = builder
    var feeder = PrunedValueFeeder(
      builder: b, scanner: SkipScanner(base: base, count: count),
      offset: b.pointee.chunkOffset)
    let status = feeder.run()
    if case .on(let skipped) = skipping { skipping = .on(skipped: skipped &+ feeder.skipped) }
    if feeder.doubted {
      skipping = .doubted
      _ = b.pointee.fail(.syntax("a pruned value the skip scanner doubts"), at: 0)
    }
    b.pointee.chunkStart = UnsafePointer(base)
    b.pointee.textEnd = UnsafePointer(base)
    b.pointee.chunkCount = count
    b.pointee.chunkOffset = feeder.offset
    return feeder.doubted ? yajl_status_error : status
  }
}

/// Walks the input beside yajl, feeding it piece by piece (see `ParserCore+Skipping`).
private struct PrunedValueFeeder {
  let builder: UnsafeMutablePointer<TapeBuilder>
  let scanner: SkipScanner
  /// The input offset of `scanner.base`.
  let offset: Int
  /// The bytes before this index have been given to yajl or skipped.
  var fed = 0
  var doubted = false
  /// The pruned values jumped over.
  var skipped = 0

  /// Gives yajl the input up to `end`, as its own piece.
  mutating func feed(to end: Int) -> yajl_status {
    // Safe: `fed < end <= scanner.count`, so yajl gets `end - fed` bytes of the input copy.
    guard end > fed else { return yajl_status_ok }
    let b = builder
    let start = UnsafePointer(scanner.base + fed)
    b.pointee.chunkStart = start
    b.pointee.textEnd = start
    b.pointee.chunkCount = end &- fed
    b.pointee.chunkOffset = offset &+ fed
    let status = yajl_parse(b.pointee.handle, start, end &- fed)
    fed = end
    return status
  }

  /// Feeds the rest of the input at once: the walk is over (the top-level container has
  /// ended) or cannot go on (text it does not expect, which yajl then reports).
  mutating func rest() -> yajl_status { feed(to: scanner.count) }

  /// Follows the containers that the projection prunes (the builder decides which), down to
  /// 64 deep; inside containers the builder keeps whole or skips, yajl reads everything.
  mutating func run() -> yajl_status {
    // Safe: `base[i]` is read behind `i < count` (the scanner's `count` bytes of the input copy);
    // `builder` is the parse's builder, which `ParserCore` keeps allocated until it is freed.
    let base = scanner.base
    let count = scanner.count
    let b = builder
    var i = 0
    var nesting = Nesting()
    var state = Nesting.Expecting.value
    while true {
      i = scanner.skipSpace(i)
      guard i < count else { return rest() }
      let c = base[i]
      // A closing bracket where the innermost container may end (only in `.valueOrClose`
      // and `.keyOrClose`: `closes` is false in the other states).
      if nesting.closes(c, state) {
        i &+= 1
        if nesting.depth == 0 { return rest() }
        state = .separator
        continue
      }
      switch state {
      case .value, .valueOrClose:
        if c == 0x7B || c == 0x5B {
          let status = feed(to: i &+ 1)
          guard status == yajl_status_ok else { return status }
          if b.pointee.wholeDepth > 0 || b.pointee.skipDepth > 0 {
            // Kept whole or skipped by the builder: yajl reads it all.
            guard let end = scanner.containerEnd(from: i) else { return rest() }
            i = end
          } else {
            // The builder's depth counts the containers this walk is in, and this one.
            guard b.pointee.depth == nesting.depth &+ 1, nesting.depth < 64 else { return rest() }
            state = nesting.enter(object: c == 0x7B)
            i &+= 1
            continue
          }
        } else if c == SkipScanner.quote {
          guard let end = scanner.stringEnd(from: i) else { return rest() }
          i = end
        } else {
          // A number or literal, checked by yajl: up to the next white space or punctuation.
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
        if nesting.depth == 0 { return rest() }
        state = .separator
      case .key, .keyOrClose:
        guard c == SkipScanner.quote, let keyEnd = scanner.stringEnd(from: i) else {
          return rest()
        }
        // Feed through the key: the builder decides (`pendingNode`) whether it keeps the
        // value. yajl accepted the text so far, so it read the same tokens as this walk
        // (JSON's tokens are unambiguous), and the last one was this key.
        let status = feed(to: keyEnd)
        guard status == yajl_status_ok else { return status }
        if b.pointee.pendingNode >= 0 {
          i = scanner.skipSpace(keyEnd)
          guard i < count, base[i] == 0x3A else { return rest() }
          i &+= 1
          state = .value
          continue
        }
        let limit = b.pointee.maxDepth &- b.pointee.depth
        guard let end = scanner.prunedMemberEnd(from: keyEnd, depthLimit: limit) else {
          doubted = true
          return yajl_status_error
        }
        // Safe: `keyEnd <= end - 2 < end <= count` (see below): the writes stay in the member,
        // in the input copy this one-shot parse owns, whose skipped text nothing reads again.
        // yajl reads `:0` over the member's last two bytes (at least ':' and one byte of
        // the value lie between the key and the value's end).
        base[end &- 2] = 0x3A
        base[end &- 1] = 0x30
        fed = end &- 2
        skipped &+= 1
        i = end
        state = .separator
      case .separator:
        guard let next = nesting.separate(c) else { return rest() }
        i &+= 1
        if nesting.depth == 0 { return rest() }
        state = next
      }
    }
  }
}
