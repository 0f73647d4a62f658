import JSONKit
import TestProcesses
import Testing

@testable import JSONQuery

/// Regressions found by fuzzing the compiler and evaluator (Fuzz/Sources/FuzzQuery): each
/// program once crashed the fuzzer or broke one of its invariants.
@Suite("Hostile programs (found by FuzzQuery)")
struct HostileQueryTests {
  func compileError(_ program: String) -> QueryError? {
    do {
      _ = try Query(program)
      return nil
    } catch {
      return error
    }
  }

  /// An unknown `@format` is a runtime error, as in jq (`jq -n '@foo'` exits 5 and
  /// `try @foo catch .` catches it): it was raised with kind `.compile` at run time.
  @Test("Unknown format is a runtime error")
  func unknownFormatIsARuntimeError() throws {
    let query = try Query("@t1sv")
    #expect(throws: QueryError.self) { try query.values(on: "x") }
    do {
      _ = try query.values(on: "x")
    } catch {
      #expect(error.kind == .runtime)
      #expect(error.message == "t1sv is not a valid format")
    }
    #expect(try Query("try @foo catch .").values(on: .null) == ["foo is not a valid format"])
  }

  /// A string that runs over a line break and never ends is placed at its last text.
  ///
  /// The error was placed on the lexer's current line with a column computed from the
  /// string's start (negative). As jq's, it is at the string's last token.
  @Test("Unterminated string over several lines is placed at its last text")
  func unterminatedStringOverSeveralLinesIsPlacedAtItsLastText() {
    let error = compileError("\"x\\(1)\"\n.a | \"abc\ndef")
    #expect(
      error?.message
        == "syntax error, unexpected end of file, expecting QQSTRING_TEXT or QQSTRING_INTERP_START or QQSTRING_END"
    )
    #expect(error?.location == ProgramLocation(line: 2, column: 7, offset: 14, length: 7))
    let multibyte = compileError("\"é\" | \"x\ny")
    #expect(error != nil)
    #expect(multibyte?.location?.line == 1)
    #expect(multibyte?.location?.column == 9)  // bytes, as jq counts
  }
}

extension HostileQueryTests {
  /// Endless lazy recursion (`fac` without its base case) on the fuzzer's 8 MB main-thread
  /// stack under AddressSanitizer: the stack guard took the address of a Swift local, which
  /// ASan moves to its heap "fake stack", so it never fired and the stack overflowed.
  @Test("Endless lazy recursion ends with an error")
  func endlessLazyRecursionEndsWithAnError() async throws {
    let error = try await onOwnThread(stackSize: 8 << 20) { () -> QueryError? in
      do {
        _ = try Query("def fac: if . <= 1 then . * (. - 1 | fac) end; [.[] | fac]")
          .values(on: [1, 5, 10])
        return nil
      } catch {
        return error as? QueryError
      }
    }
    #expect(error?.isResourceLimit == true)
    #expect(error?.message == "evaluation nested too deeply (stack limit reached)")
  }
}

extension HostileQueryTests {
  /// `[recurse(if . < 5 then .y end)]` on a string recurses for ever on the same value: the
  /// prelude's recursive `recurse(f)` nested one generator per output, so every output walked
  /// all the levels before it and the fuzzer spent 12 s reaching its 20,000-step limit.
  ///
  /// `recurse(f)` now keeps an explicit stack: linear time, no native stack growth.
  @Test("recurse is linear in its depth")
  func recurseIsLinearInItsDepth() throws {
    #expect(try Query("[limit(100000; recurse(. + 1))] | length").values(on: 0) == [100000])
    let limited = try Query(
      "[recurse(if . < 5 then .y end)]", options: QueryOptions(stepLimit: 20_000))
    #expect(throws: QueryError.self) { try limited.values(on: "x") }
  }

  @Test("recurse keeps jq's order, paths and laziness")
  func recurseKeepsJqsOrderPathsAndLaziness() throws {
    let tree: JSON = ["a": [1, ["b": 2]], "c": 3]
    #expect(
      try Query("[recurse(.[]?)] | length").values(on: tree)
        == Query("[..] | length").values(on: tree))
    #expect(try Query("[recurse(.[]?; type != \"number\")]").values(on: tree).first?.count == 3)
    #expect(
      try Query("[path(recurse(.[]?))]").values(on: [[1]])
        == [[[], [0], [0, 0]]])
    #expect(
      try Query("[recurse(if . < 3 then . + 1, . + 10 else empty end)]").values(on: 1)
        == [[1, 2, 3, 12, 11]])
    #expect(try Query("first(recurse(error))").values(on: 7) == [7])
  }
}

/// The hardening issue's deep value, through the query engine: `..` walks a million levels
/// of nesting built in code without overflowing the stack.
@Suite("A million levels through the query engine")
struct DeepValueQueryTests {
  static func deepValue(levels: Int) -> JSON {
    var json: JSON = 1
    for level in 0..<levels {
      json = level.isMultiple(of: 2) ? JSON(array: [json]) : JSON(dictionary: ["a": json])
    }
    return json
  }

  @Test("recurse default visits a million levels")
  func recurseDefaultVisitsAMillionLevels() throws {
    let json = Self.deepValue(levels: 1_000_000)
    #expect(try Query("[..] | length").values(on: json) == [1_000_001])
  }

  @Test("recurse and paths on a thousand levels")
  func recurseAndPathsOnAThousandLevels() throws {
    let json = Self.deepValue(levels: 1_000)
    #expect(try Query("[.. | numbers]").values(on: json) == [[1]])
    // Paths grow with the depth (their total size with its square), hence the smaller value.
    #expect(try Query("[paths] | length").values(on: json) == [1_000])
    #expect(try Query("[paths(type == \"number\")][0] | length").values(on: json) == [1_000])
  }
}
