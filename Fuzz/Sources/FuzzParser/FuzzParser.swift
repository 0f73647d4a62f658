import FuzzSupport
import JSONKit

/// Bytes → a JSON value or a `JSONError` whose location is inside the input, under the
/// default options and three other option sets.
///
/// A stricter option set must never accept
/// what a looser one rejects, and both must agree on the value.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: data, count: size)
  let strict = parseResult(bytes)
  let lenient = parseResult(
    bytes, options: JSONParser.Options(allowComments: true, allowTrailingGarbage: true))
  let multiple = parseResult(bytes, options: JSONParser.Options(allowMultipleValues: true))
  let shallow = parseResult(bytes, options: JSONParser.Options(maxDepth: 3))

  for result in [strict, lenient, multiple, shallow] {
    if case .failure(let error) = result { checkLocation(error, inputCount: size, input: bytes) }
  }
  if case .success(let value) = strict {
    _ = value.description
    if case .success(let other) = lenient {
      fuzzCheck(other == value, "comments/trailing-garbage options changed the value", input: bytes)
    } else {
      fuzzCheck(false, "lenient options rejected strict JSON", input: bytes)
    }
    if case .success(let all) = multiple {
      fuzzCheck(all.count == 1 && all[0] == value, "one value parsed as several", input: bytes)
    } else {
      fuzzCheck(false, "allowMultipleValues rejected one value", input: bytes)
    }
  }
  if case .success(let value) = shallow {
    fuzzCheck(
      strict == .success(value), "depth limit 3 accepted what the default rejects", input: bytes)
  }
  return 0
}
