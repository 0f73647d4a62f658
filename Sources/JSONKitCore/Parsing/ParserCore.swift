import CYajl

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Owns one yajl handle and the `TapeBuilder` its callbacks fill; shared by the one-shot
/// parser and the push parser.
///
/// Turns yajl's failures into `JSONError`s in one place.
final class ParserCore {
  private let handle: yajl_handle
  private let callbacks: UnsafeMutablePointer<yajl_callbacks>
  let builder: UnsafeMutablePointer<TapeBuilder>
  private let options: JSONParser.Options
  private let streaming: Bool
  /// Stream events instead of values (see `TapeBuilder+StreamEvents`).
  private let events: Bool

  /// Input bytes fed so far.
  private(set) var offset = 0
  /// Streaming only: newlines before the current chunk, and the offset of the last one.
  private(set) var newlines = 0
  private(set) var lastNewline = -1
  private var failed: JSONError?
  /// Streaming only: the first bytes of the stream, held back until they show whether the
  /// input starts with a byte order mark or is UTF-16/32 (see `needsMoreHead`).
  private var head: [UInt8] = []
  private var headDecided = false
  /// Streaming only: small chunks kept back inside a long token (see `shouldHold`).
  private var held: [UInt8] = []
  /// One-shot only: the length of a byte order mark skipped at the start.
  private var bomSkipped = 0
  /// One-shot only: the caller's input, valid from `feed` until `finish` returns (the
  /// one-shot parser calls both within the input's lifetime), for error locations.
  private var originalInput: UnsafeRawBufferPointer?
  /// One-shot projected parses only: whether pruned values are jumped over without yajl
  /// (see `ParserCore+Skipping`).
  var skipping = PrunedValueSkipping.off

  /// A parser with its yajl handle, before any byte is fed.
  ///
  /// - Parameters:
  ///   - options: how the text is parsed.
  ///   - expectedSize: the input's length, or a guess at it, to size the tape.
  ///   - streaming: whether the input comes in chunks (the push parser).
  ///   - events: hand out jq's stream events instead of values (streaming only;
  ///     see `TapeBuilder+StreamEvents`; a projection is then ignored).
  ///   - tracksPositions: note every token's position (see `TapeBuilder.tracksPositions`);
  ///     streaming parses always do. Without it a failure's location is not meaningful:
  ///     parse again with it for the error to report.
  init(
    options: JSONParser.Options, expectedSize: Int, streaming: Bool, events: Bool = false,
    tracksPositions: Bool = true
  ) {
    // Safe: each pointer was just allocated for one value and is initialized once here; `deinit`
    // frees them after `yajl_free`, so yajl never sees a freed builder.
    assert(streaming || !events, "stream events come only from a streaming parse")
    self.options = options
    self.streaming = streaming
    self.events = events
    builder = .allocate(capacity: 1)
    var options = options
    if events { options.projection = nil }
    builder.initialize(
      to: TapeBuilder(
        options: options, expectedSize: expectedSize, streaming: streaming,
        tracksPositions: tracksPositions))
    callbacks = .allocate(capacity: 1)
    callbacks.initialize(
      to: events
        ? ParserCore.makeEventCallbacks()
        : builder.pointee.projection != nil
          ? ParserCore.makeProjectedCallbacks()
          : ParserCore.makeCallbacks(tracked: builder.pointee.tracksPositions))
    handle = yajl_alloc(callbacks, nil, UnsafeMutableRawPointer(builder))
    builder.pointee.handle = handle
    // JSONKit validates strings itself (strictly); see UTF8Validation.
    _ = cyajl_config_flag(handle, yajl_dont_validate_strings, 1)
    _ = cyajl_config_flag(handle, yajl_allow_comments, options.allowComments ? 1 : 0)
    if options.allowTrailingGarbage && !streaming {
      _ = cyajl_config_flag(handle, yajl_allow_trailing_garbage, 1)
    } else {
      // A second value is reported by the builder, with its position.
      _ = cyajl_config_flag(handle, yajl_allow_multiple_values, 1)
    }
  }

  /// Streaming only, before the first chunk: the input begins at byte `byte`, the start of
  /// line `line`, of a longer stream, so that errors and lines count from there (a stream
  /// cut into batches at line starts, parsed apart, reports what one parser would).
  ///
  /// The
  /// byte order mark and encoding checks belong to the stream's start and are skipped.
  func start(atByte byte: Int, line: Int, column: Int = 0) {
    assert(streaming && offset == 0 && head.isEmpty, "start(atByte:line:) before any input")
    offset = byte
    endOfTakenValues = byte
    newlines = line - 1
    lastNewline = byte - 1 - column
    headDecided = true
    builder.pointee.lastTokenEnd = byte
    builder.pointee.previousTokenEnd = byte
    builder.pointee.carryOffset = byte
  }

  deinit {
    yajl_free(handle)
    builder.pointee.deallocate()
    builder.deinitialize(count: 1)
    builder.deallocate()
    callbacks.deallocate()
  }

  /// Values completed so far; the caller takes them.
  func takeValues() -> [JSON] {
    if let end = builder.pointee.valueEnds.last { endOfTakenValues = end }
    let values = builder.pointee.values
    builder.pointee.values = []
    swap(&endsOfTakenValues, &builder.pointee.valueEnds)
    builder.pointee.valueEnds.removeAll(keepingCapacity: true)
    valueLines = []
    return values
  }

  /// The offset just after the last value taken (0 before any): where the text of the
  /// next one begins, white space first.
  private(set) var endOfTakenValues = 0
  /// The offset just after each value of the last take, in order.
  private(set) var endsOfTakenValues: [Int] = []

  /// Streaming only: values completed so far, each with the line its last token ends on.
  func takeValuesWithLines() -> [(value: JSON, line: Int)] {
    let lines = valueLines
    return zip(takeValues(), lines).map { ($0, $1) }
  }

  /// Streaming only: for each value in the builder's `values` whose line is known, the line
  /// its last token ends on (see `noteValueLines`).
  private var valueLines: [Int] = []

  var valueCount: Int { builder.pointee.valueCount }

  // MARK: Feeding

  /// Bytes fed so far, including any held back (see `held` and `head`).
  var bytesFed: Int { offset + head.count + held.count }

  /// Streaming only: the most bytes one value may span, counted from the end of the value
  /// before it; `nil` for no limit.
  ///
  /// The input goes to yajl in slices of at most the limit
  /// (and 64 KiB), each checked after it is parsed: a value longer than the limit is still
  /// open at the end of some slice, or is the first value a slice completes, so it is always
  /// caught, and the document being built never holds much more than the limit.
  var maxValueBytes: Int?

  /// Parses the next chunk of input.
  ///
  /// Completed values accumulate in the builder.
  func feed(_ input: UnsafeRawBufferPointer) throws(JSONError) {
    // Safe: `start < end <= input.count`, so each part is in `input`.
    guard let limit = maxValueBytes else { return try feedInput(input) }
    let slice = max(1, min(limit, 1 << 16))
    var start = 0
    repeat {
      let end = min(start + slice, input.count)
      let part = UnsafeRawBufferPointer(rebasing: input[start..<end])
      let valuesBefore = builder.pointee.values.count
      let valueStart = builder.pointee.valueEnds.last ?? endOfTakenValues
      try feedInput(part)
      try checkValueSize(limit: limit, valuesBefore: valuesBefore, valueStart: valueStart)
      start = end
    } while start < input.count
  }

  /// Throws `valueTooLarge` when the first value the last slice completed, or the value
  /// still open, spans more than `limit` bytes from `valueStart` (the end of the value
  /// before it).
  ///
  /// Values completed after an oversized one are dropped, so that the caller
  /// gets the values before it and then the error. Located where the input stands.
  private func checkValueSize(limit: Int, valuesBefore: Int, valueStart: Int) throws(JSONError) {
    let b = builder
    let completedTooLarge =
      b.pointee.valueEnds.count > valuesBefore
      && b.pointee.valueEnds.count == b.pointee.values.count
      && b.pointee.valueEnds[valuesBefore] - valueStart > limit
    if completedTooLarge {
      b.pointee.values.removeSubrange(valuesBefore...)
      b.pointee.valueEnds.removeSubrange(valuesBefore...)
    } else {
      let openStart = b.pointee.valueEnds.last ?? endOfTakenValues
      let open = b.pointee.depth > 0 || !b.pointee.carry.isEmpty || !held.isEmpty
      guard open, bytesFed - openStart > limit else { return }
    }
    throw remember(
      JSONError(
        .parse(.valueTooLarge(limit: limit)),
        location: .init(byte: bytesFed, line: newlines + 1, column: bytesFed - lastNewline)))
  }

  private func feedInput(_ input: UnsafeRawBufferPointer) throws(JSONError) {
    if let failed { throw failed }
    guard input.count > 0 else { return }
    if !streaming { originalInput = input }
    if streaming && !headDecided {
      // A chunk may end inside a byte order mark or before a UTF-16/32 pattern shows; such
      // bytes cannot complete a value, so holding them back delays no value.
      head.append(contentsOf: input)
      if Self.needsMoreHead(head) { return }
      try feedHead()
      return
    }
    if streaming && shouldHold(input) {
      held.append(contentsOf: input)
      return
    }
    if !held.isEmpty {
      held.append(contentsOf: input)
      try feedHeld()
      return
    }
    try feedChunk(input)
  }

  /// Whether to keep a small chunk back instead of handing it to yajl now.
  ///
  /// yajl re-reads a token it has not finished from its first byte on every call, so a
  /// long string fed in small pieces costs time quadratic in its length (a 129 KB string in
  /// 7-byte chunks took 7 s). Inside a token longer than 4 KiB, a chunk that cannot end it
  /// (no '"' for a string, only number bytes for a number) is kept until the kept bytes
  /// are as long as the token: each byte is then re-read a bounded number of times, and
  /// no complete value is ever delayed, because a chunk that could end the token goes
  /// through at once.
  private func shouldHold(_ input: UnsafeRawBufferPointer) -> Bool {
    let carry = builder.pointee.carry
    guard carry.count >= 4096, held.count + input.count < carry.count, let first = carry.first
    else {
      return false
    }
    if first == 0x22 { return !input.contains(0x22) }
    if first == 0x2D || (first >= 0x30 && first <= 0x39) {
      return input.allSatisfy {
        ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E || $0 == 0x2B || $0 == 0x2D || $0 == 0x45
          || $0 == 0x65
      }
    }
    return false
  }

  private func feedHeld() throws(JSONError) {
    let bytes = held
    held = []
    try feedChunk(bytes)
  }

  /// `feedChunk` for bytes kept in an array.
  private func feedChunk(_ bytes: [UInt8]) throws(JSONError) {
    // (A `throws(JSONError)` closure returning Void crashes the 6.3.1 compiler: use Result.)
    let result = bytes.withUnsafeBytes { chunk -> Result<Void, JSONError> in
      do throws(JSONError) {
        try feedChunk(chunk)
        return .success(())
      } catch {
        return .failure(error)
      }
    }
    try result.get()
  }

  /// Whether the first bytes of a stream are too few to decide its encoding.
  static func needsMoreHead(_ h: [UInt8]) -> Bool {
    if h.count < 2 { return true }
    if h.count < 3 && h[0] == 0xEF && h[1] == 0xBB { return true }
    if h.count < 4 && (h[0] == 0 || h[1] == 0 || (h[0] == 0xFF && h[1] == 0xFE)) { return true }
    return false
  }

  private func feedHead() throws(JSONError) {
    headDecided = true
    let bytes = head
    head = []
    try feedChunk(bytes)
  }

  private func feedChunk(_ input: UnsafeRawBufferPointer) throws(JSONError) {
    // Safe: the bytes of a raw buffer are `UInt8`s; the byte order mark is read and skipped only
    // when `count >= 3`, and `base[limit]` only when `limit < count`.
    guard var base = input.baseAddress?.assumingMemoryBound(to: UInt8.self), input.count > 0
    else { return }
    var count = input.count
    var skipped = 0
    if offset == 0 {
      if let encoding = Self.detectWideEncoding(base, count) {
        throw remember(
          JSONError(
            .parse(.unsupportedEncoding(encoding)), location: .init(byte: 0, line: 1, column: 1)))
      }
      if count >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF {
        base += 3
        count -= 3
        skipped = 3
      }
    }
    // yajl treats \v and \f as white space; JSON does not. Neither may appear in a string
    // either (raw control characters), so any occurrence is an error: parse up to it, so
    // that an earlier error is reported first, then report it.
    let b = builder
    let skips = !streaming && skipping != .off && skipping != .doubted
    let input = base
    let limit: Int
    if streaming {
      limit = Self.firstFormFeedOrVerticalTab(base, count) ?? count
    } else {
      // One-shot: parse a copy that the values will refer to (see TapeBuilder.sharedStorage),
      // made block by block with the search (see `copyFindingFormFeedOrVerticalTab`); a parse
      // that skips pruned values copies only what it keeps, into the storage.
      // Safe: `copy` is the storage `adoptInput` allocated for `count` bytes, which this parse
      // owns and may write.
      let copy = b.pointee.adoptInput(count)
      limit =
        skips
        ? Self.firstFormFeedOrVerticalTab(base, count) ?? count
        : Self.copyFindingFormFeedOrVerticalTab(
          from: base, to: UnsafeMutablePointer(mutating: copy), count)
      base = copy
      bomSkipped = skipped
    }
    b.pointee.chunkStart = UnsafePointer(base)
    b.pointee.textEnd = UnsafePointer(base)
    b.pointee.chunkCount = limit
    b.pointee.chunkOffset = offset + skipped
    // Safe: only a one-shot parse skips (`JSONParser.parseValues`), and then `base` is the
    // storage `adoptInput` allocated for `count` bytes, which this parse owns and may write.
    let status =
      skips
      ? feedSkippingPrunedValues(from: input, into: UnsafeMutablePointer(mutating: base), limit)
      : yajl_parse(handle, base, limit)
    if streaming { noteValueLines(UnsafePointer(base), limit) }
    if status != yajl_status_ok {
      throw remember(parseError(status, chunk: UnsafePointer(base), count: count))
    }
    if limit < count {
      let c = base[limit]
      throw remember(
        error(
          .unexpectedCharacter(c == 0x0B ? "'\\v'" : "'\\f'"), at: offset + skipped + limit,
          chunk: UnsafePointer(base), count: count))
    }
    if streaming { afterChunk(UnsafePointer(base), count) }
    offset += skipped + count
  }

  /// Ends the input: reports a value still open, or a top-level number at the very end.
  func finish() throws(JSONError) {
    if let failed { throw failed }
    if streaming && !headDecided && !head.isEmpty { try feedHead() }
    if !held.isEmpty { try feedHeld() }
    let b = builder
    b.pointee.finishing = true
    if !streaming {
      b.pointee.chunkStart = b.pointee.inputBase
      b.pointee.chunkCount = b.pointee.inputCount
      b.pointee.chunkOffset = bomSkipped
    } else {
      b.pointee.chunkCount = 0
      b.pointee.chunkOffset = offset
    }
    let status = yajl_complete_parse(handle)
    // Values completed now end at the end of the input: every newline is before them.
    while valueLines.count < b.pointee.valueEnds.count { valueLines.append(newlines + 1) }
    let end = b.pointee.chunkOffset + b.pointee.chunkCount
    // Whether the input ends inside a token that no callback reported (yajl does not say:
    // after a complete top-level value it accepts an unterminated string or comment).
    func tokenPending() -> Bool {
      b.pointee.error != nil || b.pointee.firstNonSpace(from: b.pointee.lastTokenEnd) != nil
    }
    if status != yajl_status_ok {
      // yajl reports "premature EOF" for an input that ends before any value starts (empty,
      // or only white space and comments after the last value): not an error here.
      if b.pointee.depth > 0 || tokenPending() {
        let base = b.pointee.chunkStart
        throw remember(parseError(status, chunk: base, count: b.pointee.chunkCount, atEnd: true))
      }
    } else if !(options.allowTrailingGarbage && !streaming) && tokenPending() {
      throw remember(
        error(
          .unexpectedEndOfInput, at: end, chunk: b.pointee.chunkStart, count: b.pointee.chunkCount))
    }
    if !streaming && !options.allowMultipleValues && b.pointee.valueCount == 0 {
      throw remember(
        error(.emptyInput, at: end, chunk: b.pointee.chunkStart, count: b.pointee.chunkCount))
    }
    if !streaming {
      b.pointee.finishSharedStorage()
      originalInput = nil
    }
  }

  private func remember(_ error: JSONError) -> JSONError {
    failed = error
    // While the input around the error is still at hand.
    if events { builder.pointee.noteStreamError(at: error.location?.byte ?? offset) }
    return error
  }

  // MARK: Streaming bookkeeping

  /// Works out the lines of the values the chunk at `base` just completed, before
  /// `afterChunk` adds the chunk's newlines to `newlines`.
  ///
  /// Their ends are in increasing
  /// order, so the chunk is scanned once however many values it holds (NDJSON).
  private func noteValueLines(_ base: UnsafePointer<UInt8>, _ count: Int) {
    // Safe: `local` is clamped to `0...count` and `scanned <= local`, so each count is in the
    // chunk.
    let ends = builder.pointee.valueEnds
    guard valueLines.count < ends.count else { return }
    let chunkOffset = builder.pointee.chunkOffset
    var scanned = 0
    var found = 0
    for i in valueLines.count..<ends.count {
      let local = min(max(ends[i] - chunkOffset, 0), count)
      if local > scanned {
        found += Self.countNewlines(base + scanned, local - scanned).count
        scanned = local
      }
      valueLines.append(newlines + found + 1)
    }
  }

  private func afterChunk(_ base: UnsafePointer<UInt8>, _ count: Int) {
    // Safe: the last token ended in this chunk or before it, so `0 <= from <= count`.
    let b = builder
    // Keep what follows the last reported token, less leading white space: the start of a
    // token still being read (a string to decode later, or a token an error points at).
    let chunkOffset = b.pointee.chunkOffset
    let tokenEnd = b.pointee.lastTokenEnd
    if tokenEnd < chunkOffset && !b.pointee.carry.isEmpty {
      // No token ended in this chunk: the pending one goes on. Extend the carry in place, so
      // that a long string fed in small chunks costs linear time.
      b.pointee.carry.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
    } else {
      let from = max(tokenEnd - chunkOffset, 0)
      let rest = UnsafeBufferPointer(start: base + from, count: count - from)
      if let first = rest.firstIndex(where: { !TapeBuilder.isWhiteSpace($0) }) {
        b.pointee.carry = Array(rest[first...])
        b.pointee.carryOffset = chunkOffset + from + first
      } else {
        b.pointee.carry = []
        b.pointee.carryOffset = chunkOffset + count
      }
    }
    // Line bookkeeping for error locations.
    let (found, last) = Self.countNewlines(base, count)
    if found > 0 {
      newlines += found
      lastNewline = chunkOffset + last
    }
  }

  /// How many '\n' bytes `p[0..<n]` holds and the index of the last one (-1 if none).
  ///
  /// Eight bytes at a time: one `memchr` call per line cost 3–6% of a pretty-printed
  /// document's parse. In `w ^ 0x0A…0A` a byte is zero exactly where the input has '\n';
  /// `((x & 0x7F…) + 0x7F…) | x` sets the high bit of every non-zero byte and of no zero
  /// byte (no carry crosses bytes), so the clear high bits count the newlines exactly.
  static func countNewlines(_ p: UnsafePointer<UInt8>, _ n: Int) -> (count: Int, last: Int) {
    // Safe: `p` has `n` readable bytes: words are read behind `i + 8 <= n`, bytes behind `i < n`,
    // and the backward search stops at a newline it counted.
    let raw = UnsafeRawPointer(p)
    var count = 0
    var i = 0
    while i &+ 8 <= n {
      let x = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) ^ 0x0A0A_0A0A_0A0A_0A0A
      let t = ((x & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | x
      count &+= (~t & 0x8080_8080_8080_8080).nonzeroBitCount
      i &+= 8
    }
    while i < n {
      if p[i] == 0x0A { count &+= 1 }
      i &+= 1
    }
    guard count > 0 else { return (0, -1) }
    var last = n - 1
    while p[last] != 0x0A { last -= 1 }
    return (count, last)
  }

  // MARK: Errors

  private func parseError(
    _ status: yajl_status, chunk: UnsafePointer<UInt8>, count: Int, atEnd: Bool = false
  ) -> JSONError {
    let b = builder
    if let pending = b.pointee.error?.parseFailure {
      return error(pending, at: b.pointee.errorOffset, chunk: chunk, count: count)
    }
    let consumed = atEnd ? count : Int(yajl_get_bytes_consumed(handle))
    let chunkOffset = b.pointee.chunkOffset
    var message = ""
    if let text = yajl_get_error(handle, 0, nil, 0) {
      message = String(cString: text)
      yajl_free_error(handle, text)
    }
    let at = chunkOffset + consumed
    func char(_ offset: Int) -> JSONError.ParseFailure {
      guard b.pointee.byte(at: offset) != nil else { return .unexpectedEndOfInput }
      return .unexpectedCharacter(describe(at: offset))
    }
    let kind = YajlMessage(message)
    assert(kind != nil || message.isEmpty, "yajl message missing from YajlMessage: \(message)")
    // At the end, a lexical error is about the truncated token yajl was still reading.
    if kind == .prematureEOF || (atEnd && kind?.isLexical == true) {
      return error(
        .unexpectedEndOfInput, at: atEnd ? chunkOffset + count : at, chunk: chunk, count: count)
    }
    if let kind, kind.isLexical {
      // yajl's lexer stops at the offending byte, except after an invalid character or an
      // invalid escape, which it has consumed.
      let reason: JSONError.ParseFailure
      var position = at
      switch kind {
      case .digitAfterExponent, .digitAfterPoint, .digitAfterMinus:
        reason = .invalidNumber(kind.numberDetail ?? "")
      case .comment:
        reason = .commentsNotAllowed
      case .invalidEscape:
        reason = .invalidEscape("'\\' followed by a character that is not an escape")
        position = at - 1  // the backslash
      case .nonHexEscape:
        reason = .invalidEscape("\\u needs four hex digits")
        // Back to the backslash: only 'u' and hex digits lie between.
        var i = at - 1
        while i > at - 6, let c = b.pointee.byte(at: i), c != 0x5C { i -= 1 }
        if b.pointee.byte(at: i) == 0x5C { position = i }
      case .controlCharacterInString:
        reason = .controlCharacterInString
      case .invalidUTF8:
        reason = .invalidUTF8
      case .invalidChar:
        position = at - 1
        reason = char(position)
      default:
        reason = char(at)
      }
      return error(reason, at: position, chunk: chunk, count: count)
    }
    // Parse errors: find where the offending token starts. yajl's offset is the end of that
    // token (or, after an object member, an attempt at its start).
    let start: Int
    switch kind {
    case .unallowedToken:
      start = at - 1  // one of , : ] }
    case .invalidObjectKey:
      // After '{' or ',': a number, literal or punctuation; walk back over its bytes.
      var i = at - 1
      if let c = b.pointee.byte(at: i), TapeBuilder.isTokenByte(c) {
        while let p = b.pointee.byte(at: i - 1), TapeBuilder.isTokenByte(p) { i -= 1 }
      }
      start = i
    default:
      // After a key or a value, both reported: the first byte that follows it.
      start = b.pointee.firstNonSpace(from: b.pointee.lastTokenEnd) ?? at
    }
    let found = describe(at: start)
    if kind == .trailingGarbage {
      return error(.unexpectedValue, at: start, chunk: chunk, count: count)
    }
    let expectation = kind?.expectation
    // A digit right after a number can only follow a leading zero ("01").
    if expectation != nil && start == b.pointee.lastTokenEnd && start == b.pointee.bareTokenEnd
      && b.pointee.bareTokenIsNumber, let c = b.pointee.byte(at: start), c >= 0x30 && c <= 0x39
    {
      return error(.invalidNumber("leading zero"), at: start, chunk: chunk, count: count)
    }
    if let expectation {
      return error(.syntax("\(expectation), found \(found)"), at: start, chunk: chunk, count: count)
    }
    return error(char(start), at: start, chunk: chunk, count: count)
  }

  /// Describes the input character at `offset` (see `describeCharacter`), from the current
  /// chunk or the bytes carried over from earlier chunks.
  private func describe(at offset: Int) -> String {
    var bytes: [UInt8] = []
    while bytes.count < 4, let c = builder.pointee.byte(at: offset + bytes.count) {
      bytes.append(c)
    }
    return bytes.withUnsafeBufferPointer { p in
      guard let base = p.baseAddress else { return "end of input" }
      return Self.describeCharacter(base, 0, p.count)
    }
  }

  /// Builds an error at input offset `at`, with line, column and an excerpt.
  func error(_ reason: JSONError.ParseFailure, at: Int, chunk: UnsafePointer<UInt8>, count: Int)
    -> JSONError
  {
    // Safe: the bytes of a raw buffer are `UInt8`s, and the input copy is the untouched input (so
    // it has the byte order mark skipped); each prefix is clamped to `count`.
    var chunk = chunk
    var count = count
    if !streaming, let original = originalInput, let base = original.baseAddress {
      // One-shot parses decode strings in place in their copy of the input; lines, columns
      // and excerpts are taken from the caller's untouched input.
      chunk = base.assumingMemoryBound(to: UInt8.self) + bomSkipped
      count = original.count - bomSkipped
    }
    let chunkOffset = builder.pointee.chunkOffset
    let local = at - chunkOffset
    var line = 1
    var column = at + 1
    if streaming {
      if local >= 0 {
        let prefix = UnsafeBufferPointer(start: chunk, count: min(local, count))
        let inChunk = prefix.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        line = newlines + inChunk + 1
        if let last = prefix.lastIndex(of: 0x0A) {
          column = local - last
        } else {
          column = at - lastNewline
        }
      } else {
        line = newlines + 1
        column = at - lastNewline
      }
    } else {
      // The chunk is the whole input, less a BOM.
      let prefix = UnsafeBufferPointer(start: chunk, count: max(0, min(local, count)))
      line = prefix.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
      if let last = prefix.lastIndex(of: 0x0A) {
        column = local - last
      } else {
        column = at + 1  // a skipped byte order mark still counts in line 1
      }
    }
    return JSONError(
      .parse(reason), location: .init(byte: at, line: line, column: column),
      excerpt: Self.excerpt(chunk, local, count, withinLine: streaming))
  }

  /// Up to 20 bytes either side of `i`, on one line, as valid text.
  ///
  /// With `withinLine` (streams, where each line is often its own record) the excerpt stops
  /// at the line's ends instead of showing the neighbouring records.
  static func excerpt(
    _ chunk: UnsafePointer<UInt8>, _ i: Int, _ count: Int, withinLine: Bool = false
  ) -> String {
    // Safe: `0 <= lo <= center <= hi <= count`, and `chunk[lo]`, `chunk[hi]` are read behind
    // `< count`.
    guard count > 0 else { return "" }
    let center = min(max(i, 0), count)
    var lo = max(0, center - 20)
    var hi = min(count, center + 20)
    if withinLine {
      if let newline = UnsafeBufferPointer(start: chunk + lo, count: center - lo).lastIndex(
        of: 0x0A)
      {
        lo += newline + 1
      }
      if let newline = UnsafeBufferPointer(start: chunk + center, count: hi - center).firstIndex(
        of: 0x0A)
      {
        hi = center + newline
      }
    }
    while lo > 0 && lo < count && chunk[lo] & 0xC0 == 0x80 { lo -= 1 }
    while hi < count && chunk[hi] & 0xC0 == 0x80 { hi += 1 }
    let text = String(
      decoding: UnsafeBufferPointer(start: chunk + lo, count: hi - lo), as: UTF8.self)
    return String(text.unicodeScalars.map { $0.value < 0x20 ? " " : Character($0) })
  }

  /// `'t'`, `'\n'`, `'é'` or `byte 0xFF`.
  static func describeCharacter(_ chunk: UnsafePointer<UInt8>, _ i: Int, _ count: Int) -> String {
    // Safe: `0 <= i < count` is checked first, and `sequenceLength` counts only bytes below
    // `count`.
    guard i >= 0 && i < count else { return "end of input" }
    let c = chunk[i]
    switch c {
    case 0x0A: return "'\\n'"
    case 0x0D: return "'\\r'"
    case 0x09: return "'\\t'"
    case 0x0B: return "'\\v'"
    case 0x0C: return "'\\f'"
    case 0x00..<0x20, 0x7F: return "U+" + String(c, radix: 16, uppercase: true).leftPadded(to: 4)
    case 0x20..<0x80: return "'\(Character(Unicode.Scalar(c)))'"
    default:
      let length = UTF8Validation.sequenceLength(chunk, i, count)
      if length > 0 {
        return "'"
          + String(decoding: UnsafeBufferPointer(start: chunk + i, count: length), as: UTF8.self)
          + "'"
      }
      return "byte 0x" + String(c, radix: 16, uppercase: true)
    }
  }

  static func detectWideEncoding(_ p: UnsafePointer<UInt8>, _ n: Int) -> String? {
    // Safe: bytes 0 and 1 are read behind `n >= 2`, bytes 2 and 3 behind `n >= 4`.
    guard n >= 2 else { return nil }
    if n >= 4 && p[0] == 0 && p[1] == 0 && p[2] == 0xFE && p[3] == 0xFF { return "UTF-32BE" }
    if n >= 4 && p[0] == 0xFF && p[1] == 0xFE && p[2] == 0 && p[3] == 0 { return "UTF-32LE" }
    if p[0] == 0xFE && p[1] == 0xFF { return "UTF-16BE" }
    if p[0] == 0xFF && p[1] == 0xFE { return "UTF-16LE" }
    if n >= 4 && p[0] == 0 && p[1] == 0 && p[2] == 0 && p[3] != 0 { return "UTF-32BE" }
    if n >= 4 && p[0] != 0 && p[1] == 0 && p[2] == 0 && p[3] == 0 { return "UTF-32LE" }
    if p[0] == 0 && p[1] != 0 { return "UTF-16BE" }
    if p[0] != 0 && p[1] == 0 { return "UTF-16LE" }
    return nil
  }

  /// Copies `source[0..<n]` to `target` and returns the offset of its first `\v` or `\f`
  /// (`n` when there is none).
  ///
  /// One block at a time, each searched right after its copy, while it is still in the
  /// first-level cache: the whole input copied then searched twice (once per byte) read a
  /// large document three times from the outer caches or memory (gsoc-2018.json: 3.3 MB).
  /// Blocks of 2 KiB stay below the size from which glibc copies with `rep movsb` (2,112
  /// bytes on our machines), which callgrind counts as one instruction per byte (the gate's
  /// counts would then grow by the input's size, though the time does not).
  static func copyFindingFormFeedOrVerticalTab(
    from source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, _ n: Int
  ) -> Int {
    // Safe: `target` has room for `n` bytes and `source` holds `n`; each block is
    // `start..<start + m` with `start + m <= n`.
    let block = 2 << 10
    var found = n
    var start = 0
    while start < n {
      let m = Swift.min(block, n &- start)
      (target + start).update(from: source + start, count: m)
      if found == n, let hit = firstFormFeedOrVerticalTab(source + start, m) {
        found = start &+ hit
      }
      start &+= m
    }
    return found
  }

  static func firstFormFeedOrVerticalTab(_ p: UnsafePointer<UInt8>, _ n: Int) -> Int? {
    let a = memchr(p, 0x0B, n).map { UnsafeRawPointer($0) - UnsafeRawPointer(p) }
    let limit = a ?? n
    let b = memchr(p, 0x0C, limit).map { UnsafeRawPointer($0) - UnsafeRawPointer(p) }
    return b ?? a
  }

  // MARK: Callbacks

  /// The callbacks without projection or events.
  ///
  /// With `tracked` (every token's position noted: streaming, or a one-shot parse located
  /// again after a failure) the containers, keys and numbers go straight to the builder's
  /// general path, compiled into the callback, instead of testing `tracksPositions` on the
  /// usual path and calling the general one from there: a second call per token.
  private static func makeCallbacks(tracked: Bool) -> yajl_callbacks {
    // Safe: yajl always passes a number's text (`CChar`, which may be read as `UInt8`); an empty
    // key may come without one, and the stand-in is never read (its length is 0).
    var callbacks = yajl_callbacks(
      yajl_null: onNull, yajl_boolean: onBool, yajl_integer: nil, yajl_double: nil,
      yajl_number: onNumber, yajl_string: onString, yajl_start_map: onStartContainer,
      yajl_map_key: onKey, yajl_end_map: onEndMap, yajl_start_array: onStartContainer,
      yajl_end_array: onEndArray)
    guard tracked else { return callbacks }
    callbacks.yajl_number = { ctx, text, length in
      callbackBuilder(ctx).pointee.notedNumber(
        UnsafeRawPointer(text.unsafelyUnwrapped).assumingMemoryBound(to: UInt8.self), length)
    }
    callbacks.yajl_start_map = { ctx in callbackBuilder(ctx).pointee.startContainerSlowly() }
    callbacks.yajl_map_key = { ctx, text, length in
      callbackBuilder(ctx).pointee.keySlowly(text ?? UnsafePointer(bitPattern: 1)!, length)
    }
    callbacks.yajl_end_map = { ctx in callbackBuilder(ctx).pointee.endMapSlowly() }
    callbacks.yajl_start_array = { ctx in callbackBuilder(ctx).pointee.startContainerSlowly() }
    callbacks.yajl_end_array = { ctx in callbackBuilder(ctx).pointee.endArraySlowly() }
    return callbacks
  }
}

extension ParserCore {
  /// The callbacks with a projection: the same builder, through `TapeBuilder+Projection`.
  fileprivate static func makeProjectedCallbacks() -> yajl_callbacks {
    // Safe: as in `makeCallbacks`.
    return yajl_callbacks(
      yajl_null: { ctx in callbackBuilder(ctx).pointee.projectedNull() },
      yajl_boolean: { ctx, value in callbackBuilder(ctx).pointee.projectedBool(value != 0) },
      yajl_integer: nil,
      yajl_double: nil,
      yajl_number: { ctx, text, length in
        callbackBuilder(ctx).pointee.projectedNumber(
          UnsafeRawPointer(text.unsafelyUnwrapped).assumingMemoryBound(to: UInt8.self), length)
      },
      yajl_string: { ctx, text, length in
        callbackBuilder(ctx).pointee.projectedString(text ?? UnsafePointer(bitPattern: 1)!, length)
      },
      yajl_start_map: { ctx in callbackBuilder(ctx).pointee.projectedStart(object: true) },
      yajl_map_key: { ctx, text, length in
        callbackBuilder(ctx).pointee.projectedKey(text ?? UnsafePointer(bitPattern: 1)!, length)
      },
      yajl_end_map: { ctx in callbackBuilder(ctx).pointee.projectedEnd(object: true) },
      yajl_start_array: { ctx in callbackBuilder(ctx).pointee.projectedStart(object: false) },
      yajl_end_array: { ctx in callbackBuilder(ctx).pointee.projectedEnd(object: false) }
    )
  }
}

extension ParserCore {
  /// The callbacks that hand out stream events (`TapeBuilder+StreamEvents`).
  fileprivate static func makeEventCallbacks() -> yajl_callbacks {
    // Safe: as in `makeCallbacks`.
    return yajl_callbacks(
      yajl_null: { ctx in callbackBuilder(ctx).pointee.eventNull() },
      yajl_boolean: { ctx, value in callbackBuilder(ctx).pointee.eventBool(value != 0) },
      yajl_integer: nil,
      yajl_double: nil,
      yajl_number: { ctx, text, length in
        callbackBuilder(ctx).pointee.eventNumber(
          UnsafeRawPointer(text.unsafelyUnwrapped).assumingMemoryBound(to: UInt8.self), length)
      },
      yajl_string: { ctx, text, length in
        callbackBuilder(ctx).pointee.eventString(text ?? UnsafePointer(bitPattern: 1)!, length)
      },
      yajl_start_map: { ctx in callbackBuilder(ctx).pointee.eventStart(object: true) },
      yajl_map_key: { ctx, text, length in
        callbackBuilder(ctx).pointee.eventKey(text ?? UnsafePointer(bitPattern: 1)!, length)
      },
      yajl_end_map: { ctx in callbackBuilder(ctx).pointee.eventEnd() },
      yajl_start_array: { ctx in callbackBuilder(ctx).pointee.eventStart(object: false) },
      yajl_end_array: { ctx in callbackBuilder(ctx).pointee.eventEnd() }
    )
  }
}

@inline(__always)
private func callbackBuilder(_ ctx: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<TapeBuilder> {
  // Safe: yajl passes back the context given to `yajl_alloc`, the parse's `TapeBuilder`,
  // which lives until the handle is freed.
  ctx.unsafelyUnwrapped.assumingMemoryBound(to: TapeBuilder.self)
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}

// The usual callbacks are functions, not closures, so that each can be compiled into its C
// entry point: a closure's body stayed a Swift function of its own that the entry point
// called (about 4 instructions a token for the call and its return).

@inline(__always)
private func onNull(_ ctx: UnsafeMutableRawPointer?) -> CInt {
  callbackBuilder(ctx).pointee.null()
}

@inline(__always)
private func onBool(_ ctx: UnsafeMutableRawPointer?, _ value: CInt) -> CInt {
  callbackBuilder(ctx).pointee.bool(value != 0)
}

@inline(__always)
private func onNumber(_ ctx: UnsafeMutableRawPointer?, _ text: UnsafePointer<CChar>?, _ length: Int)
  -> CInt
{
  // Safe: yajl always passes a number's text (`CChar`, which may be read as `UInt8`).
  callbackBuilder(ctx).pointee.number(
    UnsafeRawPointer(text.unsafelyUnwrapped).assumingMemoryBound(to: UInt8.self), length)
}

@inline(__always)
private func onString(_ ctx: UnsafeMutableRawPointer?, _ text: UnsafePointer<UInt8>?, _ length: Int)
  -> CInt
{
  // Safe: an empty string may come without text; the stand-in is never read (its length is 0).
  callbackBuilder(ctx).pointee.string(text ?? UnsafePointer(bitPattern: 1)!, length)
}

@inline(__always)
private func onKey(_ ctx: UnsafeMutableRawPointer?, _ text: UnsafePointer<UInt8>?, _ length: Int)
  -> CInt
{
  // Safe: an empty key may come without text; the stand-in is never read (its length is 0).
  callbackBuilder(ctx).pointee.key(text ?? UnsafePointer(bitPattern: 1)!, length)
}

@inline(__always)
private func onStartContainer(_ ctx: UnsafeMutableRawPointer?) -> CInt {
  callbackBuilder(ctx).pointee.startContainer()
}

@inline(__always)
private func onEndMap(_ ctx: UnsafeMutableRawPointer?) -> CInt {
  callbackBuilder(ctx).pointee.endMap()
}

@inline(__always)
private func onEndArray(_ ctx: UnsafeMutableRawPointer?) -> CInt {
  callbackBuilder(ctx).pointee.endArray()
}
