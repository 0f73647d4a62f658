import Foundation
import Testing

/// A reader that stops early (`| head -1`) ends jsonkit quietly.
@Suite("Closed output pipe")
struct PipeTests {
  @Test("jsonkit . big | head -1 exits 0 with nothing on stderr")
  func headOfBigFile() async throws {
    let directory = try TemporaryDirectory()
    let lines = (0..<100_000).map { #"{"id":\#($0),"name":"item \#($0)","tags":["a","b"]}"# }
    let big = try directory.file("big.ndjson", lines.joined(separator: "\n"))
    let status = directory.url.appendingPathComponent("status").path
    let stderr = directory.url.appendingPathComponent("stderr").path
    let result = try await CLI.shell(
      #"{ "$JSONKIT" . '\#(big)' 2>'\#(stderr)'; echo $? >'\#(status)'; } | head -1"#)
    #expect(result.stdout == "{\n")
    #expect(try String(contentsOfFile: status, encoding: .utf8) == "0\n")
    #expect(try String(contentsOfFile: stderr, encoding: .utf8) == "")
  }

  @Test("An endless input stops as soon as the reader has gone")
  func endlessInput() async throws {
    let directory = try TemporaryDirectory()
    let status = directory.url.appendingPathComponent("status").path
    let result = try await CLI.shell(
      #"yes '{"a":[1,2,3]}' 2>/dev/null | { "$JSONKIT" -c .a; echo $? >'\#(status)'; } | head -2"#)
    #expect(result.stdout == "[1,2,3]\n[1,2,3]\n")
    #expect(result.stderr == "")
    #expect(try String(contentsOfFile: status, encoding: .utf8) == "0\n")
  }
}

/// With `--unbuffered`, results come out while the input is still open, not when it ends.
///
/// (Without it, output into a pipe waits for a full block or the end, as jq's does.)
@Suite("Prompt output")
struct PromptOutputTests {
  @Test("With --unbuffered a value is printed before the next one has been written to the pipe")
  func printedBeforeMoreInput() async throws {
    let directory = try TemporaryDirectory()
    let signal = directory.url.appendingPathComponent("got-first").path
    // The producer writes the second value only once the consumer has read the first result
    // (or after 5 minutes, a liveness bound far past what a loaded machine takes, saying so
    // on standard error): if jsonkit held results back until the end of its input, the
    // producer would time out.
    let script = #"""
      {
        echo '{"n":1}'
        i=0
        while [ ! -e '\#(signal)' ] && [ $i -lt 3000 ]; do sleep 0.1; i=$((i+1)); done
        [ -e '\#(signal)' ] || echo 'producer timed out' >&2
        echo '{"n":2}'
      } | "$JSONKIT" --unbuffered -c .n | { read first; touch '\#(signal)'; echo "first=$first"; cat; }
      """#
    let result = try await CLI.shell(script)
    #expect(result.stdout == "first=1\n2\n")
    #expect(result.stderr == "")
  }
}
