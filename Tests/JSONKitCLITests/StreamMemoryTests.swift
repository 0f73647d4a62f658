import Foundation
import TestProcesses
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Runs `jsonkit arguments…` with `blocks` written to its standard input one after another
/// and its output thrown away; its peak resident set in KiB, read from `/proc` while the
/// child still waits for the end of its input (so after it has taken in all but the last
/// pipe-full), and its exit status (nil if it did not end within ten minutes).
private func peakMemory(_ arguments: [String], blocks: Int, block: (Int) -> [UInt8]) async throws
  -> (status: Int32?, kilobytes: Int)
{
  let binary = try #require(CLI.executable, "the jsonkit binary was not built next to the tests")
  ChildProcess.ignoreBrokenPipes()
  let child = try ChildProcess(binary.path, arguments, standardInput: .pipe)
  for i in 0..<blocks { try await child.writeInput(block(i)) }
  let status = try String(contentsOfFile: "/proc/\(child.pid)/status", encoding: .utf8)
  let peak = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
  let kilobytes = peak.flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true)[1]) }
  child.closeInput()
  let ended = await child.wait(timeout: .seconds(600))
  if ended == nil { child.kill() }
  return (ended?.status, try #require(kilobytes))
}

/// One block of a large array of records: `[` first, `]` last, 1,000 records each.
private func arrayBlock(_ i: Int, of count: Int) -> [UInt8] {
  var text = i == 0 ? "[" : ","
  for r in 0..<1000 {
    if r > 0 { text += "," }
    let n = i * 1000 + r
    text += #"{"id":\#(n),"name":"record \#(n) with some text to fill the line","#
    text += #""tags":["a","b",\#(n % 7)],"geo":{"lat":\#(n % 90).5,"lng":-\#(n % 180).25}}"#
  }
  if i == count - 1 { text += "]" }
  return Array(text.utf8)
}

@Suite("--stream in constant memory")
struct StreamMemoryTests {
  @Test("Streaming a large document keeps memory flat")
  func streamingALargeDocumentKeepsMemoryFlat() async throws {
    // About 13.7 MB, one array: enough to tell a held document from a streamed one, and
    // half the 250 blocks this test once used, which made it the longest test of the run
    // (155 s of a debug build's --stream on a loaded machine).
    let blocks = 120
    let program = ["-c", "--stream", "select(length == 2) | .[1] | numbers"]
    // The same run on 2 blocks (230 KB, more than a pipe holds, so the child has started
    // and streamed by the time it is measured): the binary's own footprint.
    let baseline = try await peakMemory(program, blocks: 2) { arrayBlock($0, of: 2) }
    let streamed = try await peakMemory(program, blocks: blocks) { arrayBlock($0, of: blocks) }
    // The same document parsed whole: the measurement sees a document held in memory.
    let whole = try await peakMemory(["-c", "length"], blocks: blocks) {
      arrayBlock($0, of: blocks)
    }
    for status in [baseline.status, streamed.status, whole.status] {
      #expect(status == 0)
    }
    #expect(
      streamed.kilobytes - baseline.kilobytes < 8 * 1024,
      "--stream peak \(streamed.kilobytes) KiB, baseline \(baseline.kilobytes) KiB")
    #expect(
      whole.kilobytes - baseline.kilobytes > 12 * 1024,
      "whole-document peak \(whole.kilobytes) KiB, baseline \(baseline.kilobytes) KiB")
  }

  /// One large document on several threads: no batch can split it, so the run goes to the
  /// one-thread runner, which reads only what the program uses, instead of holding the whole
  /// document in a batch.
  @Test("One large document on several threads is read projected")
  func oneLargeDocumentOnSeveralThreadsIsReadProjected() async throws {
    let blocks = 250  // about 28 MB, one array
    let program = ["--threads", "2", "-c", ".[].geo.lat"]
    let parallel = try await peakMemory(program, blocks: blocks) { arrayBlock($0, of: blocks) }
    let single = try await peakMemory(["--threads", "1"] + program.dropFirst(2), blocks: blocks) {
      arrayBlock($0, of: blocks)
    }
    for status in [parallel.status, single.status] { #expect(status == 0) }
    // What the hand-over costs: the first 4 MiB read and their copy (measured here 5 MiB over
    // the one-thread run; allocator slack under a loaded CI made it more than 12). The whole
    // document in a batch would be its 28.5 MiB of text alone, and its tape on top.
    #expect(
      parallel.kilobytes - single.kilobytes < 20 * 1024,
      "--threads 2 peak \(parallel.kilobytes) KiB, --threads 1 \(single.kilobytes) KiB")
    var text: [UInt8] = []
    for i in 0..<40 { text += arrayBlock(i, of: 40) }
    let input = String(decoding: text, as: UTF8.self)
    let parallelRun = try await CLI.run(program, input: input)
    let singleRun = try await CLI.run(["--threads", "1", "-c", ".[].geo.lat"], input: input)
    #expect(parallelRun.status == 0)
    #expect(parallelRun.stdout == singleRun.stdout)
    #expect(parallelRun.stdout.split(separator: "\n").count == 40_000)
  }

  @Test("Stream events equal tostream of the parsed values")
  func streamEventsEqualTostreamOfTheParsedValues() async throws {
    let input =
      #"{"a":[1,{},[],{"b":null,"c":"x\u00e9\n"}],"d":1.000,"e":1e2}"#
      + "\n[] {} 3 \"s\" [[[]]] [1,[2,[3]]]"
    let streamed = try await CLI.run(["-c", "--stream", "."], input: input)
    let reference = try await CLI.run(["-c", "tostream"], input: input)
    #expect(streamed.status == 0)
    #expect(streamed.stdout == reference.stdout)
    // fromstream puts the values back together.
    let rebuilt = try await CLI.run(["-c", "--stream", "-n", "fromstream(inputs)"], input: input)
    let plain = try await CLI.run(["-c", "."], input: input)
    #expect(rebuilt.stdout == plain.stdout)
  }

  @Test("Events before a parse error are printed then the error")
  func eventsBeforeAParseErrorArePrintedThenTheError() async throws {
    let result = try await CLI.run(["-c", "--stream", "."], input: #"[1,[2,3],{"a":tru}]"#)
    #expect(result.stdout == "[[0],1]\n[[1,0],2]\n[[1,1],3]\n[[1,1]]\n")
    #expect(result.stderr == "jsonkit: parse error: Invalid literal at line 1, column 18\n")
    #expect(result.status == 5)
  }
}
