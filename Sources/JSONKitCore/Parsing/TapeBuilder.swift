import CYajl

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Receives yajl's callbacks and builds `JSONDocument`s, one per top-level value.
///
/// Values of open containers wait on one scratch `stack` of slots; when a container closes,
/// its slots are copied to the tape as one block and replaced on the stack by a single slot
/// that points at the block. Nothing is allocated per value: strings and numbers are
/// appended to one byte buffer, keys are interned, and the buffers grow geometrically.
///
/// The builder lives at a stable address (`ParserCore` allocates it) because yajl's context
/// pointer points at it; callbacks reach it through `UnsafeMutablePointer`, which also keeps
/// exclusivity checks off the hot path.
struct TapeBuilder {
  var tape: GrowableBuffer<UInt64>
  var bytes: GrowableBuffer<UInt8>
  var stack: GrowableBuffer<UInt64>
  var frames: GrowableBuffer<Int>
  var keys = KeyTable()
  /// Per key id, the serial of the last object checked for duplicates that had that key.
  var stamps: GrowableBuffer<UInt32>
  var stampSerial: UInt32 = 0
  /// Per key id, three guesses of `key` (-1: none yet): the two keys that last followed it,
  /// most recent first, and the first key of the last object that was its value; and the
  /// first key of the last object (see `TapeBuilder+Keys`).
  var successors: GrowableBuffer<Int32>
  var firstKey: Int32 = -1
  /// Objects of the current document with more than `JSONDocument.indexThreshold` members,
  /// numbered in their count words (see `JSONDocument.largeObjectOrdinal`).
  var largeObjectCount = 0

  var depth = 0
  let maxDepth: Int
  let allowMultipleValues: Bool
  let allowComments: Bool
  /// `Options.replacesInvalidUnicode`: invalid UTF-8 and lone surrogates become U+FFFD.
  let replacesInvalidUnicode: Bool
  let streaming: Bool
  /// Whether every callback notes where its token ends (`lastTokenEnd`, `previousTokenEnd`,
  /// `bareTokenEnd`), for error locations and the stream's bookkeeping.
  ///
  /// Without it only the
  /// tokens that begin or end a top-level value are noted, which saves a call into yajl on
  /// every other token: a one-shot parse tries that first and, when the input turns out to be
  /// invalid, parses it again with positions to say where (`JSONParser.parseValues`).
  let tracksPositions: Bool
  var handle: yajl_handle?

  /// The chunk yajl is parsing now, and its offset in the whole input.
  var chunkStart: UnsafePointer<UInt8>
  var chunkCount = 0
  var chunkOffset = 0
  /// Streaming only: input before the current chunk that may hold the start of a string
  /// yajl is still reading (see `ParserCore.feed`), and where it starts in the input.
  var carry: [UInt8] = []
  var carryOffset = 0
  /// Input offsets just past the last token reported by a callback, and the one before.
  var lastTokenEnd = 0
  var previousTokenEnd = 0
  /// The end of the last reported token when it was a number or a literal (`true`,
  /// `false`, `null`), else -1; and whether it was a number.
  ///
  /// yajl accepts `01`, `1true` or
  /// `truefalse` as two top-level values when multiple values are allowed; JSON does not.
  var bareTokenEnd = -1
  var bareTokenIsNumber = false
  /// Just past the last string, key or number whose text yajl handed over in place: where
  /// the search for an escaped string's opening quote starts when positions are not tracked
  /// (only brackets, literals, punctuation and white space lie between, none with a '"').
  var textEnd: UnsafePointer<UInt8>

  /// One-shot parses only: the storage holding a copy of the input (`inputCount` bytes)
  /// that strings, numbers and keys refer to in place (strings with escapes are decoded in
  /// place, see `decode`); yajl parses that copy, so it never moves during the parse.
  ///
  /// The
  /// copy is the only text buffer, allocated at exactly the input's size.
  var sharedStorage: ByteStorage?
  var inputCount = 0
  /// `sharedStorage.base` while parsing, kept here because reading a class's stored
  /// property from this hot path costs a dynamic exclusivity check.
  var inputStart: UnsafePointer<UInt8>?
  /// Where `storeString` put the last string, in document text offsets.
  var storedOffset = 0
  var storedLength = 0

  /// `JSONParser.Options.projection`, flattened; the state of `TapeBuilder+Projection`:
  /// per open pruned container its node (shifted left, low bit set for objects), the node
  /// of the member whose key was just reported, and the depths of the kept-whole and
  /// skipped regions (0 when outside one).
  var projection: ProjectionTable?
  var projectionStack: GrowableBuffer<Int32>
  var pendingNode = 0
  var wholeDepth = 0
  var skipDepth = 0

  /// Stream events only: the path, the pending leaf, the sink (see `TapeBuilder+StreamEvents`).
  var events = StreamEventState()

  var values: [JSON] = []
  /// For each value in `values`, the input offset just past its last token.
  var valueEnds: [Int] = []
  var valueCount = 0
  var error: JSONError?
  /// For errors found in a callback: offset of the offending byte within the input.
  var errorOffset = 0

  /// Allocates the new shared storage (see `sharedStorage`) for a one-shot input of `count`
  /// bytes and returns where it starts: the caller copies the input into it.
  ///
  /// From then on `bytes` receives only decoded text, whose offsets
  /// follow the input's (`textBase`). A parse that skips pruned values copies only the text
  /// it keeps (`ParserCore+Skipping`).
  mutating func adoptInput(_ count: Int) -> UnsafePointer<UInt8> {
    let copy = GrowableBuffer<UInt8>.reallocate(nil, capacity: Swift.max(count, 1))
    inputCount = count
    sharedStorage = ByteStorage(base: copy, count: count)
    inputStart = UnsafePointer(copy)
    return UnsafePointer(copy)
  }

  /// Ends a one-shot parse: appends the decoded text after the input copy, so the storage
  /// is one buffer of exactly the text the values need.
  ///
  /// Values already made see the new
  /// address through the storage.
  mutating func finishSharedStorage() {
    guard let sharedStorage else { return }
    inputStart = nil
    if bytes.count == 0 {
      // A large input copy kept room to grow (see `LargeAllocation`); it has its size now.
      sharedStorage.base = GrowableBuffer<UInt8>.settle(
        sharedStorage.base, capacity: Swift.max(inputCount, 1))
      self.sharedStorage = nil
      return
    }
    let total = inputCount &+ bytes.count
    var combined = GrowableBuffer<UInt8>.reallocate(
      sharedStorage.base, capacity: Swift.max(total, 1))
    (combined + inputCount).update(from: bytes.base, count: bytes.count)
    combined = GrowableBuffer<UInt8>.settle(combined, capacity: Swift.max(total, 1))
    sharedStorage.base = combined
    sharedStorage.count = total
    bytes.count = 0
    self.sharedStorage = nil
  }

  /// Offset of `bytes[0]` in the document's text: after the input copy in one-shot parses.
  @inline(__always)
  var textBase: Int { sharedStorage == nil ? 0 : inputCount }

  /// Where the text at `offset` is while parsing (input copy or `bytes`).
  @inline(__always)
  var inputBase: UnsafePointer<UInt8> { inputStart ?? UnsafePointer(bytes.base) }

  init(
    options: JSONParser.Options, expectedSize: Int, streaming: Bool, tracksPositions: Bool = true
  ) {
    // Safe: the stand-in `chunkStart` is never read: `chunkCount` is 0 until the first chunk sets
    // both.
    // About one slot per 8 bytes of input: number-dense text (a coordinate pair per ~40
    // bytes is three slots) outgrew one per 12, and each growth copies the tape. Room not
    // used is given back when the document takes the tape (`GrowableBuffer.take`).
    tape = GrowableBuffer(capacity: expectedSize / 8)
    bytes = GrowableBuffer(capacity: streaming ? 4096 : 16)
    stack = GrowableBuffer(capacity: 256)
    frames = GrowableBuffer(capacity: 64)
    stamps = GrowableBuffer(capacity: 64)
    // Three guesses per key id (see `TapeBuilder+Keys`), for as many keys as `keys` starts with.
    successors = GrowableBuffer(capacity: 3 * 64)
    projectionStack = GrowableBuffer(capacity: 16)
    if let projection = options.projection, !projection.keepsEverything {
      self.projection = ProjectionTable(projection)
    }
    maxDepth = options.maxDepth
    allowMultipleValues = options.allowMultipleValues
    allowComments = options.allowComments
    replacesInvalidUnicode = options.replacesInvalidUnicode
    self.streaming = streaming
    self.tracksPositions = tracksPositions || streaming
    chunkStart = UnsafePointer(bitPattern: 1)!
    textEnd = chunkStart
  }

  func deallocate() {
    tape.deallocate()
    bytes.deallocate()
    stack.deallocate()
    frames.deallocate()
    stamps.deallocate()
    successors.deallocate()
    keys.deallocate()
    projectionStack.deallocate()
    projection?.deallocate()
  }

  // MARK: Positions

  /// Offset within the current chunk just past the token yajl reported last.
  @inline(__always)
  var consumedInChunk: Int { finishing ? chunkCount : Int(yajl_get_bytes_consumed(handle)) }

  /// Set during `yajl_complete_parse`, when yajl's consumed count no longer means anything:
  /// positions are then taken as the end of the input.
  var finishing = false

  /// Records where the token just reported ends, when positions are tracked or the token
  /// is at the top level (a scalar value or a container's start; see `tracksPositions`).
  @inline(__always)
  mutating func noteTokenEnd() {
    if tracksPositions || depth == 0 { recordTokenEnd() }
  }

  /// `noteTokenEnd` for a container's end, which ends a top-level value at depth 1.
  @inline(__always)
  mutating func noteContainerEnd() {
    if tracksPositions || depth == 1 { recordTokenEnd() }
  }

  /// Records where the token just reported ends: an escaped string's raw text starts at
  /// the first '"' after the previous token (see `appendEscapedString`).
  @inline(__always)
  mutating func recordTokenEnd() {
    previousTokenEnd = lastTokenEnd
    lastTokenEnd = chunkOffset &+ consumedInChunk
  }

  mutating func fail(_ reason: JSONError.ParseFailure, at offset: Int) -> CInt {
    if error == nil {
      error = JSONError(.parse(reason))
      errorOffset = offset
    }
    return 0
  }

  // MARK: Scalars

  // The callbacks (`null`, `bool`, `number`, `string`, `key`, `startContainer`, `endArray`,
  // `endMap`) are `@inline(__always)`: each compiles into its C entry point in
  // `ParserCore.makeCallbacks`, one call per token instead of two (canada.json: 3.7% fewer
  // instructions, with the two changes in `copySlots` and `init`).

  // Each callback's usual path (inside a container, positions not tracked) makes no call, and
  // anything else goes to one out-of-line function as the callback's last act, so that the
  // usual path needs no saved registers (canada.json: 19 of a number's 68 instructions went to
  // saving and restoring them). Those functions are static and take the builder as a plain
  // pointer argument: a mutating method takes `self` in a callee-saved register (r13 on
  // x86-64), which every callback that may call one had to save and restore.

  @inline(__always)
  mutating func push(_ slot: UInt64) -> CInt {
    if stack.count == stack.capacity || depth == 0 {
      return Self.pushGrowingOrCompleting(&self, slot)
    }
    stack.base[stack.count] = slot
    stack.count &+= 1
    return 1
  }

  /// Calls `pushGrowingOrCompleting` out of line, with the builder as a plain argument (see `push`).
  @inline(never)
  static func pushGrowingOrCompleting(_ builder: UnsafeMutablePointer<TapeBuilder>, _ slot: UInt64)
    -> CInt
  {
    builder.pointee.pushGrowingOrCompleting(slot)
  }

  /// `push` when the stack must grow or the slot is a whole top-level value.
  @inline(__always)
  mutating func pushGrowingOrCompleting(_ slot: UInt64) -> CInt {
    stack.append(slot)
    if depth == 0 { return completeTopLevelValue() }
    return 1
  }

  @inline(__always)
  mutating func null() -> CInt {
    noteTokenEnd()
    if !noteBareToken(length: 4, first: 0x6E, isNumber: false) { return 0 }
    return push(Slot.null)
  }

  @inline(__always)
  mutating func bool(_ value: Bool) -> CInt {
    noteTokenEnd()
    let (length, first): (Int, UInt8) = value ? (4, 0x74) : (5, 0x66)
    if !noteBareToken(length: length, first: first, isNumber: false) { return 0 }
    return push(value ? Slot.true : Slot.false)
  }

  /// Records a number or literal token; fails when it directly follows another one at the
  /// top level (inside containers yajl itself rejects that).
  @inline(__always)
  mutating func noteBareToken(length: Int, first: UInt8, isNumber: Bool) -> Bool {
    // Without positions only the top level's tokens are noted (errors are located again).
    guard tracksPositions || depth == 0 else { return true }
    let start = lastTokenEnd &- length
    if depth == 0 && start == bareTokenEnd {
      return failAdjacentToken(at: start, first: first) == 1
    }
    bareTokenEnd = lastTokenEnd
    bareTokenIsNumber = isNumber
    return true
  }

  @inline(never)
  mutating func failAdjacentToken(at start: Int, first: UInt8) -> CInt {
    if bareTokenIsNumber && first >= 0x30 && first <= 0x39 {
      return fail(.invalidNumber("leading zero"), at: start)
    }
    return fail(.unexpectedCharacter("'\(Character(Unicode.Scalar(first)))'"), at: start)
  }

  @inline(__always)
  mutating func number(_ p: UnsafePointer<UInt8>, _ n: Int) -> CInt {
    // Safe: yajl passes a number's text, `n` bytes at `p` in the chunk; `p + n` is its end.
    if tracksPositions || depth == 0 { return Self.outOfLine(&self, .notedNumber, p, n) }
    textEnd = p + n
    return storeNumber(p, n)
  }

  /// The out-of-line paths of the callbacks for a token with text (see `outOfLine`).
  enum TextPath {
    case notedNumber, key
  }

  /// Runs the out-of-line path `path` for the token `p[0..<n]`, with the builder as a plain
  /// argument (see `push`).
  @inline(never)
  static func outOfLine(
    _ builder: UnsafeMutablePointer<TapeBuilder>, _ path: TextPath, _ p: UnsafePointer<UInt8>,
    _ n: Int
  ) -> CInt {
    switch path {
    case .notedNumber: return builder.pointee.notedNumber(p, n)
    case .key: return builder.pointee.keySlowly(p, n)
    }
  }

  /// `number` with its position noted (see `noteTokenEnd`).
  @inline(__always)
  mutating func notedNumber(_ p: UnsafePointer<UInt8>, _ n: Int) -> CInt {
    // Safe: yajl passes a number's text, at least one byte long, in the chunk.
    noteTokenEnd()
    if !noteBareToken(length: n, first: p[0], isNumber: true) { return 0 }
    textEnd = p + n
    return storeNumber(p, n)
  }

  @inline(__always)
  mutating func storeNumber(_ p: UnsafePointer<UInt8>, _ n: Int) -> CInt {
    if n <= 17 { return Self.storeShortNumber(&self, p, n) }
    return storeNumberInPlace(p, n)
  }

  /// `storeNumber` for up to 17 bytes, which may be an integer to store inline.
  ///
  /// Out of line, with the builder as a plain argument (see `push`): its registers would
  /// cost every callback that stores a number (and in `outOfLine`, every number it takes).
  @inline(never)
  static func storeShortNumber(
    _ builder: UnsafeMutablePointer<TapeBuilder>, _ p: UnsafePointer<UInt8>, _ n: Int
  ) -> CInt {
    // Safe: yajl passes at least one byte; the word is read behind `i + 8 <= n`, bytes behind
    // `i < n`; `builder` is the parse's builder (see `callbackBuilder` in `ParserCore`).
    // Integers of up to 17 digits are stored inline; "-0" keeps its text (and its sign).
    var i = 0
    var negative = false
    if p[0] == 0x2D {
      negative = true
      i = 1
    }
    var value: Int64 = 0
    // One word of eight digits at most (the rest, up to nine digits, byte by byte): a loop
    // kept the word's constants in callee-saved registers, saved and restored on every call.
    if i &+ 8 <= n, let eight = Self.eightDigits(UnsafeRawPointer(p + i)) {
      value = Int64(eight)
      i &+= 8
    }
    while i < n {
      let digit = p[i] &- 0x30
      if digit > 9 { break }
      value = value &* 10 &+ Int64(digit)
      i &+= 1
    }
    if i == n && !(negative && value == 0) {
      return builder.pointee.push(Slot.int(negative ? -value : value))
    }
    return builder.pointee.storeNumberInPlace(p, n)
  }

  /// `storeNumber` for text that is not an inline integer.
  @inline(__always)
  mutating func storeNumberInPlace(_ p: UnsafePointer<UInt8>, _ n: Int) -> CInt {
    // Most often the text is in the one-shot input copy, near enough for an inline slot.
    if let start = inputStart {
      let offset = start.distance(to: p)
      if offset >= 0 && offset &+ n <= inputCount && n <= Slot.maxInlineLength
        && offset <= Slot.maxInlineOffset
      {
        return push(Slot.text(Slot.numberTag, offset: offset, length: n))
      }
    }
    return Self.storeNumberText(&self, p, n)
  }

  /// Calls `storeNumberText` out of line, with the builder as a plain argument (see `push`).
  @inline(never)
  static func storeNumberText(
    _ builder: UnsafeMutablePointer<TapeBuilder>, _ p: UnsafePointer<UInt8>, _ n: Int
  ) -> CInt {
    builder.pointee.storeNumberText(p, n)
  }

  /// `storeNumber` for a number's text outside the input copy or too far into it for an
  /// inline slot.
  @inline(__always)
  mutating func storeNumberText(_ p: UnsafePointer<UInt8>, _ n: Int) -> CInt {
    // Safe: the offset is used only when the text lies in the input copy (`0 <= offset`,
    // `offset + n <= inputCount`); otherwise `p`'s `n` bytes are copied.
    if sharedStorage != nil {
      let offset = p - inputBase
      if offset >= 0 && offset &+ n <= inputCount {
        return push(textSlot(Slot.numberTag, Slot.longNumberTag, offset: offset, length: n))
      }
    }
    let offset = textBase &+ bytes.count
    bytes.append(p, count: n)
    return push(textSlot(Slot.numberTag, Slot.longNumberTag, offset: offset, length: n))
  }

  /// The value of the eight ASCII digits at `p`, or `nil` when one of the bytes is not a digit.
  ///
  /// One word instead of eight bytes (citm_catalog's nine-digit ids: 81 instructions a
  /// number in the byte loop). With the first digit in the low byte: subtracting '0' from
  /// every byte, `d * 10 + d >> 8` puts each pair's two-digit value in its even byte (no
  /// carries: at most 99), and two multiplications gather bytes 0 and 4 (× 1,000,000 and
  /// × 100) and bytes 2 and 6 (× 10,000 and × 1) into the upper half.
  @inline(__always)
  static func eightDigits(_ p: UnsafeRawPointer) -> UInt64? {
    // Safe: callers pass eight readable bytes (`i + 8 <= n`).
    let w = p.loadUnaligned(as: UInt64.self)
    // Every byte 0x30...0x39: its high nibble is 3, and adding 6 does not carry it to 4.
    let high = w & 0xF0F0_F0F0_F0F0_F0F0
    let highAfterSix = (w &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0
    let nibbles = high | highAfterSix >> 4
    guard nibbles == 0x3333_3333_3333_3333 else { return nil }
    let d = w &- 0x3030_3030_3030_3030
    let pairs = d &* 10 &+ d >> 8
    let outer = (pairs & 0x0000_00FF_0000_00FF) &* (100 &+ 1_000_000 << 32)
    let inner = (pairs >> 16 & 0x0000_00FF_0000_00FF) &* (1 &+ 10_000 << 32)
    return (outer &+ inner) >> 32
  }

  @inline(__always)
  mutating func textSlot(_ tag: UInt64, _ longTag: UInt64, offset: Int, length: Int) -> UInt64 {
    if length <= Slot.maxInlineLength && offset <= Slot.maxInlineOffset {
      return Slot.text(tag, offset: offset, length: length)
    }
    let position = tape.count
    tape.append(UInt64(offset))
    tape.append(UInt64(length))
    return Slot.make(longTag, UInt64(position))
  }

  @inline(__always)
  mutating func string(_ p: UnsafePointer<UInt8>, _ n: Int) -> CInt {
    noteTokenEnd()
    guard storeString(p, n) else { return 0 }
    return push(
      textSlot(Slot.stringTag, Slot.longStringTag, offset: storedOffset, length: storedLength))
  }

  /// Checks that a string without escapes that is not stored (a skipped part of a
  /// projection) is well-formed UTF-8; with `replacesInvalidUnicode` anything is, since it
  /// would be repaired.
  @inline(__always)
  mutating func validate(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
    // Safe: the string's `n` bytes are in the chunk, followed by its closing quote, which
    // `p + n + 1` ends.
    textEnd = p + n + 1
    let invalid = UTF8Validation.firstInvalid(p, n)
    if invalid >= 0 {
      if replacesInvalidUnicode { return true }
      _ = fail(.invalidUTF8, at: chunkOffset &+ (p - chunkStart) &+ invalid)
      return false
    }
    return true
  }

  @inline(__always)
  func isRawInChunk(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
    // Safe: only compares addresses: `p + n` is the end of the text yajl reported.
    p >= chunkStart && p + n <= chunkStart + chunkCount
  }

  /// The address of the text at document offset `offset` while parsing.
  @inline(__always)
  func pointer(_ offset: Int) -> UnsafePointer<UInt8> {
    // Safe: `offset` is a document text offset made by this builder: below `textBase` in the input
    // copy, else in `bytes`.
    offset < textBase ? inputBase + offset : UnsafePointer(bytes.base) + (offset &- textBase)
  }

  /// Stores the decoded, validated text of the string yajl just reported and sets
  /// `storedOffset` and `storedLength` to where it is in the document's text.
  ///
  /// When `p` points into the input, the string had no escapes and its bytes are the
  /// text: validate it, and copy it unless it already lives in the one-shot input copy.
  /// Otherwise yajl decoded it into its own buffer, which cannot always be trusted (see
  /// `UTF8Validation.isFaithfulDecoding`): find the raw text in the input and decode it
  /// there, taking yajl's decoding as it is when it is faithful.
  @inline(__always)
  mutating func storeString(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
    // Safe: the raw string's `n` bytes are in the chunk (checked), followed by its closing quote.
    if isRawInChunk(p, n) {
      textEnd = p + n + 1
      let invalid = UTF8Validation.firstInvalid(p, n)
      if invalid >= 0 {
        if replacesInvalidUnicode { return decode(p, n, at: chunkOffset &+ (p - chunkStart)) }
        _ = fail(.invalidUTF8, at: chunkOffset &+ (p - chunkStart) &+ invalid)
        return false
      }
      if sharedStorage != nil {
        storedOffset = p - inputBase
      } else {
        storedOffset = bytes.count
        bytes.append(p, count: n)
      }
      storedLength = n
      return true
    }
    return appendEscapedString(decoded: p, count: n)
  }

  /// Stores the string yajl just reported from its own buffer, `decoded[0..<count]` (`nil`
  /// when there is none at hand): finds its raw text, and decodes it over that (see `decode`).
  @inline(never)
  mutating func appendEscapedString(decoded: UnsafePointer<UInt8>? = nil, count: Int = 0) -> Bool {
    // Safe: yajl has just consumed the closing quote, so `closingQuote` is in the chunk; `memchr`
    // searches `searchFrom..<closingQuote`, and `open` is found before the closing quote, in the
    // chunk or in `window` (the carried text and the chunk, alive through the closure).
    let closingQuote = consumedInChunk &- 1
    let previousText = textEnd
    textEnd = chunkStart + closingQuote + 1
    // Between two tokens there is only white space and punctuation, so the opening quote is
    // the first '"' after the end of the previous token (without positions, after the last
    // text token: see `textEnd`).
    // (With comments allowed a comment could hold a '"': search backwards instead, for the
    // nearest '"' preceded by an even number of backslashes.)
    let searchFrom =
      tracksPositions ? previousTokenEnd &- chunkOffset : chunkStart.distance(to: previousText)
    let startsInChunk = searchFrom >= 0 || carry.isEmpty
    if allowComments && startsInChunk,
      let open = Self.openingQuote(in: chunkStart, before: closingQuote)
    {
      return decode(
        chunkStart + open + 1, closingQuote &- open &- 1, at: chunkOffset &+ open &+ 1,
        decoded: decoded, count: count)
    }
    if !allowComments && searchFrom >= 0 && searchFrom < closingQuote,
      let hit = memchr(chunkStart + searchFrom, 0x22, closingQuote &- searchFrom)
    {
      let open = UnsafeRawPointer(hit) - UnsafeRawPointer(chunkStart)
      return decode(
        chunkStart + open + 1, closingQuote &- open &- 1, at: chunkOffset &+ open &+ 1,
        decoded: decoded, count: count)
    }
    // The string began in an earlier chunk: its start is in `carry`.
    var window = carry
    window.append(contentsOf: UnsafeBufferPointer(start: chunkStart, count: closingQuote))
    return window.withUnsafeBufferPointer { w -> Bool in
      guard let base = w.baseAddress, let open = Self.openingQuote(in: base, before: w.count) else {
        _ = fail(.syntax("string start not found"), at: chunkOffset &+ closingQuote)
        return false
      }
      return decode(
        base + open + 1, w.count &- open &- 1, at: carryOffset &+ open &+ 1, decoded: decoded,
        count: count)
    }
  }

  static func openingQuote(in base: UnsafePointer<UInt8>, before end: Int) -> Int? {
    // Safe: `i` runs from `end - 1` down to 0 and `j` stops at -1: every read is in
    // `base[0..<end]`.
    var i = end &- 1
    while i >= 0 {
      if base[i] == 0x22 {
        var backslashes = 0
        var j = i &- 1
        while j >= 0 && base[j] == 0x5C {
          backslashes &+= 1
          j &-= 1
        }
        if backslashes & 1 == 0 { return i }
      }
      i &-= 1
    }
    return nil
  }

  /// Decodes raw string text.
  ///
  /// In a one-shot parse the text is decoded in place, over its
  /// raw form in the input copy: decoded text is never longer than raw text and each
  /// decoded byte is written at or before the raw byte it came from, and yajl has already
  /// read past the string. So strings with escapes need no second buffer either.
  ///
  /// `decoded[0..<count]`, when given, is yajl's decoding of the same text: copied as it is
  /// when it is faithful, which costs less than decoding again (gsoc-2018.json's escaped
  /// descriptions: a `memchr`, a check and a move per escape).
  mutating func decode(
    _ raw: UnsafePointer<UInt8>, _ n: Int, at rawOffset: Int,
    decoded: UnsafePointer<UInt8>? = nil, count: Int = 0
  ) -> Bool {
    // Safe: in place, `out` is `raw` in the input copy this builder owns (so writable), and each
    // decoded byte lands at or before the raw byte it came from (see `unescapeByRuns`); else
    // `bytes` reserved the longest result (`n`, `3 * n` when replacing). yajl's decoding is
    // copied only when `count <= n`.
    // Replacing can make text longer (one bad byte becomes the three of U+FFFD), so it is
    // never decoded in place and gets room for that.
    let inPlace =
      !replacesInvalidUnicode && sharedStorage != nil && raw >= inputBase
      && raw + n <= inputBase + inputCount
    let out =
      inPlace
      ? UnsafeMutablePointer(mutating: raw) : bytes.reserve(replacesInvalidUnicode ? 3 &* n : n)
    do {
      let length: Int
      if let decoded, !replacesInvalidUnicode, count <= n,
        UTF8Validation.isFaithfulDecoding(decoded, count)
      {
        out.update(from: decoded, count: count)
        length = count
      } else {
        length = try UTF8Validation.unescape(
          raw, n, into: out, replacingInvalid: replacesInvalidUnicode)
      }
      if inPlace {
        storedOffset = raw - inputBase
      } else {
        storedOffset = textBase &+ bytes.count
        bytes.commit(length)
      }
      storedLength = length
      return true
    } catch {
      _ = fail(error.reason, at: rawOffset &+ error.offset)
      return false
    }
  }

  // MARK: Containers

  @inline(__always)
  mutating func startContainer() -> CInt {
    guard !tracksPositions && depth != 0 && depth < maxDepth && frames.count < frames.capacity
    else { return Self.startContainerSlowly(&self) }
    depth &+= 1
    frames.base[frames.count] = stack.count
    frames.count &+= 1
    return 1
  }

  /// Calls `startContainerSlowly` out of line, with the builder as a plain argument (see `push`).
  @inline(never)
  static func startContainerSlowly(_ builder: UnsafeMutablePointer<TapeBuilder>) -> CInt {
    builder.pointee.startContainerSlowly()
  }

  /// `startContainer` at the top level, at the depth limit, with positions, or when `frames`
  /// must grow.
  @inline(__always)
  mutating func startContainerSlowly() -> CInt {
    noteTokenEnd()
    if depth == 0 && valueCount > 0 && !allowMultipleValues {
      return fail(.unexpectedValue, at: chunkOffset &+ consumedInChunk &- 1)
    }
    if depth >= maxDepth {
      return fail(.nestingTooDeep(limit: maxDepth), at: chunkOffset &+ consumedInChunk &- 1)
    }
    depth &+= 1
    frames.append(stack.count)
    return 1
  }

  @inline(__always)
  mutating func endArray() -> CInt {
    let start = frames[frames.count &- 1]
    let n = stack.count &- start
    guard !tracksPositions && depth != 1 && n <= 16 && tape.count &+ n < tape.capacity else {
      return Self.endArraySlowly(&self)
    }
    return close(
      start: start, slots: n, countWord: UInt64(truncatingIfNeeded: n), tag: Slot.arrayTag)
  }

  /// The usual end of a container: its `slots` slots on the stack from `start` become a block
  /// on the tape (which has room for it) after `countWord`, and one slot with `tag` that
  /// points at the block replaces them.
  @inline(__always)
  mutating func close(start: Int, slots: Int, countWord: UInt64, tag: UInt64) -> CInt {
    frames.count &-= 1
    let position = tape.count
    let block = tape.base + position
    block[0] = countWord
    Self.copySlots(from: stack.base + start, to: block + 1, count: slots)
    tape.count = position &+ slots &+ 1
    stack.count = start
    depth &-= 1
    return push(Slot.make(tag, UInt64(truncatingIfNeeded: position)))
  }

  /// Calls `endArraySlowly` out of line, with the builder as a plain argument (see `push`).
  @inline(never)
  static func endArraySlowly(_ builder: UnsafeMutablePointer<TapeBuilder>) -> CInt {
    builder.pointee.endArraySlowly()
  }

  /// `endArray` for a top-level value, with positions, for more than 16 elements, or when
  /// the tape must grow.
  @inline(__always)
  mutating func endArraySlowly() -> CInt {
    noteContainerEnd()
    frames.count &-= 1
    let start = frames[frames.count]
    let n = stack.count &- start
    let position = tape.count
    let block = tape.reserve(n &+ 1)
    assert(UInt64(n) <= JSONDocument.countMask, "array too large for its count word")
    block[0] = UInt64(n)
    Self.copySlots(from: stack.base + start, to: block + 1, count: n)
    tape.commit(n &+ 1)
    stack.count = start
    depth &-= 1
    return push(Slot.make(Slot.arrayTag, UInt64(position)))
  }

  @inline(__always)
  mutating func endMap() -> CInt {
    let start = frames[frames.count &- 1]
    let slots = stack.count &- start
    guard
      !tracksPositions && depth != 1 && slots <= 16 && tape.count &+ slots < tape.capacity
        && stampSerial != .max
    else { return Self.endMapSlowly(&self) }
    let n = slots >> 1
    if n == 2 {
      // Two members (most of citm_catalog's objects): one comparison, no stamps.
      if stack.base[start] == stack.base[start &+ 2] { return Self.endMapSlowly(&self) }
    } else if n > 2 {
      stampSerial &+= 1
      var i = 0
      while i < n {
        let id = Int(stack[start &+ 2 &* i])
        // A duplicate key: the general path starts again with a new serial.
        if stamps[id] == stampSerial { return Self.endMapSlowly(&self) }
        stamps[id] = stampSerial
        i &+= 1
      }
    }
    // At most 8 members: below `JSONDocument.indexThreshold`, so the count word is the count.
    return close(
      start: start, slots: slots, countWord: UInt64(truncatingIfNeeded: n), tag: Slot.objectTag)
  }

  /// Calls `endMapSlowly` out of line, with the builder as a plain argument (see `push`).
  @inline(never)
  static func endMapSlowly(_ builder: UnsafeMutablePointer<TapeBuilder>) -> CInt {
    builder.pointee.endMapSlowly()
  }

  /// `endMap` for a top-level value, with positions, for more than 8 members, with
  /// duplicate keys, or when the tape must grow.
  @inline(__always)
  mutating func endMapSlowly() -> CInt {
    noteContainerEnd()
    frames.count &-= 1
    let start = frames[frames.count]
    var n = (stack.count &- start) >> 1
    if n > 1 {
      stampSerial &+= 1
      if stampSerial == 0 {
        for i in 0..<stamps.count { stamps[i] = 0 }
        stampSerial = 1
      }
      var i = 0
      while i < n {
        let id = Int(stack[start &+ 2 &* i])
        if stamps[id] == stampSerial {
          n = removeDuplicateKeys(start: start, count: n)
          break
        }
        stamps[id] = stampSerial
        i &+= 1
      }
    }
    let position = tape.count
    let block = tape.reserve(2 &* n &+ 1)
    assert(UInt64(n) <= JSONDocument.countMask, "object too large for its count word")
    if n > JSONDocument.indexThreshold {
      // Numbered so that the document can keep its member index in an array.
      largeObjectCount &+= 1
      block[0] = UInt64(n) | UInt64(largeObjectCount) << 32
    } else {
      block[0] = UInt64(n)
    }
    Self.copySlots(from: stack.base + start, to: block + 1, count: 2 &* n)
    tape.commit(2 &* n &+ 1)
    stack.count = start
    depth &-= 1
    return push(Slot.make(Slot.objectTag, UInt64(position)))
  }

  /// Copies a closed container's slots from the stack to the tape.
  ///
  /// Most containers are small (a coordinate pair, a user's few fields): a loop copies them
  /// in fewer instructions than a call to `memmove`, which pays off only for larger blocks.
  @inline(__always)
  static func copySlots(
    from source: UnsafeMutablePointer<UInt64>, to target: UnsafeMutablePointer<UInt64>, count: Int
  ) {
    // Safe: callers pass `count` slots at `source` (on the stack) and room for them at `target`.
    if count > 16 {
      target.update(from: source, count: count)
      return
    }
    // Two at a time: an object's members, and most small arrays (coordinate pairs), are pairs.
    var i = 0
    while i &+ 2 <= count {
      target[i] = source[i]
      target[i &+ 1] = source[i &+ 1]
      i &+= 2
    }
    if i < count { target[i] = source[i] }
  }

  /// Duplicate keys: the last value wins, at the position of the first (as jq and
  /// JSONSerialization do).
  ///
  /// Rare, so a dictionary is fine.
  @inline(never)
  mutating func removeDuplicateKeys(start: Int, count n: Int) -> Int {
    var firstPosition: [UInt64: Int] = [:]
    var kept = 0
    for i in 0..<n {
      let key = stack[start &+ 2 &* i]
      let value = stack[start &+ 2 &* i &+ 1]
      if let position = firstPosition[key] {
        stack[start &+ 2 &* position &+ 1] = value
      } else {
        firstPosition[key] = kept
        stack[start &+ 2 &* kept] = key
        stack[start &+ 2 &* kept &+ 1] = value
        kept &+= 1
      }
    }
    return kept
  }

  // MARK: Top-level values

  mutating func completeTopLevelValue() -> CInt {
    if valueCount > 0 && !allowMultipleValues {
      stack.count = 0
      // A scalar (a container fails in `startContainer`): it starts after the first value.
      return fail(.unexpectedValue, at: firstNonSpace(from: previousTokenEnd) ?? lastTokenEnd)
    }
    valueCount &+= 1
    valueEnds.append(lastTokenEnd)
    let root = stack[0]
    stack.count = 0
    switch Slot.tag(root) {
    case 0, 1, 2, Slot.intTag:
      values.append(JSON(scalarSlot: root))
      if sharedStorage == nil { bytes.count = 0 }
      tape.count = 0
      largeObjectCount = 0
    default:
      let tapeCount = tape.count
      let storage: ByteStorage
      if let sharedStorage {
        storage = sharedStorage
      } else {
        let byteCount = bytes.count
        storage = ByteStorage(base: bytes.take(), count: byteCount)
      }
      let document = JSONDocument(
        tape: tape.take(), tapeCount: tapeCount, storage: storage, keys: keys, root: root,
        largeObjectCount: largeObjectCount)
      keys = KeyTable()
      largeObjectCount = 0
      stamps.count = 0
      successors.count = 0
      firstKey = -1
      values.append(JSON(document: document, slot: root))
    }
    return 1
  }

  /// The input byte at `offset` when it is still at hand: in the current chunk or, while
  /// streaming, in `carry`.
  func byte(at offset: Int) -> UInt8? {
    // Safe: `chunkStart[local]` is read behind `0 <= local < chunkCount`.
    let local = offset &- chunkOffset
    if local >= 0 { return local < chunkCount ? chunkStart[local] : nil }
    let c = offset &- carryOffset
    return c >= 0 && c < carry.count ? carry[c] : nil
  }

  /// The offset of the first byte at or after `start` that is neither white space nor (when
  /// allowed) part of a comment, or `nil` when there is none in the input at hand.
  func firstNonSpace(from start: Int) -> Int? {
    var i = max(start, carry.isEmpty ? chunkOffset : min(carryOffset, chunkOffset))
    while let c = byte(at: i) {
      if Self.isWhiteSpace(c) {
        i &+= 1
      } else if allowComments && c == 0x2F, let end = commentEnd(at: i) {
        i = end
      } else {
        return i
      }
    }
    return nil
  }

  /// The offset just past the comment starting at `start`; a `//` comment may end with the
  /// input.
  ///
  /// `nil` when the comment is not complete.
  func commentEnd(at start: Int) -> Int? {
    switch byte(at: start &+ 1) {
    case 0x2F:
      var i = start &+ 2
      while let c = byte(at: i) {
        if c == 0x0A { return i &+ 1 }
        i &+= 1
      }
      return i
    case 0x2A:
      var i = start &+ 2
      while let c = byte(at: i) {
        if c == 0x2A && byte(at: i &+ 1) == 0x2F { return i &+ 2 }
        i &+= 1
      }
      return nil
    default:
      return nil
    }
  }

  static func isWhiteSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 }

  /// Bytes that make up numbers and the literals `true`, `false`, `null`.
  static func isTokenByte(_ c: UInt8) -> Bool {
    (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || c == 0x2D
      || c == 0x2B || c == 0x2E
  }
}
