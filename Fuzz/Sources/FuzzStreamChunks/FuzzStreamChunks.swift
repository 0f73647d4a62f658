import FuzzSupport
import JSONKit

/// The push parser fed the input in chunks must give the same values, or the same error,
/// as `JSONParser.parseAll` on the whole input.
///
/// The first two bytes choose the chunk sizes
/// (a small generator seeded by them); the rest is the document.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStreamChunks(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let all = UnsafeRawBufferPointer(start: data, count: size)
  guard size >= 2 else { return 0 }
  var seed = UInt32(all[0]) << 8 | UInt32(all[1]) | 1
  let maxChunk = Int(all[0] % 16) + 1
  let document = UnsafeRawBufferPointer(rebasing: all[2...])

  let oneShot: Result<[JSON], JSONError>
  do {
    oneShot = .success(try JSONParser.parseValues(document))
  } catch {
    oneShot = .failure(error)
  }

  let parser = JSONStreamParser()
  var values: [JSON] = []
  var streamError: JSONError?
  var offset = 0
  do {
    while offset < document.count {
      seed = seed &* 1_103_515_245 &+ 12_345
      let length = min(Int(seed >> 16) % maxChunk + 1, document.count - offset)
      values += try parser.feed(
        UnsafeRawBufferPointer(rebasing: document[offset..<offset + length]))
      offset += length
    }
    values += try parser.finish()
  } catch {
    streamError = error
  }

  switch oneShot {
  case .success(let expected):
    fuzzCheck(
      streamError == nil, "stream failed (\(streamError!)) where parseAll succeeded", input: all)
    fuzzCheck(
      values == expected, "stream values \(values) differ from parseAll's \(expected)", input: all)
  case .failure(let expected):
    checkLocation(expected, inputCount: document.count, input: all)
    guard let streamError else {
      fuzzCheck(false, "stream succeeded where parseAll failed (\(expected))", input: all)
      return 0
    }
    fuzzCheck(
      sameReason(streamError.parseFailure, expected.parseFailure)
        && streamError.location == expected.location,
      "stream error '\(streamError)' differs from parseAll's '\(expected)'", input: all)
  }
  return 0
}

/// Equal reasons, except one documented difference: when a chunk ends inside an unexpected
/// multi-byte character, the stream has only its first byte when it reports the error and
/// names it `byte 0xE2` where the one-shot parse names the whole character (`'✓'`).
func sameReason(_ stream: JSONError.ParseFailure?, _ oneShot: JSONError.ParseFailure?) -> Bool {
  if stream == oneShot { return true }
  if case .unexpectedCharacter(let partial) = stream,
    case .unexpectedCharacter(let whole) = oneShot,
    partial.hasPrefix("byte 0x"), whole.utf8.first == UInt8(ascii: "'"),
    !whole.unicodeScalars.allSatisfy(\.isASCII)
  {
    return true
  }
  return false
}

extension JSONParser {
  /// `parseAll` over raw bytes (the public one takes `Data`).
  static func parseValues(_ bytes: UnsafeRawBufferPointer) throws(JSONError) -> [JSON] {
    if bytes.isEmpty { return try parseAll(.init()) }
    return try parseAll(.init(bytes: bytes.baseAddress!, count: bytes.count))
  }
}
