import Foundation
import JSONKit
import Testing

@testable import JSONQuery

/// `sub` and `gsub` are Swift (`RegexSubstitution`); jq 1.8 defines them in jq, on `match`
/// and `reduce`.
///
/// Each must give what that definition gives: its outputs in its order, its
/// errors. The definition this package ran before, in jq (jq 1.8's, renamed), runs here on
/// the same values; a table of cases holds what the jq 1.8.2 binary printed.
@Suite("sub and gsub as jq defines them")
struct RegexSubstitutionTests: QueryRunning {
  /// The jq-defined `sub` and `gsub` (jq 1.8's definition, as the prelude had it), renamed
  /// so that they do not replace the builtins.
  private static let jqDefinitions = #"""
    def jq_sub($re; str; $flags): . as $in
      | reduce match($re; $flags) as $m ({result: [], previous: 0};
          $in[.previous:$m.offset] as $gap
          | [reduce ($m.captures[] | select(.name != null) | {(.name): .string}) as $c
               ({}; . + $c) | str] as $texts
          | reduce range(0; $texts | length) as $k (.; .result[$k] += $gap + $texts[$k])
          | .previous = $m.offset + $m.length)
      | if .result == [] then $in else .result[] + $in[.previous:] end;
    def jq_sub($re; str): jq_sub($re; str; "");
    def jq_gsub($re; str; $flags): jq_sub($re; str; $flags + "g");
    def jq_gsub($re; str): jq_sub($re; str; "g");
    """#

  /// Outputs (or the error's message) of `program` on `input`, written as text.
  private func outcome(_ program: String, _ input: String) -> String {
    do {
      let values = try run(Self.jqDefinitions + program, JSON(parseJSON: input))
      return values.map { JSONWriter().string($0) }.joined(separator: " ")
    } catch let error as QueryError {
      return "error: \(error.message)"
    } catch {
      return "error: \(error)"
    }
  }

  /// Inputs: ASCII, several-byte code points (where an empty match steps into a UTF-8
  /// sequence), empty, and values that are not strings.
  private static let inputs = [
    #""""#, #""a""#, #""abcabc""#, #""aAbBa b""#, #""aé€b😀c""#, #""éé""#, #""a.b\nc""#,
    #""xyzzy""#, "1", "null",
  ]

  /// Patterns: plain, empty matches, anchors, look-ahead, named and unnamed groups, a
  /// name used twice, a group that may take no part, a syntax error, a non-string.
  private static let patterns = [
    #""a""#, #""[aeiou]""#, #""""#, #""a*""#, #""^""#, #""$""#, #""(?=b)""#, #""(?<x>.)""#,
    #""(?<l>[a-z])(?<d>\\d)?""#, #""(?<x>a)|(?<x>b)""#, #""(b)(?<n>c)""#, #"".""#,
    #""\\p{L}""#, #""(""#, "1",
  ]

  /// Replacements: one string, captures interpolated, several outputs, none, null, a
  /// number, an object, an error, outputs that depend on the match.
  private static let replacements = [
    #""*""#, #""<\(.x)>""#, #""\(.)""#, #""x", "y""#, "empty", "null", "1", "{}",
    #"error("e")"#, #"if .x == "a" then "1", "2" elif .x then empty else "3" end"#,
    #"tojson"#, #".l // "-""#, #""A", empty"#,
  ]

  /// Flags: none, global, case-insensitive, extended, no empty matches, longest, several,
  /// invalid, not a string.
  private static let flags = [
    "null", #""""#, #""g""#, #""i""#, #""gi""#, #""x""#, #""gn""#, #""gl""#, #""q""#, "1",
  ]

  @Test("sub and gsub give what jq's definition gives")
  func subAndGsubGiveWhatJqsDefinitionGives() {
    var compared = 0
    for pattern in Self.patterns {
      for replacement in Self.replacements {
        let programs = [
          ("[sub(\(pattern); \(replacement))]", "[jq_sub(\(pattern); \(replacement))]"),
          ("[gsub(\(pattern); \(replacement))]", "[jq_gsub(\(pattern); \(replacement))]"),
        ]
        for (ours, theirs) in programs {
          for input in Self.inputs {
            #expect(outcome(ours, input) == outcome(theirs, input), "\(ours) on \(input)")
            compared += 1
          }
        }
      }
    }
    #expect(compared == Self.patterns.count * Self.replacements.count * 2 * Self.inputs.count)
  }

  @Test("Flags give what jq's definition gives")
  func flagsGiveWhatJqsDefinitionGives() {
    for flags in Self.flags {
      for pattern in [#""a""#, #""""#, #""a*""#, #""A b""#, #""(?<x>b)""#] {
        for replacement in [#""-""#, #""\(.x)", "+""#] {
          let programs = [
            (
              "[sub(\(pattern); \(replacement); \(flags))]",
              "[jq_sub(\(pattern); \(replacement); \(flags))]"
            ),
            (
              "[gsub(\(pattern); \(replacement); \(flags))]",
              "[jq_gsub(\(pattern); \(replacement); \(flags))]"
            ),
          ]
          for (ours, theirs) in programs {
            for input in [#""aAb bab""#, #""A bé""#, #""""#] {
              #expect(outcome(ours, input) == outcome(theirs, input), "\(ours) on \(input)")
            }
          }
        }
      }
    }
  }

  @Test("Generator arguments bind the pattern first then the flags")
  func generatorArgumentsBindThePatternFirstThenTheFlags() {
    for program in [
      #"[sub("b", "c"; "x"; "i", "")]"#, #"[gsub("b", "c"; "x", "y"; "i", "", null)]"#,
      #"[sub("b", "("; "x")]"#, #"[gsub("b"; "x"; "i", 1)]"#,
      #"[sub(("b", "c") as $r | $r; "x")]"#,
    ] {
      let theirs = program.replacingOccurrences(of: "[sub(", with: "[jq_sub(")
        .replacingOccurrences(of: "[gsub(", with: "[jq_gsub(")
      #expect(outcome(program, #""aBc""#) == outcome(theirs, #""aBc""#), "\(program)")
    }
  }

  /// What `/work/jq18/jq -nc` (jq 1.8.2) printed for each program.
  @Test(
    "jq 1.8.2's outputs and errors",
    arguments: [
      (#""abc" | [sub("b"; 1)]"#, #"error: string ("a") and number (1) cannot be added"#),
      (#""abc" | [sub("b"; error("x"))]"#, "error: x"),
      (#""abc" | [sub("(?<x>b)"; .x, "Z")]"#, #"["abc","aZc"]"#),
      (#""abcb" | [gsub("(?<x>b)"; .x + "1", "Z")]"#, #"["ab1cb1","aZcZ"]"#),
      (
        #""abcbd" | [gsub("b"; if . == null then 1 else 2 end)]"#,
        #"error: string ("a") and number (2) cannot be added"#
      ),
      (#""abc" | [sub("z"; empty)]"#, #"["abc"]"#),
      (#""abc" | [sub("b"; empty)]"#, #"["abc"]"#),
      (#""abc" | [gsub(""; "-")]"#, #"["-a-b-c-"]"#),
      (#""aé€b" | [gsub(""; "-")]"#, #"["-a-é--€---b-"]"#),
      (#""éé" | [gsub(""; "x")]"#, #"["xéxxéxx"]"#),
      (#""abc" | [sub("b"; null)]"#, #"["ac"]"#),
      (#""abc" | [sub("(?<x>b)|(?<x>c)"; tojson; "g")]"#, #"["a{\"x\":null}{\"x\":\"c\"}"]"#),
      (#""abc" | [sub("(?<x>b)(?<x>c)"; tojson; "g")]"#, #"["a{\"x\":\"c\"}"]"#),
      (#""abc" | [sub("(b)"; tojson)]"#, #"["a{}c"]"#),
      (#""abc" | [sub("(?<a>z)?b"; tojson)]"#, #"["a{\"a\":null}c"]"#),
      (#""abc" | [sub("b"; "x"; "q")]"#, "error: q is not a valid modifier string"),
      (#""abc" | [sub("("; "x")]"#, "error: Regex failure: end pattern with unmatched parenthesis"),
      (#""abc" | [sub(1; "x")]"#, "error: number (1) is not a string"),
      (#""abc" | [gsub("b"; "x"; 1)]"#, #"error: number (1) and string ("g") cannot be added"#),
      (#""abc" | [sub("b"; "x"; 1)]"#, "error: number (1) is not a string"),
      ("1 | [gsub(\"b\"; \"x\")]", "error: number (1) cannot be matched, as it is not a string"),
      (#""abc" | [gsub("b", "c"; "x", "y")]"#, #"["axc","ayc","abx","aby"]"#),
      (#""aBc" | [sub("b", "c"; "x"; "i", "")]"#, #"["axc","aBc","aBx","aBx"]"#),
      (
        #""abab" | [gsub("(?<n>b)"; if .n == "b" then "1", "2" else "3" end)]"#, #"["a1a1","a2a2"]"#
      ),
      (#""aaa" | [gsub("a*"; "x")]"#, #"["xx"]"#),
      (#""aaa" | [gsub("a*"; "x"; "n")]"#, #"["x"]"#),
      (#""aaa" | [gsub("$"; "x")]"#, #"["aaax"]"#),
      (#""AbA" | [gsub("a"; "x"; "i")]"#, #"["xbx"]"#),
      (#""aéb" | [gsub("(?=b)"; "x")]"#, #"["aéxb"]"#),
      (#""" | [gsub(""; "x")]"#, #"["x"]"#),
      (#""abc" | [sub("b"; "x"; "gx")]"#, #"["axc"]"#),
      (#""test" | [gsub("t"; "\(.)")]"#, #"["{}es{}"]"#),
      (#""xyz" | [sub("(?<a>x)(?<b>y)?"; "\(.b)\(.a)", "[\(.a)]"; "g")]"#, #"["yxz","[x]z"]"#),
      (#""aaa" | [gsub("(?<x>a)"; if .x then empty else "z" end)]"#, #"["aaa"]"#),
      (#""abc" | try sub("b"; error("q")) catch ."#, #""q""#),
      (#""abcb" | [gsub("b"; "x", error("e"))]"#, "error: e"),
      (
        #""abc" | path(sub("b"; "x"))"#,
        #"error: Invalid path expression near attempt to iterate through [{"offset":1,"length":1,"...]"#
      ),
      (
        #""abc" | path(sub("z"; "x"))"#,
        "error: Invalid path expression near attempt to iterate through []"
      ),
      (
        #"{"a":"x"} | path(.a | sub("x"; "y"))"#,
        #"error: Invalid path expression near attempt to iterate through [{"offset":0,"length":1,"...]"#
      ),
    ])
  func jq182(_ program: String, _ expected: String) {
    #expect(outcome(program, "null") == expected, "\(program)")
  }

  /// Each match's replacement runs after the whole search, so a replacement may use the
  /// same pattern again (the pattern is not held while jq code runs).
  @Test("A replacement may use the same pattern")
  func aReplacementMayUseTheSamePattern() {
    #expect(outcome(#"gsub("a"; "a" | gsub("a"; "b"))"#, #""xax""#) == #""xbx""#)
    #expect(outcome(#"[gsub("(?<c>a)"; .c | sub("a"; "1", "2"))]"#, #""aa""#) == #"["11","22"]"#)
  }

  /// A long input with many matches costs one pass (jq's definition sliced the input from
  /// its start per match).
  @Test("Many matches in a long string")
  func manyMatchesInALongString() throws {
    let text = String(repeating: "ab", count: 50_000)
    let result = try run(
      #"gsub("b"; "c") | [length, .[0:4], (explode | unique | implode)]"#, JSON(text))
    #expect(result == [[100_000, "acac", "ac"]])
  }
}
