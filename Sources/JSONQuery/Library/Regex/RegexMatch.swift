import COniguruma
import JSONKitCore

/// jq's `_match_impl(re; flags; testmode)`, on which `test`, `match`, `capture`, `scan`,
/// `split/2`, `sub` and `gsub` are defined (see `RegexPrelude`), on Oniguruma with Perl
/// syntax, as jq 1.8's `f_match`: the same engine, options, error messages, handling of
/// empty matches, and offsets and lengths counted in code points.
///
/// ```swift
/// try RegexMatch.run("abc", pattern: "b", flags: .null, testMode: false)
/// // [{"offset":1,"length":1,"string":"b","captures":[]}]
/// ```
enum RegexMatch {
  /// jq's flags: `g` all matches, `i` case-insensitive, `x` extended (comments and
  /// spaces), `m` Oniguruma's multiline (`.` matches a newline), `s` single line, `p` both,
  /// `l` longest match, `n` no empty matches.
  struct Flags {
    var global = false
    var options = coniguruma_option_capture_group()

    init(_ value: JSON) throws(QueryError) {
      guard value.type != .null else { return }
      guard let text = value.string else {
        throw QueryError.runtime("\(ValueOps.describe(value)) is not a string")
      }
      for flag in text {
        switch flag {
        case "g": global = true
        case "i": options |= coniguruma_option_ignorecase()
        case "x": options |= coniguruma_option_extend()
        case "m": options |= coniguruma_option_multiline()
        case "s": options |= coniguruma_option_singleline()
        case "p": options |= coniguruma_option_multiline() | coniguruma_option_singleline()
        case "l": options |= coniguruma_option_find_longest()
        case "n": options |= coniguruma_option_find_not_empty()
        default: throw QueryError.runtime("\(text) is not a valid modifier string")
        }
      }
    }
  }

  static func run(
    _ input: JSON, pattern: JSON, flags: JSON, testMode: Bool, retryLimit: Int? = nil
  ) throws(QueryError) -> JSON {
    let (text, regex, flags) = try prepare(input, pattern: pattern, flags: flags)
    let bytes = Array(text.utf8)
    let offsets = CodePointOffsets(bytes)
    var matches: [JSON] = []
    var found = false
    try search(regex, in: bytes, global: flags.global, retryLimit: retryLimit) { region in
      found = true
      if testMode { return false }
      matches.append(match(region, names: regex.names, bytes: bytes, offsets: offsets))
      return true
    }
    return testMode ? JSON(found) : JSON(array: matches)
  }

  /// The input's text, the compiled pattern and the flags of a call, or jq's error, checked
  /// in jq's order: the input, the pattern, the flags, then the pattern's syntax.
  static func prepare(_ input: JSON, pattern: JSON, flags: JSON) throws(QueryError) -> (
    text: String, regex: CompiledRegex, flags: Flags
  ) {
    guard let text = input.string else {
      throw QueryError.runtime(
        "\(ValueOps.describe(input)) cannot be matched, as it is not a string")
    }
    guard let source = pattern.string else {
      throw QueryError.runtime("\(ValueOps.describe(pattern)) is not a string")
    }
    let flags = try Flags(flags)
    do {
      return (text, try RegexCache.shared.regex(source, options: flags.options), flags)
    } catch {
      throw QueryError.runtime("Regex failure: \(error.message)")
    }
  }

  /// The byte ranges of every match of `regex` in `bytes` (one, without `global`): for
  /// each match, the start and end of the whole match, then of each of `groups` (-1, -1
  /// for a group that took no part), flat.
  static func ranges(
    _ regex: CompiledRegex, in bytes: [UInt8], global: Bool, groups: [Int],
    retryLimit: Int? = nil
  ) throws(QueryError) -> [Int] {
    var ranges: [Int] = []
    try search(regex, in: bytes, global: global, retryLimit: retryLimit) { region in
      ranges.append(Int(region.beg[0]))
      ranges.append(Int(region.end[0]))
      for group in groups {
        ranges.append(Int(region.beg[group]))
        ranges.append(Int(region.end[group]))
      }
      return true
    }
    return ranges
  }

  /// jq's search loop, with each match given to `body`.
  ///
  /// Each match is searched from where the last ended (one byte further after an empty
  /// match), all of them with `global`; `body` gets each match's region and says whether
  /// to go on. The pattern is held (one thread at a time) only during the search:
  /// `body` must not run jq code, which could use the same pattern. `retryLimit`
  /// (`QueryLimits.regexRetries`) bounds the backtracking of each match and each search,
  /// in a match parameter of this search alone (Oniguruma's process-wide limits stay).
  private static func search(
    _ regex: CompiledRegex, in bytes: [UInt8], global: Bool, retryLimit: Int?,
    _ body: (OnigRegion) -> Bool
  ) throws(QueryError) {
    // Safe: `base..<base + p.count` are the array's bytes (none read when empty), and
    // `0 <= start <= bytes.count` (the loop's condition); `region` is freed once, after the last
    // use.
    do {
      try regex.search { compiled throws(RegexError) in
        guard let region = onig_region_new() else {
          throw RegexError(message: "out of memory")
        }
        defer { onig_region_free(region, 1) }
        var parameter: OpaquePointer?
        if let retryLimit {
          parameter = onig_new_match_param()
          guard let parameter else { throw RegexError(message: "out of memory") }
          onig_initialize_match_param(parameter)
          let limit = UInt(max(retryLimit, 1))
          onig_set_retry_limit_in_match_of_match_param(parameter, limit)
          onig_set_retry_limit_in_search_of_match_param(parameter, limit)
        }
        defer { if let parameter { onig_free_match_param(parameter) } }
        var start = 0
        repeat {
          let status = bytes.withUnsafeBufferPointer { p -> Int32 in
            let base = p.baseAddress ?? UnsafePointer(bitPattern: 1)!
            guard let parameter else {
              return onig_search(
                compiled, base, base + p.count, base + start, base + p.count, region,
                OnigOptionType(0))
            }
            return onig_search_with_param(
              compiled, base, base + p.count, base + start, base + p.count, region,
              OnigOptionType(0), parameter)
          }
          if status == ONIG_MISMATCH { break }
          if let retryLimit,
            status == ONIGERR_RETRY_LIMIT_IN_MATCH_OVER
              || status == ONIGERR_RETRY_LIMIT_IN_SEARCH_OVER
          {
            throw RegexError(message: "regex retry limit of \(retryLimit) exceeded", isLimit: true)
          }
          guard status >= 0 else { throw RegexError(message: CompiledRegex.message(status, nil)) }
          let begin = Int(region.pointee.beg[0])
          let end = Int(region.pointee.end[0])
          guard body(region.pointee) else { break }
          // jq: after an empty match, one byte further, so `"qux" | match("(?=u)"; "g")` is one.
          start = end == begin ? end + 1 : end
          onig_region_free(region, 0)
        } while global && start <= bytes.count
      }
    } catch {
      if error.isLimit { throw QueryError.resourceLimit(error.message, .regexRetries) }
      throw QueryError.runtime("Regex failure: \(error.message)")
    }
  }

  /// One match as jq's object: offset, length, string and captures (an unmatched group has
  /// offset -1, length 0 and string null; an empty group the offset where it matched).
  private static func match(
    _ region: OnigRegion, names: [Int: String], bytes: [UInt8], offsets: CodePointOffsets
  ) -> JSON {
    func part(_ group: Int) -> (offset: Int, length: Int, string: JSON) {
      let begin = Int(region.beg[group])
      let end = Int(region.end[group])
      guard begin >= 0 else { return (-1, 0, .null) }
      let offset = offsets.codePoint(atByte: begin)
      return (
        offset, offsets.codePoint(atByte: end) - offset,
        JSON(String(decoding: bytes[begin..<end], as: UTF8.self))
      )
    }
    let whole = part(0)
    var captures: [JSON] = []
    if region.num_regs > 1 {
      for group in 1..<Int(region.num_regs) {
        let capture = part(group)
        let name = names[group].map { JSON($0) } ?? .null
        // jq builds a group that did not take part in another order.
        captures.append(
          capture.offset == -1
            ? [
              "offset": JSON(capture.offset), "string": capture.string,
              "length": JSON(capture.length), "name": name,
            ]
            : [
              "offset": JSON(capture.offset), "length": JSON(capture.length),
              "string": capture.string, "name": name,
            ])
      }
    }
    return [
      "offset": JSON(whole.offset), "length": JSON(whole.length), "string": whole.string,
      "captures": JSON(array: captures),
    ]
  }
}

/// Converts byte offsets (Oniguruma's) to code point offsets (jq's) in one UTF-8 string.
struct CodePointOffsets {
  /// For each byte offset, the number of code points that start before it.
  private let table: [Int]

  init(_ bytes: [UInt8]) {
    var table: [Int] = []
    table.reserveCapacity(bytes.count + 1)
    var count = 0
    for byte in bytes {
      table.append(count)
      if byte & 0xC0 != 0x80 { count += 1 }
    }
    table.append(count)
    self.table = table
  }

  /// The code point offset of byte `offset` (a byte inside a sequence counts as the code
  /// point it belongs to having started).
  func codePoint(atByte offset: Int) -> Int { table[min(max(offset, 0), table.count - 1)] }
}
