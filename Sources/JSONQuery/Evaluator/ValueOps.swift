import JSONKitCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The value semantics the evaluator needs (jq's type rules and messages).
///
/// Kept minimal and private to the evaluator until the `qlib` branch's `JQValue` lands;
/// then these forward to it.
enum ValueOps {
  /// `text` repeated `times` times, built as jq's `jv_string_repeat` builds it: the bytes so
  /// far copied onto their end, so a billion repeats of one byte take 30 copies instead of a
  /// billion appends (15 s for `"x" * 1e9`, where jq takes 2).
  static func repeated(_ text: String, _ times: Int) -> String {
    let unit = Array(text.utf8)
    let total = unit.count * times
    // Safe: the buffer holds `total` bytes; `unit` fills its first `unit.count`, and each
    // round copies the first `count` bytes to `filled..<filled + count`, where
    // `count <= filled` and `filled + count <= total`: both ranges in bounds, and apart.
    return String(unsafeUninitializedCapacity: total) { buffer in
      _ = buffer.initialize(fromContentsOf: unit)
      var filled = unit.count
      while filled < total {
        let count = min(filled, total - filled)
        let source = UnsafeMutableBufferPointer(rebasing: buffer[0..<count])
        _ = UnsafeMutableBufferPointer(rebasing: buffer[filled..<filled + count])
          .initialize(fromContentsOf: source)
        filled += count
      }
      return total
    }
  }

  static func number(_ value: Double) -> JSON {
    // -0 stays a double: jq prints it as `-0`.
    if value == value.rounded(), abs(value) < 9_007_199_254_740_992,
      value != 0 || value.sign == .plus
    {
      return JSON(Int64(value))
    }
    return JSON(value)
  }

  static func typeName(_ value: JSON) -> String {
    switch value.type {
    case .null, .unknown: return "null"
    case .bool: return "boolean"
    case .number: return "number"
    case .string: return "string"
    case .array: return "array"
    case .dictionary: return "object"
    }
  }

  /// The value as jq 1.8 shows it in error messages (`type_error`'s 30-byte buffer).
  static func preview(_ value: JSON) -> String { dumpTruncated(value, bufferSize: 30) }

  /// The value cut to at most `limit` bytes, as in a jq buffer of `limit + 1` bytes.
  static func truncated(_ value: JSON, _ limit: Int) -> String {
    dumpTruncated(value, bufferSize: limit + 1)
  }

  /// jq 1.8's `jv_dump_string_trunc`: the value's compact text as jq prints it (numbers in
  /// decNumber's form, NaN as `null`), at most `bufferSize - 1` bytes.
  ///
  /// A longer text keeps
  /// `bufferSize - 4` bytes (5 when it starts with `"`, `[` or `{`, which it closes again),
  /// backed up to the start of a UTF-8 sequence, then `...` and the closing delimiter. A
  /// string longer than the buffer is first cut to that many code points.
  static func dumpTruncated(_ value: JSON, bufferSize: Int) -> String {
    var value = value
    if value.type == .string, value.stringValue.utf8.count > bufferSize {
      value = JSON(String(value.stringValue.unicodeScalars.prefix(bufferSize)))
    }
    let bytes = Array(json(value).utf8)
    guard bytes.count > bufferSize - 1, bufferSize >= 8 else {
      return String(decoding: bytes.prefix(bufferSize - 1), as: UTF8.self)
    }
    let closing: String
    switch bytes[0] {
    case UInt8(ascii: "\""): closing = "\""
    case UInt8(ascii: "["): closing = "]"
    case UInt8(ascii: "{"): closing = "}"
    default: closing = ""
    }
    var end = bufferSize - (closing.isEmpty ? 4 : 5)
    while end > 0 && bytes[end] & 0xC0 == 0x80 { end -= 1 }
    return String(decoding: bytes[0..<end], as: UTF8.self) + "..." + closing
  }

  static func describe(_ value: JSON) -> String { "\(typeName(value)) (\(preview(value)))" }

  static func isTruthy(_ value: JSON) -> Bool {
    switch value.type {
    case .null, .unknown: return false
    case .bool: return value.boolValue
    default: return true
    }
  }

  static func elements(_ value: JSON) -> [JSON] {
    // A built array's storage itself (no copy, no allocation): paths are read as arrays
    // at every `getpath`, `setpath` and update.
    value.arrayElements ?? []
  }

  /// The elements of the array `value` at `range`, which is within it: a slice costs its
  /// length, not the array's (`.[range(n) | {start: ., end: (. + 1)}]` was quadratic).
  static func elements(_ value: JSON, _ range: Range<Int>) -> [JSON] {
    var items: [JSON] = []
    items.reserveCapacity(range.count)
    for i in range { items.append(value.element(i) ?? .null) }
    return items
  }

  static func members(_ value: JSON) -> [(String, JSON)] {
    var items: [(String, JSON)] = []
    value.forEachMember { key, item in items.append((key, item)) }
    return items
  }

  static func object(_ pairs: [(String, JSON)]) -> JSON {
    JSON(members: pairs)
  }

  /// `a + b` as jq adds; a string or array result is checked against `budget` (the run's
  /// memory budget, `nil` for a run without one) before it is made.
  static func add(_ a: JSON, _ b: JSON, budget: MemoryBudget?) throws(QueryError) -> JSON {
    switch (a.type, b.type) {
    case (.null, _): return b
    case (_, .null): return a
    case (.number, .number): return number(a.jqDouble + b.jqDouble)
    case (.string, .string):
      let (x, y) = (a.stringValue, b.stringValue)
      try MemoryBudget.check(
        Double(x.utf8.count + y.utf8.count), "a string of \(x.utf8.count + y.utf8.count) bytes",
        in: budget)
      return JSON(x + y)
    case (.array, .array):
      let count = a.count + b.count
      try MemoryBudget.check(
        Double(count) * Double(MemoryBudget.bytesPerElement), "an array of \(count) values",
        in: budget)
      return JSON(array: elements(a) + elements(b))
    case (.dictionary, .dictionary):
      var result = a
      for (key, value) in members(b) { result[key] = value }
      return result
    default:
      throw .runtime("\(describe(a)) and \(describe(b)) cannot be added")
    }
  }

  /// `a op b` as jq computes it; a result that allocates (strings and arrays added, a
  /// string repeated) is checked against `budget` (the run's memory budget, `nil` for a run
  /// without one) before it is made.
  static func arithmetic(_ op: BinaryOperator, _ a: JSON, _ b: JSON, budget: MemoryBudget?)
    throws(QueryError) -> JSON
  {
    switch op {
    case .add: return try add(a, b, budget: budget)
    case .subtract:
      if a.type == .number, b.type == .number { return number(a.jqDouble - b.jqDouble) }
      if a.type == .array, b.type == .array {
        let remove = elements(b)
        return JSON(
          array: elements(a).filter { x in !remove.contains { JSON.compare($0, x) == 0 } })
      }
      throw .runtime("\(describe(a)) and \(describe(b)) cannot be subtracted")
    case .multiply:
      if a.type == .number, b.type == .number { return number(a.jqDouble * b.jqDouble) }
      if (a.type == .string && b.type == .number) || (a.type == .number && b.type == .string) {
        let (text, count) =
          a.type == .string ? (a.stringValue, b.jqDouble) : (b.stringValue, a.jqDouble)
        // jq 1.8's `jv_string_repeat`: the count truncated toward zero; a negative count (or
        // NaN) is null, zero (`0.5` too) the empty string.
        if count < 0 || count.isNaN { return .null }
        let times = count >= Double(Int32.max) ? Int(Int32.max) : Int(count)
        // jq's bound is `INT_MAX - sizeof(jvp_string) / 2`: the division binds first, so it
        // is INT_MAX less 8 (half its 16-byte string header), not half of INT_MAX.
        if Double(text.utf8.count) * Double(times) >= Double(Int32.max) - 8 {
          throw .runtime("Repeat string result too long")
        }
        try MemoryBudget.check(
          Double(text.utf8.count) * Double(times),
          "a string of \(text.utf8.count) bytes repeated \(times) times", in: budget)
        // Repeating "" a billion times still loops a billion times: skip it.
        return JSON(text.isEmpty || times == 0 ? "" : repeated(text, times))
      }
      if a.type == .dictionary, b.type == .dictionary { return try deepMerge(a, b) }
      throw .runtime("\(describe(a)) and \(describe(b)) cannot be multiplied")
    case .divide:
      if a.type == .number, b.type == .number {
        if b.jqDouble == 0 {
          throw .runtime(
            "\(describe(a)) and \(describe(b)) cannot be divided because the divisor is zero")
        }
        return number(a.jqDouble / b.jqDouble)
      }
      if a.type == .string, b.type == .string { return split(a.stringValue, by: b.stringValue) }
      throw .runtime("\(describe(a)) and \(describe(b)) cannot be divided")
    case .modulo:
      if a.type == .number, b.type == .number {
        if a.jqDouble.isNaN || b.jqDouble.isNaN { return number(.nan) }
        let divisor = toInteger(b.jqDouble)
        if divisor == 0 {
          throw .runtime(
            "\(describe(a)) and \(describe(b)) cannot be divided (remainder) because the divisor is zero"
          )
        }
        let dividend = toInteger(a.jqDouble)
        return JSON(dividend % (divisor == -1 ? 1 : divisor))
      }
      throw .runtime("\(describe(a)) and \(describe(b)) cannot be divided (remainder)")
    case .equal: return JSON(try equal(a, b))
    case .notEqual: return JSON(!(try equal(a, b)))
    case .less: return JSON(try order(a, b) < 0)
    case .lessOrEqual: return JSON(try order(a, b) <= 0)
    case .greater: return JSON(try order(a, b) > 0)
    case .greaterOrEqual: return JSON(try order(a, b) >= 0)
    }
  }

  /// `d` as an `Int`, never trapping: NaN is 0, and out-of-range values (infinities
  /// included) are clamped.
  static func clampedInt(_ d: Double) -> Int {
    if d.isNaN { return 0 }
    if d >= 9.2e18 { return Int.max }
    if d <= -9.2e18 { return Int.min }
    return Int(d)
  }

  static func toInteger(_ d: Double) -> Int64 {
    if d.isNaN { return 0 }
    if d >= 9.2e18 { return Int64.max }
    if d <= -9.2e18 { return Int64.min }
    return Int64(d)
  }

  /// jq's `split($s)` and `/`: by the separator's bytes, or by code point when it is empty
  /// (`"👍🏽"` is two code points: jq splits it in two, where a `Character` holds both).
  static func split(_ text: String, by separator: String) -> JSON {
    if text.isEmpty { return JSON(array: []) }
    if separator.isEmpty { return JSON(array: text.unicodeScalars.map { JSON(String($0)) }) }
    // Byte matches of valid UTF-8 start and end on code points, so every piece is text.
    let bytes = Array(text.utf8)
    let needle = Array(separator.utf8)
    var pieces: [JSON] = []
    var start = 0
    var index = 0
    while index + needle.count <= bytes.count {
      if bytes[index] == needle[0], bytes[index..<index + needle.count].elementsEqual(needle) {
        pieces.append(JSON(String(decoding: bytes[start..<index], as: UTF8.self)))
        index += needle.count
        start = index
      } else {
        index += 1
      }
    }
    pieces.append(JSON(String(decoding: bytes[start...], as: UTF8.self)))
    return JSON(array: pieces)
  }

  /// `*` on two objects, as jq's `jvp_object_merge_recursive`, with its depth guard: deeper
  /// than 10,000 levels is "Object merge too deep", never a stack overflow.
  static func deepMerge(_ a: JSON, _ b: JSON) throws(QueryError) -> JSON {
    var stack = StackGuard()
    stack.enter()
    return try deepMerge(a, b, depth: 0, stack: stack)
  }

  /// On a thread whose stack cannot hold 10,000 levels, `stack` stops it first.
  private static func deepMerge(_ a: JSON, _ b: JSON, depth: Int, stack: StackGuard)
    throws(QueryError) -> JSON
  {
    if depth > 10_000 { throw .runtime("Object merge too deep") }
    try stack.check()
    var result = a
    for (key, value) in members(b) {
      let existing = a.member(key)
      if let existing, existing.type == .dictionary, value.type == .dictionary {
        result[key] = try deepMerge(existing, value, depth: depth + 1, stack: stack)
      } else {
        result[key] = value
      }
    }
    return result
  }

  static func index(_ value: JSON, _ key: JSON) throws(QueryError) -> JSON {
    switch (value.type, key.type) {
    // jq's `jv_get`: null indexed by a string, a number or a slice is null; by anything
    // else (null too) an error.
    case (.null, .string), (.null, .number), (.null, .dictionary): return .null
    case (.dictionary, .string): return value.member(key.stringValue) ?? .null
    case (.array, .number):
      let d = key.jqDouble
      if !d.isFinite { return .null }
      var i = clampedInt(d)
      if i < 0 { i += value.count }
      return value.element(i) ?? .null
    case (.array, .array): return indices(value, key)
    case (_, .dictionary) where value.type == .array || value.type == .string:
      let (start, end) = try sliceMembers(key)
      return try slice(value, from: start, to: end)
    default:
      // jq 1.8's wording: the key's type and a preview of it.
      throw .runtime("Cannot index \(typeName(value)) with \(describe(key))")
    }
  }

  /// Where `needle` starts in `text`, in code points (jq 1.8 counts code points, not bytes).
  static func stringIndices(_ text: String, _ needle: String) -> JSON {
    let hay = Array(text.unicodeScalars)
    let pattern = Array(needle.unicodeScalars)
    // An empty needle is found nowhere (jq's `_strindices` and `jv_array_indexes`).
    guard !pattern.isEmpty, pattern.count <= hay.count else { return JSON(array: []) }
    return JSON(
      array: (0...(hay.count - pattern.count))
        .filter { start in hay[start..<start + pattern.count].elementsEqual(pattern) }
        .map { JSON($0) })
  }

  static func indices(_ value: JSON, _ pattern: JSON) -> JSON {
    let items = elements(value)
    let needle = elements(pattern)
    guard !needle.isEmpty, needle.count <= items.count else { return JSON(array: []) }
    var found: [JSON] = []
    for start in 0...(items.count - needle.count)
    where (0..<needle.count).allSatisfy({ JSON.compare(items[start + $0], needle[$0]) == 0 }) {
      found.append(JSON(start))
    }
    return JSON(array: found)
  }

  /// jq's limit on nesting for comparisons: deeper values are refused with an error, as
  /// jq does, rather than compared.
  static let comparisonDepthLimit = 10_000

  /// -1, 0 or 1 in jq's order; "Comparison too deep" past `comparisonDepthLimit`.
  static func order(_ a: JSON, _ b: JSON) throws(QueryError) -> Int {
    if let nan = nanOrder(a, b) { return nan }
    guard let order = JSON.compare(a, b, depthLimit: comparisonDepthLimit) else {
      throw .runtime("Comparison too deep")
    }
    return order
  }

  /// jq's `jvp_cmp` for two numbers of which one is NaN: a NaN compares as null does with a
  /// number, below every number (NaN itself included), so `nan < nan` is true and
  /// `nan == nan` false.
  ///
  /// `nil` otherwise.
  static func nanOrder(_ a: JSON, _ b: JSON) -> Int? {
    guard a.type == .number, b.type == .number else { return nil }
    if a.jqDouble.isNaN { return -1 }
    if b.jqDouble.isNaN { return 1 }
    return nil
  }

  /// The order, or `nil` (and `tooDeep` set) past `comparisonDepthLimit`: for comparators,
  /// which cannot throw.
  static func order(_ a: JSON, _ b: JSON, tooDeep: inout Bool) -> Int? {
    if let nan = nanOrder(a, b) { return nan }
    let order = JSON.compare(a, b, depthLimit: comparisonDepthLimit)
    if order == nil { tooDeep = true }
    return order
  }

  /// `==`; "Equality check too deep" past `comparisonDepthLimit`.
  static func equal(_ a: JSON, _ b: JSON) throws(QueryError) -> Bool {
    guard let order = JSON.compare(a, b, depthLimit: comparisonDepthLimit) else {
      throw .runtime("Equality check too deep")
    }
    return order == 0
  }

  /// The `start` and `end` of a slice key such as `{"start": 1, "end": null}`, as jq's
  /// `parse_slice` takes them: both members must be there (null is no bound, missing is
  /// an error).
  static func sliceMembers(_ key: JSON) throws(QueryError) -> (start: JSON, end: JSON) {
    guard let start = key.member("start"), let end = key.member("end") else {
      throw .runtime("Array/string slice indices must be integers")
    }
    return (start, end)
  }

  /// `sliceBounds(count:from:to:)` of a slice key (see `sliceMembers`).
  static func sliceBounds(count: Int, of key: JSON) throws(QueryError) -> Range<Int> {
    let (start, end) = try sliceMembers(key)
    return try sliceBounds(count: count, from: start, to: end)
  }

  static func sliceBounds(count: Int, from: JSON, to: JSON) throws(QueryError) -> Range<Int> {
    // A fractional start rounds down and a fractional end up, as in jq 1.8
    // (`[range(10)] | .[1.5:3.5]` is `[1,2,3]`).
    func bound(_ v: JSON, _ fallback: Int, _ rounding: FloatingPointRoundingRule) throws(QueryError)
      -> Int
    {
      if v.type == .null { return fallback }
      guard v.type == .number else {
        throw .runtime("Array/string slice indices must be integers")
      }
      var d = v.jqDouble
      // A NaN bound is no bound (jq: `[0,1,2] | .[1:nan]` is `[1,2]`).
      if d.isNaN { return fallback }
      if d < 0 { d += Double(count) }
      d = d.rounded(rounding)
      return clampedInt(min(max(d, 0), Double(count)))
    }
    let start = try bound(from, 0, .down)
    let end = try bound(to, count, .up)
    return start..<max(start, end)
  }

  static func slice(_ value: JSON, from: JSON, to: JSON) throws(QueryError) -> JSON {
    switch value.type {
    case .null: return .null
    case .array:
      return JSON(array: elements(value, try sliceBounds(count: value.count, from: from, to: to)))
    case .string:
      let scalars = Array(value.stringValue.unicodeScalars)
      var text = String.UnicodeScalarView()
      text.append(contentsOf: scalars[try sliceBounds(count: scalars.count, from: from, to: to)])
      return JSON(String(text))
    default:
      // jq builds the slice's key, `{"start": …, "end": …}`, before indexing with it.
      let key = object([("start", from), ("end", to)])
      throw .runtime("Cannot index \(typeName(value)) with \(describe(key))")
    }
  }

  static func length(_ value: JSON) throws(QueryError) -> JSON {
    switch value.type {
    case .null, .unknown: return JSON(0)
    case .bool: throw .runtime("boolean (\(preview(value))) has no length")
    case .number:
      // jq's `jv_number_abs` (decNumber's, or `fabs`): unlike `abs`, -0 loses its sign.
      let m = magnitude(value)
      guard m.jqDouble == 0, m.jqDouble.sign == .minus else { return m }
      return m.isBinaryDouble ? JSON(0) : (flippingSign(m) ?? JSON(0))
    case .string: return JSON(value.stringValue.unicodeScalars.count)
    case .array, .dictionary: return JSON(value.count)
    }
  }

  /// `abs` of a number, as jq 1.8's `if . < 0 then -. else . end`: an exact literal stays
  /// exact (`-1E+1000` → `1E+1000`, `-12345678901234567890` keeps its digits), `-0` stays.
  static func magnitude(_ value: JSON) -> JSON {
    guard value.jqDouble < 0 else { return value }
    if !value.isBinaryDouble, let exact = flippingSign(value) { return exact }
    return number(-value.jqDouble)
  }

  /// The number with the sign of its written text flipped (`1.50` → `-1.50`, `-1E+1000` →
  /// `1E+1000`): a negation that keeps a literal exact.
  static func flippingSign(_ number: JSON) -> JSON? {
    let text = JSONWriter(options: []).string(number)
    let unsigned = text.hasPrefix("-") ? String(text.dropFirst()) : nil
    // decNumber's minus is `0 - x`: a zero comes out positive, with its digits (`-0` is
    // `0`, and `-0.0` and `-(-0.0)` are both `0.0`), as jq 1.8 negates literals.
    // (Zero by its digits: `1e-400` is no zero for decNumber, though it is as a double;
    // `1e-1147483647` is, rounded to decNumber's smallest exponent: read in jq's form.)
    var canonical = JSONWriter(options: [])
    canonical.canonicalNumbers = true
    let mantissa = canonical.string(number).prefix { $0 != "e" && $0 != "E" }
    let isZero = !mantissa.contains { ("1"..."9").contains($0) }
    let flipped = unsigned ?? (isZero ? text : "-" + text)
    return try? JSONParser.parse(Data(flipped.utf8))
  }

  static func keys(_ value: JSON, sorted: Bool) throws(QueryError) -> JSON {
    switch value.type {
    case .dictionary:
      let names = members(value).map(\.0)
      return JSON(
        array: (sorted ? names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) } : names).map {
          JSON($0)
        })
    case .array: return JSON(array: (0..<value.count).map { JSON($0) })
    default: throw .runtime("\(describe(value)) has no keys")
    }
  }

  static func text(_ value: JSON) -> String {
    switch value.type {
    case .string: return value.stringValue
    // No writer and no buffer for the texts that are always the same.
    case .null: return "null"
    case .bool: return value.boolValue ? "true" : "false"
    default: return json(value)
    }
  }

  /// jq's `MAX_PRINT_DEPTH`: deeper values are printed as `<skipped: too deep>`.
  static let printDepthLimit = 10_000

  /// `tojson`'s text: compact, and past `printDepthLimit` levels `<skipped: too deep>`, as
  /// jq's `jv_dump_string`.
  static func json(_ value: JSON) -> String {
    var writer = JSONWriter()
    writer.depthLimit = printDepthLimit
    writer.canonicalNumbers = true
    return writer.string(value)
  }
}

extension JSON {
  /// The number jq computes with: IEEE, NaN and infinities kept (JSONKit's `doubleValue`
  /// clamps them as SwiftyJSON does).
  ///
  /// Booleans and numeric strings convert as `doubleValue`
  /// does, for the few builtins that accept them.
  var jqDouble: Double { ieeeDouble ?? doubleValue }
}
