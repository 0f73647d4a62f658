import Foundation
import JSONKit

/// jq's `_match_impl(re; flags; testmode)`, on which `test`, `match`, `capture`, `scan`,
/// `split/2`, `sub` and `gsub` are defined (see `RegexPrelude`).
///
/// jq uses Oniguruma with Perl syntax; this uses ICU through `NSRegularExpression`, whose
/// syntax is the same for what jq programs use (classes, quantifiers, lazy and possessive
/// forms, look-around, named groups `(?<name>…)`, `\d \w \s \b`, Unicode properties).
/// Offsets and lengths in the results count code points, as jq's do (ICU counts UTF-16
/// units; they are converted).
///
/// ```swift
/// try RegexMatch.run("abc", pattern: "b", flags: .null, testMode: false)
/// // [{"offset":1,"length":1,"string":"b","captures":[]}]
/// ```
enum RegexMatch {
  /// jq's flags: `g` all matches, `i` case-insensitive, `x` extended (comments and
  /// spaces), `n` ignore empty matches, `s` single line (`^`/`$` at the ends only: ICU's
  /// default), `p` `s` and `.` matching newlines, `l` longest (ICU has no such mode: the
  /// first match wins, which agrees except for alternations of different lengths).
  struct Flags {
    var global = false
    var ignoreEmpty = false
    var options: NSRegularExpression.Options = []

    init(_ value: JSON) throws(QueryError) {
      guard value.type != .null else { return }
      guard let text = value.string else {
        throw QueryError.runtime("\(ValueOps.describe(value)) is not a string")
      }
      for flag in text {
        switch flag {
        case "g": global = true
        case "i": options.insert(.caseInsensitive)
        case "x": options.insert(.allowCommentsAndWhitespace)
        case "n": ignoreEmpty = true
        case "s": break
        case "p": options.insert(.dotMatchesLineSeparators)
        case "l": break
        default: throw QueryError.runtime("\(text) is not a valid modifier string")
        }
      }
    }
  }

  static func run(_ input: JSON, pattern: JSON, flags: JSON, testMode: Bool) throws(QueryError)
    -> JSON
  {
    guard let text = input.string else {
      throw QueryError.runtime(
        "\(ValueOps.describe(input)) cannot be matched, as it is not a string")
    }
    guard let source = pattern.string else {
      throw QueryError.runtime(
        "\(ValueOps.describe(pattern)) cannot be matched, as it is not a string")
    }
    let flags = try Flags(flags)
    let regex: NSRegularExpression
    do {
      // ICU rejects an empty pattern; Oniguruma matches the empty string everywhere.
      regex = try RegexCache.shared.regex(source.isEmpty ? "(?:)" : source, options: flags.options)
    } catch {
      throw QueryError.runtime(
        "\(source) (at offset 0) is not a valid regex: \(error.localizedDescription)")
    }
    // Bridged once: every match and capture below takes its substring from it.
    let bridged = text as NSString
    let whole = NSRange(location: 0, length: bridged.length)
    if testMode {
      if !flags.ignoreEmpty { return JSON(regex.firstMatch(in: text, range: whole) != nil) }
      return JSON(regex.matches(in: text, range: whole).contains { $0.range.length > 0 })
    }
    var results = regex.matches(in: text, range: whole)
    if flags.ignoreEmpty { results.removeAll { $0.range.length == 0 } }
    if !flags.global { results = Array(results.prefix(1)) }
    let offsets = CodePointOffsets(text)
    let names = RegexCache.shared.groupNames(source)
    return JSON(array: results.map { match(of: $0, in: bridged, offsets: offsets, names: names) })
  }

  /// One match as jq's object: offset, length, string and captures (an unmatched group has
  /// offset -1, length 0 and string null).
  private static func match(
    of result: NSTextCheckingResult, in text: NSString, offsets: CodePointOffsets,
    names: [Int: String]
  ) -> JSON {
    func part(_ range: NSRange) -> (offset: Int, length: Int, string: JSON) {
      guard range.location != NSNotFound else { return (-1, 0, .null) }
      let start = offsets.codePoint(atUTF16: range.location)
      let end = offsets.codePoint(atUTF16: range.location + range.length)
      return (start, end - start, JSON(text.substring(with: range)))
    }
    let whole = part(result.range)
    var captures: [JSON] = []
    if result.numberOfRanges > 1 {
      for group in 1..<result.numberOfRanges {
        let capture = part(result.range(at: group))
        captures.append([
          "offset": JSON(capture.offset), "length": JSON(capture.length), "string": capture.string,
          "name": names[group].map { JSON($0) } ?? .null,
        ])
      }
    }
    return [
      "offset": JSON(whole.offset), "length": JSON(whole.length), "string": whole.string,
      "captures": JSON(array: captures),
    ]
  }
}

/// Converts UTF-16 offsets (ICU's) to code point offsets (jq's) in one string.
struct CodePointOffsets {
  /// For each UTF-16 offset, the code point offset (the second unit of a surrogate pair
  /// maps to the code point after it, never used by a match boundary).
  private let table: [Int]

  init(_ text: String) {
    var table: [Int] = []
    table.reserveCapacity(text.utf16.count + 1)
    var index = 0
    for scalar in text.unicodeScalars {
      table.append(index)
      if scalar.value > 0xFFFF { table.append(index + 1) }
      index += 1
    }
    table.append(index)
    self.table = table
  }

  func codePoint(atUTF16 offset: Int) -> Int { table[min(offset, table.count - 1)] }
}
