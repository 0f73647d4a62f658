#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The state of one write: the output buffer, the options, and the explicit stack of open
/// containers (so any depth is safe).
///
/// Parsed subtrees are written by `writeNode`
/// (Emitter+Document.swift), strings by `writeString` (Emitter+Strings.swift).
///
/// Owns `out` and its indentation text until `finish()` returns the buffer.
struct Emitter {
  let pretty: Bool
  let sortKeys: Bool
  let escapeSlash: Bool
  let asciiOnly: Bool
  /// Bytes per indentation level: n spaces or one tab.
  let indentWidth: Int
  let indentByte: UInt8
  var out: OutputBuffer
  /// A newline followed by `indentCapacity` bytes of indentation, so each line break of
  /// pretty output is one copy; allocated on the first line break.
  var indentText: UnsafeMutablePointer<UInt8>?
  /// -1 until the text is allocated, so that the first line break allocates it even with no
  /// indentation at all (`.spaces(0)`: new lines only, as jq's `--indent 0`).
  var indentCapacity = -1
  /// Streaming output: `flushHandler` receives the buffered bytes whenever there are at
  /// least `flushThreshold`; the buffer is emptied afterwards.
  var flushThreshold = Int.max
  /// The deepest level whose values are written; deeper ones are written as
  /// `<skipped: too deep>`, as jq's printer does past 10,000 levels.
  ///
  /// `Int.max`: no limit.
  var depthLimit = Int.max
  /// Whether numbers kept as text are written in decNumber's canonical form, as jq 1.8
  /// prints literals (`DecimalCanonical`).
  var canonicalNumbers = false
  /// A tag no slot has: a value past `depthLimit`.
  static let skippedTag: UInt64 = 0xFF
  var flushHandler: ((UnsafeRawBufferPointer) -> Void)?

  init(options: JSONWritingOptions, indentation: JSONWriter.Indentation, out: OutputBuffer) {
    pretty = options.contains(.prettyPrinted)
    sortKeys = options.contains(.sortedKeys)
    escapeSlash = options.contains(.escapeSlashes)
    asciiOnly = options.contains(.asciiOnly)
    switch indentation {
    case .spaces(let n):
      indentWidth = max(0, n)
      indentByte = 0x20
    case .tab:
      indentWidth = 1
      indentByte = 0x09
    }
    self.out = out
  }

  /// Ends the write: frees the emitter's own memory and returns the output buffer.
  mutating func finish() -> OutputBuffer {
    free(indentText)
    indentText = nil
    return out
  }

  @inline(__always)
  mutating func flushIfNeeded() {
    if out.count >= flushThreshold { flushNow() }
  }

  @inline(never)
  mutating func flushNow() {
    guard let flushHandler else { return }
    flushHandler(out.bytes)
    out.removeAll()
  }

  /// An open container: where it is and which member comes next.
  enum Frame {
    case array(ContainerCursor, next: Int)
    case object(ContainerCursor, order: [Int]?, next: Int)
  }

  mutating func write(_ root: JSON) {
    var stack: [Frame] = []
    var value = root
    while true {
      // Write `value`; a non-empty container opens a frame instead. A parsed subtree is
      // written straight from its tape.
      if stack.count > depthLimit {
        appendLiteral("<skipped: too deep>")
      } else if case .node(let document, let slot) = value.storage {
        writeNode(document, slot, depth: stack.count)
      } else if let cursor = ContainerCursor(value), cursor.count > 0 {
        if cursor.isObject {
          out.append(0x7B)
          let order = sortKeys ? cursor.sortedMemberOrder() : nil
          stack.append(.object(cursor, order: order, next: 0))
        } else {
          out.append(0x5B)
          stack.append(.array(cursor, next: 0))
        }
      } else {
        writeScalar(value)
      }
      flushIfNeeded()
      // Find the next value to write, closing finished containers.
      var found = false
      while let frame = stack.popLast() {
        switch frame {
        case .array(let cursor, let next):
          if next < cursor.count {
            if next > 0 { out.append(0x2C) }
            newline(depth: stack.count + 1)
            value = cursor.element(next)
            stack.append(.array(cursor, next: next + 1))
            found = true
          } else {
            newline(depth: stack.count)
            out.append(0x5D)
          }
        case .object(let cursor, let order, let next):
          if next < cursor.count {
            if next > 0 { out.append(0x2C) }
            newline(depth: stack.count + 1)
            let member = order?[next] ?? next
            cursor.withKeyBytes(member) { writeString($0) }
            out.append(0x3A)
            if pretty { out.append(0x20) }
            value = cursor.value(member)
            stack.append(.object(cursor, order: order, next: next + 1))
            found = true
          } else {
            newline(depth: stack.count)
            out.append(0x7D)
          }
        }
        if found { break }
      }
      if !found { return }
    }
  }

  /// Appends a newline and the indentation of `depth` levels (pretty output only).
  @inline(__always)
  mutating func newline(depth: Int) {
    // Safe: `indentCapacity` starts at -1, so the first call grows the text; after that
    // `n <= indentCapacity` and the text holds a newline and `indentCapacity` bytes.
    guard pretty else { return }
    let n = depth &* indentWidth
    if n > indentCapacity { growIndentText(n) }
    out.append(indentText.unsafelyUnwrapped, count: n &+ 1)
  }

  @inline(never)
  mutating func growIndentText(_ n: Int) {
    // Safe: `realloc` returned room for `capacity + 1` bytes, which hold only `UInt8`s: the newline
    // and `capacity` indentation bytes initialized here.
    let capacity = max(n, indentCapacity &* 2, 64)
    guard let text = realloc(indentText, capacity &+ 1)?.assumingMemoryBound(to: UInt8.self) else {
      fatalError("JSONKit: out of memory allocating \(capacity) bytes")
    }
    text[0] = 0x0A
    (text + 1).initialize(repeating: indentByte, count: capacity)
    indentText = text
    indentCapacity = capacity
  }

  @inline(__always)
  mutating func appendLiteral(_ text: StaticString) {
    out.append(text.utf8Start, count: text.utf8CodeUnitCount)
  }

  mutating func writeScalar(_ value: JSON) {
    switch value.storage {
    case .null, .invalid: appendLiteral("null")
    case .bool(let b): appendLiteral(b ? "true" : "false")
    case .number(let n): writeNumber(n)
    case .string(var s): s.withUTF8 { writeString($0) }
    case .array: appendLiteral("[]")
    case .object: appendLiteral("{}")
    case .node(let document, let slot):
      switch Slot.tag(slot) {
      case Slot.stringTag, Slot.longStringTag: writeString(document.text(slot))
      case Slot.numberTag, Slot.longNumberTag: out.append(document.text(slot))
      case Slot.arrayTag: appendLiteral("[]")
      default: appendLiteral("{}")
      }
    }
  }

  /// A number's text in decNumber's canonical form (see `canonicalNumbers`).
  @inline(never)
  mutating func appendCanonical(_ text: UnsafePointer<UInt8>, _ length: Int) {
    // Safe: the caller passes a number's text and its length, read from the document it is writing.
    var canonical = DecimalCanonical.form(UnsafeBufferPointer(start: text, count: length))
    canonical.withUTF8 { out.append($0) }
  }

  mutating func writeNumber(_ n: NumberValue) {
    switch n {
    case .int(let i): writeInteger(i)
    case .uint(let u): writeDecimal(u, negative: false)
    case .text(var t):
      t.withUTF8 { text in
        guard let base = text.baseAddress, canonicalNumbers,
          DecimalCanonical.mayChange(base, text.count)
        else { return out.append(text) }
        var canonical = DecimalCanonical.form(text)
        canonical.withUTF8 { out.append($0) }
      }
    case .double(let d):
      var text = Self.format(d)
      text.withUTF8 { out.append($0) }
    case .float(let f):
      var text = Self.format(NumberValue.widened(f))
      text.withUTF8 { out.append($0) }
    }
  }

  /// Shortest round-trip text of a double, valid as JSON, laid out as jq does (see
  /// `DoubleFormat`).
  static func format(_ d: Double) -> String {
    if d.isNaN { return "null" }
    if d.isInfinite { return d < 0 ? "-1.7976931348623157e+308" : "1.7976931348623157e+308" }
    return DoubleFormat.text(d)
  }

  /// Appends the decimal digits of `value` without making a `String`.
  @inline(__always)
  mutating func writeInteger(_ value: Int64) {
    writeDecimal(value.magnitude, negative: value < 0)
  }

  /// Appends `magnitude` in decimal, after a minus sign if `negative`: two digits per
  /// division, written right to left straight into the output.
  mutating func writeDecimal(_ magnitude: UInt64, negative: Bool) {
    var digits = 1
    var power: UInt64 = 10
    while digits < 20 && magnitude >= power {
      digits &+= 1
      power = power &* 10
    }
    let sign = negative ? 1 : 0
    let start = out.reserve(digits &+ sign)
    start[0] = 0x2D  // overwritten by the first digit when not negative
    let pairs = Self.digitPairs.utf8Start
    var end = start + sign + digits
    var m = magnitude
    while m >= 100 {
      let q = m / 100
      let r = Int(truncatingIfNeeded: m &- q &* 100) &* 2
      end -= 2
      end[0] = pairs[r]
      end[1] = pairs[r &+ 1]
      m = q
    }
    if m >= 10 {
      let r = Int(truncatingIfNeeded: m) &* 2
      end[-2] = pairs[r]
      end[-1] = pairs[r &+ 1]
    } else {
      end[-1] = 0x30 &+ UInt8(truncatingIfNeeded: m)
    }
    out.commit(digits &+ sign)
  }

  /// "00" through "99": the digits of each number below 100 at twice its value.
  ///
  /// A computed
  /// `StaticString` is a constant address: no lazy global initialization on each use.
  static var digitPairs: StaticString {
    """
    00010203040506070809101112131415161718192021222324252627282930313233343536373839\
    40414243444546474849505152535455565758596061626364656667686970717273747576777879\
    8081828384858687888990919293949596979899
    """
  }
}
