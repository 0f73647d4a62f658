import FuzzSupport
import JSONKit

/// The CLI's `--seq`/NDJSON cutter (`BoundaryScanner.swift` here is a link to the CLI's file: an
/// executable target's code cannot be a dependency).
///
/// The input is scanned whole and in growing prefixes (the first byte sets the step, as reads of a
/// pipe would); both must count every newline and find the same last cut, each cut just after a
/// newline. When the input parses as a sequence of JSON values, the bytes on each side of the last
/// cut must parse too: a cut never falls inside a value of valid input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBoundaryScanner(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let all = UnsafeRawBufferPointer(start: data, count: size)
  guard size >= 1 else { return 0 }
  let step = Int(all[0] % 32) + 1
  let input = UnsafeRawBufferPointer(rebasing: all[1...])

  var whole = BoundaryScanner()
  whole.scan(input)
  var growing = BoundaryScanner()
  var end = 0
  while end < input.count {
    end = min(end + step, input.count)
    growing.scan(UnsafeRawBufferPointer(rebasing: input[..<end]))
  }
  fuzzCheck(
    whole.scanned == growing.scanned && whole.newlines == growing.newlines,
    "prefix scans stopped at \(growing.scanned) with \(growing.newlines) newlines, a whole "
      + "scan at \(whole.scanned) with \(whole.newlines)", input: all)
  fuzzCheck(
    whole.lastCut?.index == growing.lastCut?.index, "prefix scans found another last cut",
    input: all)
  let newlines = input[..<whole.scanned].count { $0 == 0x0A }
  fuzzCheck(whole.newlines == newlines, "counted \(whole.newlines) of \(newlines)", input: all)
  guard let cut = whole.lastCut else { return 0 }
  fuzzCheck(
    cut.index > 0 && cut.index <= whole.scanned && input[cut.index - 1] == 0x0A
      && cut.newlines == input[..<cut.index].count { $0 == 0x0A },
    "cut at \(cut.index) is not after its newline", input: all)
  if (try? JSONParser.parseAll(input)) != nil {
    let before = UnsafeRawBufferPointer(rebasing: input[..<cut.index])
    let after = UnsafeRawBufferPointer(rebasing: input[cut.index...])
    fuzzCheck(
      (try? JSONParser.parseAll(before)) != nil && (try? JSONParser.parseAll(after)) != nil,
      "the cut at \(cut.index) is inside a value of valid input", input: all)
  }
  return 0
}
