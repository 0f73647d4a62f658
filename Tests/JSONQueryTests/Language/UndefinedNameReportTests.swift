import JSONKit
import Testing

@testable import JSONQuery

/// The class "every undefined function reported": jq's compile errors for a program's
/// undefined names, as jq 1.8.2 reports them, and with a function too long for jq.
///
/// jq compiles a program function by function (compile.c's `compile`): a function's own
/// undefined names (its code, and the arguments of the builtins jq writes in C, compiled
/// inline), in the order of its code, then its size; only when it has none, each of its
/// subfunctions the same way (its definitions that are kept, the arguments of the other
/// calls, assignments' sides), in order. Then "N compile errors". (With a function too
/// long for jq: `ProgramSizeLimitTests`.)
@Suite("Every undefined name is reported as jq reports it, before a function's size")
struct UndefinedNameReportTests {
  @Test("a program's undefined names come in jq's order, in every context")
  func undefinedNamesInJqOrder() {
    // jq 1.8.2's errors (message, column; all on line 1).
    let cases: [(String, [(String, Int)])] = [
      ("def f: g; h | k", [("h/0 is not defined", 11), ("k/0 is not defined", 15)]),
      ("def f: g; f | h", [("h/0 is not defined", 15)]),
      ("def f: def q: zz; q | g; f | h", [("h/0 is not defined", 30)]),
      ("def f: def q: zz; q | g; f", [("g/0 is not defined", 23)]),
      ("def f: def g: def h: zz; h; g; f", [("zz/0 is not defined", 22)]),
      ("def f: g; def k: m; k, f", [("g/0 is not defined", 8), ("m/0 is not defined", 18)]),
      ("def f: zz; def k: f | yy; k", [("zz/0 is not defined", 8), ("yy/0 is not defined", 23)]),
      ("def b: zz; def a: b; 1", []),
      ("def b: zz; def a: b; a", [("zz/0 is not defined", 8)]),
      ("def f(x): x; f(zz) | yy", [("yy/0 is not defined", 22)]),
      ("def f(x): x; f(zz) + f(yy)", [("yy/0 is not defined", 24), ("zz/0 is not defined", 16)]),
      ("def f($a): $a; f(zz) | yy", [("yy/0 is not defined", 24)]),
      (
        "def f(g): def h: g | zz; h; f(yy)",
        [
          ("zz/0 is not defined", 22),
          ("yy/0 is not defined", 31),
        ]
      ),
      ("map(zz) | yy", [("yy/0 is not defined", 11)]),
      ("map(zz)", [("zz/0 is not defined", 5)]),
      ("limit(zz; yy) | xx", [("xx/0 is not defined", 17)]),
      ("has(zz) | yy", [("zz/0 is not defined", 5), ("yy/0 is not defined", 11)]),
      ("pow(zz; yy)", [("zz/0 is not defined", 5), ("yy/0 is not defined", 9)]),
      ("getpath(zz) | yy", [("zz/0 is not defined", 9), ("yy/0 is not defined", 15)]),
      (".a |= zz | yy", [("yy/0 is not defined", 12)]),
      (".a = zz | yy", [("yy/0 is not defined", 11)]),
      (".a += zz | yy", [("zz/0 is not defined", 7), ("yy/0 is not defined", 12)]),
      (".a //= zz | yy", [("zz/0 is not defined", 8), ("yy/0 is not defined", 13)]),
      (
        "reduce zz as $a (ww; vv) | foreach qq as $b (0; .; uu)",
        [
          ("ww/0 is not defined", 18),
          ("zz/0 is not defined", 8),
          ("vv/0 is not defined", 22),
          ("qq/0 is not defined", 36),
          ("uu/0 is not defined", 52),
        ]
      ),
      (
        "foreach qq as $b (ww; vv; uu)",
        [
          ("ww/0 is not defined", 19),
          ("qq/0 is not defined", 9),
          ("vv/0 is not defined", 23),
          ("uu/0 is not defined", 27),
        ]
      ),
      (
        "def f: reduce zz as $x (0; yy); f",
        [
          ("zz/0 is not defined", 15),
          ("yy/0 is not defined", 28),
        ]
      ),
      ("try zz catch yy", [("zz/0 is not defined", 5), ("yy/0 is not defined", 14)]),
      (
        "zz as [$a] | $b | yy",
        [
          ("zz/0 is not defined", 1),
          ("$b is not defined", 14),
          ("yy/0 is not defined", 19),
        ]
      ),
      ("zz[yy]", [("yy/0 is not defined", 4), ("zz/0 is not defined", 1)]),
      (
        "[.[] | zz] | {a: yy, (xx): 1}",
        [
          ("zz/0 is not defined", 8),
          ("yy/0 is not defined", 18),
          ("xx/0 is not defined", 23),
        ]
      ),
      (
        "if zz then yy elif xx then ww else vv end",
        [
          ("zz/0 is not defined", 4),
          ("yy/0 is not defined", 12),
          ("xx/0 is not defined", 20),
          ("ww/0 is not defined", 28),
          ("vv/0 is not defined", 36),
        ]
      ),
      (
        "\"\\(zz) \\(yy)\" | @base64 \"\\(xx)\"",
        [
          ("zz/0 is not defined", 4),
          ("yy/0 is not defined", 10),
          ("xx/0 is not defined", 28),
        ]
      ),
      ("label $out | zz | yy?", [("zz/0 is not defined", 14), ("yy/0 is not defined", 19)]),
      ("def f: zz; [f] + [f, yy]", [("yy/0 is not defined", 22)]),
    ]
    Self.expectReports(cases)
  }

  @Test("a break to no label is reported with the other undefined names, in jq's order")
  func breakWithoutLabelAmongUndefinedNames() {
    // jq 1.8.2's errors (message, column; all on line 1).
    let cases: [(String, [(String, Int)])] = [
      (
        "foo | break $x | bar",
        [
          ("foo/0 is not defined", 1), ("$*label-x is not defined", 7),
          ("bar/0 is not defined", 18),
        ]
      ),
      ("break $x | foo", [("$*label-x is not defined", 1), ("foo/0 is not defined", 12)]),
      ("[break $x, $y]", [("$*label-x is not defined", 2), ("$y is not defined", 12)]),
      ("def f: break $x; f, zz", [("zz/0 is not defined", 21)]),
      ("1 as $x | break $x", [("$*label-x is not defined", 11)]),
    ]
    Self.expectReports(cases)
  }

  /// Expects each program's compile errors to be the messages and columns given.
  private static func expectReports(_ cases: [(String, [(String, Int)])]) {
    for (program, expected) in cases {
      let reported = ReportedCompileError.compiling(program)
      #expect(reported.map(\.message) == expected.map(\.0), "\(program)")
      #expect(reported.map(\.column) == expected.map(\.1), "\(program)")
    }
  }
}
