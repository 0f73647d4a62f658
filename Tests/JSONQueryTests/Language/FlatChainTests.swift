import Foundation
import JSONKit
import TestProcesses
import Testing

@testable import JSONQuery

/// Long chains of one operator, as generated programs write them: `,` lists, `|` pipes,
/// arithmetic, `//`, `and` and `or`, interpolations, object and array literals.
///
/// Each is parsed, compiled, run and freed on a thread with an ordinary 8 MiB stack in a
/// debug build, at 10,000 and at 100,000 elements, with jq 1.8.2's outputs. (jq itself
/// refuses some of them: its parser's stack overflows at 10,000 `|`, `//` or object members,
/// and its limit on a function's code stops 4,000 `//`, 10,000 `and` or 100,000 `,`; jsonkit
/// refuses those as jq does, with its messages.)
@Suite("Long flat chains compile and run on an ordinary stack")
struct FlatChainTests {
  /// `program`'s outputs on `input`, parsed, compiled, run and freed on an 8 MiB thread.
  static func outputs(
    _ program: String, _ input: JSON = .null
  ) async throws -> Result<[JSON], QueryError> {
    try await onOwnThread(stackSize: 8 << 20) {
      do {
        return .success(try Query(program).values(on: input))
      } catch let error as QueryError {
        return .failure(error)
      } catch {
        return .failure(.runtime("\(error)"))
      }
    }
  }

  /// `element` written `count` times, joined by `separator`.
  static func chain(_ element: String, _ count: Int, _ separator: String) -> String {
    Array(repeating: element, count: count).joined(separator: separator)
  }

  /// One flat shape: its program at a size, and the outputs jq gives for it.
  struct Shape: Sendable, CustomTestStringConvertible {
    let name: String
    let program: @Sendable (Int) -> String
    let expected: @Sendable (Int) -> [JSON]
    var testDescription: String { name }
  }

  static let shapes: [Shape] = [
    Shape(
      name: "an array of n elements joined by ','",
      program: { "[" + chain("1", $0, ",") + "] | length" }, expected: { [JSON($0)] }),
    Shape(
      name: "n outputs joined by ','",
      program: { (1...$0).map(String.init).joined(separator: ", ") },
      expected: { n in (1...n).map { JSON($0) } }),
    Shape(
      name: "n operands joined by '+'",
      program: { chain("1", $0, " + ") }, expected: { [JSON($0)] }),
    Shape(
      name: "n operands joined by '-' and '*'",
      program: { "1 - " + chain("1 * 2", $0 - 1, " - ") }, expected: { [JSON(1 - 2 * ($0 - 1))] }
    ),
    Shape(
      name: "n operands joined by '+', the first with two outputs",
      program: { "(1, 2) + " + chain("1", $0 - 1, " + ") },
      expected: { [JSON($0), JSON($0 + 1)] }),
    Shape(
      name: "n conditions joined by 'and'",
      program: { chain("true", $0, " and ") }, expected: { _ in [true] }),
    Shape(
      name: "n conditions joined by 'or'",
      program: { chain("false", $0 - 1, " or ") + " or 1" }, expected: { _ in [true] }),
    Shape(
      name: "a string of n interpolations",
      program: { "\"" + chain("\\(1)", $0, "") + "\" | length" }, expected: { [JSON($0)] }),
    Shape(
      name: "a string of n interpolations, the first with two outputs",
      program: { "\"\\(1, 2)" + chain("\\(0)", $0 - 1, "") + "\" | .[0:2]" },
      expected: { _ in ["10", "20"] }),
  ]

  /// The right-recursive chains (`|`, `//`, an object's members): jq's parser keeps each
  /// operator on its
  /// stack until the chain ends, so at 10,000 it is full ("memory exhausted"), and jsonkit
  /// refuses them there as jq does (`ProgramSizeLimitTests`); the column is jq 1.8.2's.
  static let rightRecursiveShapes: [(shape: Shape, column: Int)] = [
    (
      Shape(
        name: "n stages joined by '|'",
        program: { "0 | " + chain(". + 1", $0, " | ") }, expected: { [JSON($0)] }),
      39_977
    ),
    (
      Shape(
        name: "n alternatives joined by '//'",
        program: { chain("null", $0 - 1, " // ") + " // 7" }, expected: { _ in [7] }),
      39_985
    ),
    (
      Shape(
        name: "an object of n members",
        program: {
          "{" + (0..<$0).map { "k\($0): \($0)" }.joined(separator: ", ") + "} | length"
        },
        expected: { [JSON($0)] }),
      62_748
    ),
    (
      Shape(
        name: "an object of n members, the first with two values",
        program: {
          "{g: (1, 2), " + (1..<$0).map { "k\($0): \($0)" }.joined(separator: ", ") + "} | .g"
        },
        expected: { _ in [1, 2] }),
      62_752
    ),
  ]

  @Test(
    "'|', '//' and object chains run at 4,000 (but for jq's code size limit) and fail as jq's parser at 10,000 and 100,000"
  )
  func rightRecursiveChainsStopAtJqParserStack() async throws {
    for (shape, column) in Self.rightRecursiveShapes {
      let result = try await Self.outputs(shape.program(4_000))
      if let words = Self.jqWords[shape.name]?[4_000] {
        Self.expectTooLong(result, words, "\(shape.name) at 4,000")
      } else {
        #expect(try result.get() == shape.expected(4_000), "\(shape.name) at 4,000")
      }
      for count in [10_000, 100_000] {
        switch try await Self.outputs(shape.program(count)) {
        case .success:
          Issue.record("\(shape.name) at \(count) ran")
        case .failure(let error):
          #expect(error.message == "memory exhausted", "\(shape.name) at \(count)")
          #expect(error.location?.column == column, "\(shape.name) at \(count)")
        }
      }
    }
  }

  /// jq 1.8.2's count of the code of the shapes it refuses for their size, by size ("function
  /// compiled to N bytes which is too long"; at 100,000 jq crashes on the `+` and the
  /// interpolation shapes, and the counts are jsonkit's, by jq's rule).
  static let jqWords: [String: [Int: Int]] = [
    "n outputs joined by ','": [100_000: 599_998],
    "n operands joined by '+', the first with two outputs": [10_000: 70_003, 100_000: 700_003],
    "n conditions joined by 'and'": [10_000: 189_985, 100_000: 1_899_985],
    "n conditions joined by 'or'": [10_000: 189_985, 100_000: 1_899_985],
    "a string of n interpolations": [10_000: 140_005, 100_000: 1_400_005],
    "a string of n interpolations, the first with two outputs": [
      10_000: 140_021, 100_000: 1_400_021,
    ],
    "n alternatives joined by '//'": [4_000: 115_975],
  ]

  /// Checks that `result` is jq's error for a function whose code has `words` words.
  static func expectTooLong(_ result: Result<[JSON], QueryError>, _ words: Int, _ label: String) {
    switch result {
    case .success(let values):
      Issue.record("\(label) ran, giving \(values.prefix(3))")
    case .failure(let error):
      #expect(error.message == "function compiled to \(words) bytes which is too long", "\(label)")
    }
  }

  @Test(
    "Each flat shape runs at 10,000 and 100,000 elements on an 8 MiB stack, or fails as jq's code size limit",
    arguments: shapes, [10_000, 100_000])
  func eachFlatShapeRuns(shape: Shape, count: Int) async throws {
    let result = try await Self.outputs(shape.program(count))
    if let words = Self.jqWords[shape.name]?[count] {
      Self.expectTooLong(result, words, "\(shape.name) at \(count)")
      return
    }
    let values = try result.get()
    #expect(values == shape.expected(count), "\(shape.name) at \(count)")
  }

  /// `operands` nested as the grammar groups them, in parentheses: the shape short chains
  /// keep, and what a long chain must give.
  static func nested(_ operands: [String], _ separator: String, right: Bool = false) -> String {
    if right {
      return operands.dropLast().reversed().reduce("(\(operands.last!))") {
        "((\($1))\(separator)\($0))"
      }
    }
    return operands.dropFirst().reduce("(\(operands[0]))") { "(\($0)\(separator)(\($1)))" }
  }

  /// Chains longer than `AST.flatChain`, with generators, empty operands and errors, and
  /// the same operators nested in parentheses as written (each pair a node of its own).
  static let groupings: [(operands: [String], separator: String, right: Bool)] = [
    (["1, 2", "empty", "3", "(4, 5)", "empty", "6", "7", "8", "9", "10", "11"], ", ", false),
    (
      [
        ".[]", ". + 1", "(., . * 10)", "select(. != 11)", "[.]", ".[]", "tostring", ". + \"!\"",
        "ascii_downcase", "length", "(., -.)",
      ], " | ", true
    ),
    (
      [
        "(null, false)", "empty", "(false, null)", "null", "false", "(1, null, 2)", "3", "4",
        "5", "6",
      ], " // ", true
    ),
    (
      [
        "(null, false, 1)", "empty", "(false, null)", "null", "false", "false", "null", "false",
        "null", "(false, error(\"last\"))",
      ], " // ", true
    ),
    (
      [
        "(true, false)", "(1, null)", "true", "(true, false)", "1", "\"\"", "[]", "{}", "true",
        "(false, true)",
      ], " and ", false
    ),
    (
      [
        "(false, true)", "(null, 1)", "false", "(false, true)", "null", "false", "null",
        "false", "null", "(true, false)",
      ], " or ", false
    ),
    (
      ["(1, 2)", "(10, 20)", "(100, 200)", "0", "(0, 1000)", "0", "0", "0", "0", "0"], " + ",
      false
    ),
    (["(1, 2)", "(10, 20)", "3", "(0.5, 4)", "1", "2", "3", "4", "5", "6"], " - ", false),
    (["(1, 2)", "(10, 20)", "3", "(0.5, 4)", "7", "2", "3", "1e300", "1e10", "6"], " * ", false),
    (["(1, 2)", "(10, 20)", "3", "4", "5", "\"a\"", "6", "7", "8", "9"], " + ", false),
    (["(1, 2)", "(10, 20)", "\"a\"", "4", "5", "(6, 7)", "6", "7", "8", "9"], " / ", false),
  ]

  @Test("A long chain gives what its operators nested as written give, errors included")
  func aLongChainGivesWhatItsOperatorsNestedGive() throws {
    let input: JSON = [1, 2, 3]
    for grouping in Self.groupings {
      let flat = grouping.operands.joined(separator: grouping.separator)
      let nested = Self.nested(grouping.operands, grouping.separator, right: grouping.right)
      let a = try Query("[try (\(flat)) catch [\"caught\", .]]").values(on: input)
      let b = try Query("[try (\(nested)) catch [\"caught\", .]]").values(on: input)
      #expect(a == b, "\(flat)")
      #expect(a != [[]], "\(flat) gives nothing")
    }
  }

  @Test("A long chain of arithmetic loops over the last operand outermost, as jq")
  func aLongChainOfArithmeticLoopsOverTheLastOperandOutermost() throws {
    // jq 1.8.2's output.
    let values = try Query(
      "[(1, 2) + (10, 20) + (100, 200)" + String(repeating: " + 0", count: 7) + "]"
    )
    .values(on: .null)
    #expect(values == [[111, 112, 121, 122, 211, 212, 221, 222]])
  }

  @Test(
    "Objects and strings with generators loop as jq: the first member outermost, the last interpolation"
  )
  func objectsAndStringsWithGeneratorsLoopAsJq() throws {
    // jq 1.8.2's outputs.
    #expect(
      try Query("[\"\\(1, 2)-\\(3, 4)\"]").values(on: .null) == [["1-3", "2-3", "1-4", "2-4"]])
    #expect(
      try Query("[{a: (1, 2), b: (3, 4)}]").values(on: .null)
        == [[["a": 1, "b": 3], ["a": 1, "b": 4], ["a": 2, "b": 3], ["a": 2, "b": 4]]])
    #expect(
      try Query("[try {(\"a\", 1): 2} catch .]").values(on: .null)
        == [[["a": 2], "Cannot use number (1) as object key"]])
  }
}
