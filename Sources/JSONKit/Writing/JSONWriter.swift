import Foundation

/// Writes JSON text: compact or pretty (any indentation), sorted keys optional, into one
/// growing byte buffer, without recursion (so any depth is safe).
///
/// Parsed numbers are written back from their source text, so
/// `123456789012345678901234567890` and `3.14159265358979323846` survive a round trip.
/// Every value produces valid JSON: control characters are escaped, non-finite doubles
/// built in code become `null` (NaN) or ±1.7976931348623157e+308 (infinities, as jq does).
///
/// ```swift
/// var writer = JSONWriter(options: [.prettyPrinted], indentation: .tab)
/// let text = writer.string(json)
/// var buffer: [UInt8] = []
/// JSONWriter().write(json, into: &buffer)   // compact
/// ```
public struct JSONWriter: Sendable {
  /// The unit of indentation for pretty output.
  public enum Indentation: Sendable, Hashable {
    case spaces(Int)
    case tab
  }

  public var options: JSONWritingOptions
  public var indentation: Indentation

  /// A writer; compact unless `options` contains `.prettyPrinted`.
  public init(options: JSONWritingOptions = [], indentation: Indentation = .spaces(2)) {
    self.options = options
    self.indentation = indentation
  }

  /// The JSON text of `json` as UTF-8 bytes.
  public func data(_ json: JSON) -> Data {
    var buffer: [UInt8] = []
    write(json, into: &buffer)
    return Data(buffer)
  }

  /// The JSON text of `json`.
  public func string(_ json: JSON) -> String {
    var buffer: [UInt8] = []
    write(json, into: &buffer)
    return String(decoding: buffer, as: UTF8.self)
  }

  /// Appends the JSON text of `json` to `buffer`.
  public func write(_ json: JSON, into buffer: inout [UInt8]) {
    var emitter = Emitter(options: options, indentation: indentation, out: buffer)
    buffer = []
    if case .node(let document, _) = json.storage {
      // Parsed text is about as long as its input: one allocation instead of many.
      emitter.out.reserveCapacity(emitter.out.count + document.storage.count + document.tapeCount)
    }
    emitter.write(json)
    buffer = emitter.out
  }

  /// Appends the JSON text of `json` to `buffer`, handing the buffer to `flush` whenever it
  /// holds at least `threshold` bytes (`flush` writes it out and empties it). Output memory
  /// stays bounded however large the value is.
  ///
  /// ```swift
  /// var buffer: [UInt8] = []
  /// writer.write(huge, into: &buffer, flushingAt: 65_536) { chunk in
  ///   chunk.withUnsafeBytes { _ = fwrite($0.baseAddress, 1, $0.count, stdout) }
  ///   chunk.removeAll(keepingCapacity: true)
  /// }
  /// ```
  public func write(
    _ json: JSON, into buffer: inout [UInt8], flushingAt threshold: Int,
    flush: @escaping (inout [UInt8]) -> Void
  ) {
    var emitter = Emitter(options: options, indentation: indentation, out: buffer)
    buffer = []
    emitter.flushThreshold = Swift.max(1, threshold)
    emitter.flushHandler = flush
    emitter.write(json)
    buffer = emitter.out
  }

  /// `s` as a quoted JSON string.
  public static func quoted(_ s: String) -> String {
    var emitter = Emitter(options: [], indentation: .spaces(0), out: [])
    emitter.writeString(s)
    return String(decoding: emitter.out, as: UTF8.self)
  }
}

/// The state of one write: output buffer and the explicit stack of open containers.
struct Emitter {
  let pretty: Bool
  let sortKeys: Bool
  let escapeSlash: Bool
  let asciiOnly: Bool
  let indentUnit: [UInt8]
  var out: [UInt8]
  /// Streaming output: `flushHandler` receives `out` whenever it reaches the threshold.
  var flushThreshold = Int.max
  var flushHandler: ((inout [UInt8]) -> Void)?

  @inline(__always)
  mutating func flushIfNeeded() {
    if out.count >= flushThreshold, let flushHandler { flushHandler(&out) }
  }

  init(options: JSONWritingOptions, indentation: JSONWriter.Indentation, out: [UInt8]) {
    pretty = options.contains(.prettyPrinted)
    sortKeys = options.contains(.sortedKeys)
    escapeSlash = options.contains(.escapeSlashes)
    asciiOnly = options.contains(.asciiOnly)
    switch indentation {
    case .spaces(let n): indentUnit = [UInt8](repeating: 0x20, count: max(0, n))
    case .tab: indentUnit = [0x09]
    }
    self.out = out
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
      if case .node(let document, let slot) = value.storage {
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

  /// An open container of a parsed document: its block's tape position and progress.
  struct NodeFrame {
    var position: Int
    var count: Int
    var next: Int
    var isObject: Bool
    var order: [Int]?
  }

  /// Writes a parsed subtree by walking its tape, without making `JSON` values.
  mutating func writeNode(_ document: JSONDocument, _ root: UInt64, depth: Int) {
    let tape = document.tape
    var stack: [NodeFrame] = []
    var slot = root
    while true {
      let tag = Slot.tag(slot)
      switch tag {
      case 0: out.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
      case 1: out.append(contentsOf: [0x66, 0x61, 0x6C, 0x73, 0x65])
      case 2: out.append(contentsOf: [0x74, 0x72, 0x75, 0x65])
      case Slot.intTag: writeInteger(Slot.intValue(slot))
      case Slot.numberTag, Slot.longNumberTag: out.append(contentsOf: document.text(slot))
      case Slot.stringTag, Slot.longStringTag: writeString(document.text(slot))
      default:
        let position = Int(Slot.payload(slot))
        let count = Int(tape[position])
        let isObject = tag == Slot.objectTag
        if count == 0 {
          out.append(contentsOf: isObject ? [0x7B, 0x7D] : [0x5B, 0x5D])
        } else {
          out.append(isObject ? 0x7B : 0x5B)
          var order: [Int]? = nil
          if isObject && sortKeys {
            let keys = (0..<count).map { i in Array(document.keyText(Int(tape[position + 1 + 2 * i]))) }
            order = (0..<count).sorted { keys[$0].lexicographicallyPrecedes(keys[$1]) }
          }
          stack.append(NodeFrame(position: position, count: count, next: 0, isObject: isObject, order: order))
        }
      }
      flushIfNeeded()
      // Advance to the next slot, closing finished containers.
      while true {
        guard var frame = stack.popLast() else { return }
        if frame.next < frame.count {
          if frame.next > 0 { out.append(0x2C) }
          newline(depth: depth + stack.count + 1)
          let member = frame.order?[frame.next] ?? frame.next
          if frame.isObject {
            writeString(document.keyText(Int(tape[frame.position + 1 + 2 * member])))
            out.append(0x3A)
            if pretty { out.append(0x20) }
            slot = tape[frame.position + 2 + 2 * member]
          } else {
            slot = tape[frame.position + 1 + member]
          }
          frame.next += 1
          stack.append(frame)
          break
        }
        newline(depth: depth + stack.count)
        out.append(frame.isObject ? 0x7D : 0x5D)
      }
    }
  }

  /// Appends the decimal digits of `value` without making a `String`.
  mutating func writeInteger(_ value: Int64) {
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
    var magnitude = value.magnitude
    var n = 0
    withUnsafeMutableBytes(of: &digits) { buffer in
      repeat {
        buffer[23 - n] = UInt8(truncatingIfNeeded: magnitude % 10) + 0x30
        magnitude /= 10
        n += 1
      } while magnitude != 0
      if value < 0 {
        buffer[23 - n] = 0x2D
        n += 1
      }
      out.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[(24 - n)...]))
    }
  }

  @inline(__always)
  mutating func newline(depth: Int) {
    guard pretty else { return }
    out.append(0x0A)
    for _ in 0..<depth { out.append(contentsOf: indentUnit) }
  }

  mutating func writeScalar(_ value: JSON) {
    switch value.storage {
    case .null, .invalid: out.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
    case .bool(let b):
      if b { out.append(contentsOf: [0x74, 0x72, 0x75, 0x65]) } else { out.append(contentsOf: [0x66, 0x61, 0x6C, 0x73, 0x65]) }
    case .number(let n): writeNumber(n)
    case .string(var s): s.withUTF8 { writeString($0) }
    case .array: out.append(contentsOf: [0x5B, 0x5D])
    case .object: out.append(contentsOf: [0x7B, 0x7D])
    case .node(let document, let slot):
      switch Slot.tag(slot) {
      case Slot.stringTag, Slot.longStringTag: writeString(document.text(slot))
      case Slot.numberTag, Slot.longNumberTag: out.append(contentsOf: document.text(slot))
      case Slot.arrayTag: out.append(contentsOf: [0x5B, 0x5D])
      default: out.append(contentsOf: [0x7B, 0x7D])
      }
    }
  }

  mutating func writeNumber(_ n: NumberValue) {
    switch n {
    case .int(let i): writeInteger(i)
    case .uint(let u): out.append(contentsOf: String(u).utf8)
    case .text(let t): out.append(contentsOf: t.utf8)
    case .double(let d): out.append(contentsOf: Self.format(d).utf8)
    }
  }

  /// Shortest round-trip text of a double, valid as JSON, laid out as jq does (see
  /// `DoubleFormat`).
  static func format(_ d: Double) -> String {
    if d.isNaN { return "null" }
    if d.isInfinite { return d < 0 ? "-1.7976931348623157e+308" : "1.7976931348623157e+308" }
    return DoubleFormat.text(d)
  }

  mutating func writeString(_ s: String) {
    var s = s
    s.withUTF8 { writeString($0) }
  }

  mutating func writeString(_ bytes: UnsafeBufferPointer<UInt8>) {
    out.append(0x22)
    guard let base = bytes.baseAddress else {
      out.append(0x22)
      return
    }
    let n = bytes.count
    var runStart = 0
    var i = 0
    let raw = UnsafeRawPointer(base)
    while i < n {
      // Skip eight plain bytes at a time: no '"', '\\', control character, DEL, or (only
      // when writing ASCII) a byte with the high bit. Each term sets the high bit of a byte
      // that may need escaping (a borrow can flag a later byte too: the byte loop below
      // then finds it plain and comes back here).
      while i &+ 8 <= n {
        let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
        let quote = w ^ 0x2222_2222_2222_2222
        let slash = w ^ 0x5C5C_5C5C_5C5C_5C5C
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        let del = w ^ 0x7F7F_7F7F_7F7F_7F7F
        var special =
          ((quote &- ones) & ~quote) | ((slash &- ones) & ~slash) | ((del &- ones) & ~del)
          | ((w &- 0x2020_2020_2020_2020) & ~w)
        // UTF-8 text (Japanese tweets, say) stays on this path unless it must become ASCII.
        if asciiOnly { special |= w }
        if escapeSlash {
          let solidus = w ^ 0x2F2F_2F2F_2F2F_2F2F
          special |= (solidus &- ones) & ~solidus
        }
        if special & high != 0 { break }
        i &+= 8
      }
      guard i < n else { break }
      let c = base[i]
      let escape: [UInt8]?
      switch c {
      case 0x22: escape = [0x5C, 0x22]
      case 0x5C: escape = [0x5C, 0x5C]
      case 0x0A: escape = [0x5C, 0x6E]
      case 0x0D: escape = [0x5C, 0x72]
      case 0x09: escape = [0x5C, 0x74]
      case 0x08: escape = [0x5C, 0x62]
      case 0x0C: escape = [0x5C, 0x66]
      case 0x2F where escapeSlash: escape = [0x5C, 0x2F]
      case 0x00..<0x20, 0x7F: escape = Array(Self.unicodeEscape(UInt32(c)).utf8)
      case 0x80... where asciiOnly:
        out.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: i &- runStart))
        let length = max(1, UTF8Validation.sequenceLength(base, i, n))
        let scalar = Self.decodeScalar(base + i, length)
        if scalar >= 0x10000 {
          let v = scalar - 0x10000
          out.append(contentsOf: Self.unicodeEscape(0xD800 + (v >> 10)).utf8)
          out.append(contentsOf: Self.unicodeEscape(0xDC00 + (v & 0x3FF)).utf8)
        } else {
          out.append(contentsOf: Self.unicodeEscape(scalar).utf8)
        }
        i &+= length
        runStart = i
        continue
      default: escape = nil
      }
      if let escape {
        out.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: i &- runStart))
        out.append(contentsOf: escape)
        runStart = i &+ 1
      }
      i &+= 1
    }
    out.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: n &- runStart))
    out.append(0x22)
  }

  static func unicodeEscape(_ v: UInt32) -> String {
    let hex = String(v, radix: 16)
    return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }

  static func decodeScalar(_ p: UnsafePointer<UInt8>, _ length: Int) -> UInt32 {
    switch length {
    case 2: return UInt32(p[0] & 0x1F) << 6 | UInt32(p[1] & 0x3F)
    case 3: return UInt32(p[0] & 0x0F) << 12 | UInt32(p[1] & 0x3F) << 6 | UInt32(p[2] & 0x3F)
    case 4:
      return UInt32(p[0] & 0x07) << 18 | UInt32(p[1] & 0x3F) << 12 | UInt32(p[2] & 0x3F) << 6
        | UInt32(p[3] & 0x3F)
    default: return 0xFFFD
    }
  }
}
