import JSONKit
import Testing

@testable import JSONQuery

@Suite("Regular expressions: jq's match objects, flags and the functions built on them")
struct RegexTests: QueryRunning {
  @Test("match gives jq's objects; g finds every match (the manual's example)")
  func matchObjects() throws {
    let expected: JSON = [
      [
        "offset": 0, "length": 3, "string": "abc",
        "captures": [["offset": 0, "length": 3, "string": "abc", "name": nil]],
      ],
      [
        "offset": 4, "length": 3, "string": "abc",
        "captures": [["offset": 4, "length": 3, "string": "abc", "name": nil]],
      ],
    ]
    #expect(try run(#"[match("(abc)+"; "g")]"#, "abc abc") == [expected])
  }

  @Test("Offsets and lengths count code points, not UTF-16 units or bytes")
  func codePointOffsets() throws {
    #expect(try run(#"match("b+") | [.offset, .length]"#, "😀éb") == [[2, 1]])
    #expect(try run(#"[match("."; "g") | .offset]"#, "a😀b") == [[0, 1, 2]])
  }

  @Test("An optional group that did not take part is offset -1, string null; names are kept")
  func unmatchedAndNamedGroups() throws {
    #expect(
      try run(#"match("(?<x>a)?b") | .captures"#, "b") == [
        [["offset": -1, "length": 0, "string": nil, "name": "x"]]
      ])
    #expect(try run(#"capture("(?<y>\\d+)-(?<m>\\d+)")"#, "2024-11") == [["y": "2024", "m": "11"]])
  }

  @Test("Flags: i, x, g, n; an unknown flag is an error")
  func flags() throws {
    #expect(try run(#"test("ABC"; "i")"#, "xabcx") == [true])
    #expect(try run(#"test("a b c"; "x")"#, "abc") == [true])
    #expect(try run(#"[match("a*"; "gn") | .string]"#, "baab") == [["aa"]])
    #expect(throws: QueryError.self) { try run(#"test("a"; "q")"#, "a") }
    #expect(try run(#"try test("a"; "q") catch ."#, "a") == ["q is not a valid modifier string"])
    #expect(
      try run(#"try test("a") catch ."#, 1) == [
        "number (1) cannot be matched, as it is not a string"
      ])
  }

  @Test("scan, split/2, splits, sub and gsub")
  func derivedFunctions() throws {
    #expect(try run(#"[scan("c")]"#, "abcdabcd") == [["c", "c"]])
    #expect(try run(#"[scan("(a)(b)")]"#, "abab") == [[["a", "b"], ["a", "b"]]])
    #expect(try run(#"split(", *"; null)"#, "ab,cd, ef") == [["ab", "cd", "ef"]])
    #expect(try run(#"[splits("a+"; "g")]"#, "xaay") == [["x", "y"]])
    #expect(
      try run(#"sub("^(?<head>.)"; "Head=\(.head) Tail=")"#, "abcdef") == ["Head=a Tail=bcdef"])
    #expect(try run(#"gsub("(?<d>\\d)"; "<\(.d)>")"#, "a1b22") == ["a<1>b<2><2>"])
    // A replacement with several outputs gives several results.
    #expect(try run(#"[sub("a"; "x", "y")]"#, "ab") == [["xb", "yb"]])
    #expect(try run(#"gsub(""; "-")"#, "ab") == ["-a-b-"])
  }

  @Test("Captures are numbered and named as Oniguruma does, plain groups included")
  func groupNames() throws {
    #expect(
      try run(#"[match("(a)(?<one>b)(?:c)(?<two>d)").captures[].name]"#, "abcd")
        == [[nil, "one", "two"]])
    #expect(
      try run(#"[match("\\((?<x>[()])(?<=\\()(?!z)(?<w>)").captures[].name]"#, "((")
        == [["x", "w"]])
  }

  @Test("Oniguruma's own syntax: \\K, \\g<name> subroutines, and its error messages")
  func onigurumaSyntax() throws {
    #expect(try run(#"sub("foo\\Kbar"; "X")"#, "foobar") == ["fooX"])
    #expect(try run(#"test("^(?<p>a|b\\g<p>)$")"#, "bba") == [true])
    #expect(
      try run(#"try test("(") catch ."#, "x") == [
        "Regex failure: end pattern with unmatched parenthesis"
      ])
    #expect(try run(#"try test([1]) catch ."#, "x") == ["number (1) is not a string"])
    #expect(try run(#"try test(1) catch ."#, "x") == ["number not a string or array"])
    #expect(try run(#"[match("a.b"; "m", "p", "") | .string]"#, "a\nb") == [["a\nb", "a\nb"]])
  }

  @Test(
    "A closure parameter passed on to a function with a parameter of the same name keeps its meaning"
  )
  func closureParametersPassedOn() throws {
    #expect(try run("def g(f): f; def h(f): g(f); 1 | h(. + 1)") == [2])
    #expect(try run("with_entries(.value += 1)", ["a": 1]) == [["a": 2]])
  }
}
