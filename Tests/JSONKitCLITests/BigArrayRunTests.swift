import Foundation
import Testing

/// One large document whose top level is an array, run on several threads by elements:
/// whatever the document and the program, the output, the errors and the exit status are
/// those of one thread.
@Suite("One large array on several threads")
struct BigArrayRunTests {
  /// A generator of the same pseudo-random numbers on every run (a linear congruential one).
  private struct Numbers {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
  }

  /// An element: objects, nested arrays, and strings holding brackets, braces, commas,
  /// escaped quotes, backslashes and escaped newlines, which a cut in the wrong place would
  /// trip on.
  private static func element(_ n: Int, _ numbers: inout Numbers, depth: Int = 0) -> String {
    switch depth > 2 ? 0 : numbers.next(4) {
    case 0:
      let scalars = [
        "\(n)", "-\(n).5e-3", #""s\#(n)""#, "null", "true", "false",
        #""a\"]},[{\\\"x,\n""#, #""é \u2028 \t""#, "12345678901234567890",
      ]
      return scalars[numbers.next(scalars.count)]
    case 1:
      let items = (0..<numbers.next(4)).map { _ in element(n, &numbers, depth: depth + 1) }
      return "[" + items.joined(separator: ",") + "]"
    default:
      let inner = element(n, &numbers, depth: depth + 1)
      return #"{"n":\#(n),"flag":\#(n % 3 == 0),"s":"x\#(n)],\"}","k":\#(inner),"#
        + #""sub":{"a":[\#(n),{"b":"}]"}]}}"#
    }
  }

  /// A document of about `size` bytes: compact, or one element a line (with CRLF when
  /// `crlf`); `huge` puts an element of several megabytes in the middle.
  private static func document(
    size: Int = 5_000_000, seed: UInt64 = 1, lines: Bool = false, crlf: Bool = false,
    huge: Bool = false
  ) -> String {
    var numbers = Numbers(state: seed)
    var elements: [String] = []
    var total = 0
    while total < size {
      let text = element(elements.count, &numbers)
      elements.append(text)
      total += text.utf8.count + 1
    }
    if huge {
      let big =
        "["
        + Array(repeating: #""\#(String(repeating: "y", count: 98))""#, count: 60_000)
        .joined(separator: ",") + "]"
      elements.insert(#"{"n":-1,"big":\#(big)}"#, at: elements.count / 2)
    }
    let newline = crlf ? "\r\n" : "\n"
    let separator = lines ? "," + newline + "  " : ","
    return "[" + (lines ? newline + "  " : "") + elements.joined(separator: separator)
      + (lines ? newline : "") + "]" + newline
  }

  /// Runs `arguments` on the file at `path` on two threads and on one; they must agree.
  private func expectOneThreadsResult(_ arguments: [String], _ path: String) async throws {
    let parallel = try await CLI.run(["--threads", "2"] + arguments + [path])
    let single = try await CLI.run(["--threads", "1"] + arguments + [path])
    #expect(parallel.stdoutData == single.stdoutData, "\(arguments)")
    #expect(parallel.stderr == single.stderr, "\(arguments)")
    #expect(parallel.status == single.status, "\(arguments)")
  }

  private static let programs: [[String]] = [
    ["-c", "."], ["--tab", "-S", "."], ["-c", ".[]"], ["-r", ".[]?"],
    ["-c", ".[] | objects | select(.flag) | {n, s}"], ["-e", ".[] | .flag?"],
  ]

  @Test(
    "Valid documents: compact, one element a line, CRLF, a huge element",
    arguments: [
      (1, false, false, false), (2, true, false, false), (3, true, true, false),
      (4, false, false, true),
    ])
  func validDocuments(seed: UInt64, lines: Bool, crlf: Bool, huge: Bool) async throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file(
      "big.json", Self.document(seed: seed, lines: lines, crlf: crlf, huge: huge))
    for arguments in Self.programs { try await expectOneThreadsResult(arguments, path) }
  }

  @Test("Invalid documents print only the parse error, at its place")
  func invalidDocuments() async throws {
    let text = Self.document(seed: 5)
    let middle = text.utf8.count / 2
    // A comma at an element boundary half-way in, the byte after it the document's.
    let comma = text.utf8.indices.first {
      text.utf8.distance(from: text.utf8.startIndex, to: $0) > middle
        && text.utf8[$0] == UInt8(ascii: ",")
    }!
    let after = String(text[text.index(after: comma)...])
    let before = String(text[..<comma])
    let body = String(text.dropLast(2))
    var broken: [String] = []
    broken.append(String(text.prefix(text.count * 2 / 3)))  // truncated
    broken.append(before + ",," + after)  // two commas, perhaps inside a string
    broken.append(before + ",@" + after)  // a byte that is no JSON
    broken.append(body + ",]\n")  // a trailing comma
    broken.append("[," + String(text.dropFirst()))  // a leading comma
    broken.append(body + ",nan]\n")  // jq's reader takes it; yajl does not
    broken.append(text + "[1]\n")  // a second document
    broken.append(text + "x")  // bytes after the document
    let directory = try TemporaryDirectory()
    for (k, document) in broken.enumerated() {
      let path = try directory.file("broken\(k).json", document)
      try await expectOneThreadsResult(k % 2 == 0 ? ["-c", "."] : ["-c", ".[] | .n?"], path)
    }
  }

  @Test("A runtime error in the middle stops the program where one thread does")
  func runtimeErrorInTheMiddle() async throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file("big.json", Self.document(seed: 6, lines: true))
    try await expectOneThreadsResult(["-c", ".[] | .n"], path)
    try await expectOneThreadsResult(["-c", ".[] | if .n? == 20000 then error else . end"], path)
    let single = try await CLI.run(["--threads", "1", "-c", ".[] | .k.n", path])
    #expect(single.stderr.hasPrefix("jsonkit: error (at \(path):"))
  }

  @Test("An empty array, and one of scalars")
  func emptyAndScalarArrays() async throws {
    let directory = try TemporaryDirectory()
    let empty = try directory.file("empty.json", "[" + String(repeating: " ", count: 5 << 20) + "]")
    let numbers = try directory.file(
      "numbers.json", "[" + (0..<800_000).map { "\($0).0" }.joined(separator: ", ") + "]")
    for path in [empty, numbers] {
      for arguments in [["-c", "."], ["."], ["-c", ".[]"], ["-e", ".[]"]] {
        try await expectOneThreadsResult(arguments, path)
      }
    }
  }
}
