import Foundation
import Testing

@Suite("--progress")
struct ProgressTests {
  /// A file of about 2 MB of NDJSON.
  private static func makeInput() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("progress-\(UUID().uuidString).json")
    let line = #"{"id":1,"text":"\#(String(repeating: "x", count: 200))"}"# + "\n"
    try Data(String(repeating: line, count: 10_000).utf8).write(to: url)
    return url
  }

  @Test("On a terminal a line of progress is drawn on standard error only")
  func onATerminalALineOfProgressIsDrawnOnStandardErrorOnly() async throws {
    let binary = try #require(CLI.executable)
    let input = try Self.makeInput()
    let output = input.appendingPathExtension("out")
    defer {
      try? FileManager.default.removeItem(at: input)
      try? FileManager.default.removeItem(at: output)
    }
    // Under `script` standard error is a terminal; standard output goes to a file.
    let command = "\(binary.path) --progress -c .id \(input.path) > \(output.path)"
    let result = try await CLI.runProcess(
      URL(fileURLWithPath: "/usr/bin/script"), ["-qec", command, "/dev/null"], input: nil)
    #expect(result.status == 0)
    let terminal = result.stdout
    #expect(terminal.contains("\rjsonkit: "), "\(terminal.debugDescription)")
    #expect(terminal.contains(" of 2.2 MB ("))  // 10,000 lines of 219 bytes
    #expect(terminal.contains("MB/s"))
    // Erased at the end: the last thing written clears the line.
    #expect(terminal.hasSuffix("\r\u{1B}[K"))
    let printed = try String(contentsOf: output, encoding: .utf8)
    #expect(printed == String(repeating: "1\n", count: 10_000))
  }

  @Test("Without a terminal nothing is drawn")
  func withoutATerminalNothingIsDrawn() async throws {
    let input = try Self.makeInput()
    defer { try? FileManager.default.removeItem(at: input) }
    let result = try await CLI.run(["--progress", "-c", ".id", input.path])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    #expect(result.stdout == String(repeating: "1\n", count: 10_000))
  }
}
