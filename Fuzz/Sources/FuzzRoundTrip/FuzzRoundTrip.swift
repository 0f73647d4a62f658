import FuzzSupport
import JSONKit

/// Parse → write → parse: the value read back must equal the first one, for compact,
/// pretty (spaces and tab), ASCII-only and slash-escaping output.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRoundTrip(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: data, count: size)
  guard case .success(let value) = parseResult(bytes) else { return 0 }
  let writers = [
    JSONWriter(),
    JSONWriter(options: [.prettyPrinted]),
    JSONWriter(options: [.prettyPrinted, .sortedKeys], indentation: .tab),
    JSONWriter(options: [.asciiOnly, .escapeSlashes]),
  ]
  for writer in writers {
    var text: [UInt8] = []
    writer.write(value, into: &text)
    let reread = text.withUnsafeBytes { parseResult($0) }
    switch reread {
    case .success(let again):
      fuzzCheck(
        again == value,
        "round trip through \(writer.options) changed the value: "
          + String(decoding: text.prefix(200), as: UTF8.self), input: bytes)
      fuzzCheck(again.hashValue == value.hashValue, "equal values hash differently", input: bytes)
    case .failure(let error):
      fuzzCheck(
        false,
        "writer \(writer.options) produced invalid JSON (\(error)): "
          + String(decoding: text.prefix(200), as: UTF8.self), input: bytes)
    }
  }
  return 0
}
