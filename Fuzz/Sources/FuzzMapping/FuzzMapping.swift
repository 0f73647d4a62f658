import FuzzSupport
import JSONKit
import Mapping

/// Random JSON mapped into `Everything`: never a crash, and strict and lenient mapping
/// agree (strict succeeds exactly when lenient succeeds without a recorded failure).
///
/// A
/// mapped model is written back with `toJSON` and mapped again, which must also work.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMapping(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: data, count: size)
  guard case .success(let json) = parseResult(bytes) else { return 0 }

  let (lenient, failures) = Mapper<Everything>().mapWithFailures(JSON: json)
  let strict: Everything?
  var strictError: MappingError?
  do {
    strict = try Mapper<Everything>(strict: true).mapOrThrow(JSON: json)
  } catch {
    strict = nil
    strictError = error
  }
  for failure in failures {
    _ = failure.description
  }
  if let strictError { _ = strictError.description }
  fuzzCheck(
    (strict != nil) == (lenient != nil && failures.isEmpty),
    "strict \(strict == nil ? "failed: \(strictError!)" : "succeeded") but lenient "
      + "\(lenient == nil ? "failed" : "succeeded") with \(failures.count) failures", input: bytes)

  if let lenient {
    let written = Mapper<Everything>().toJSONValue(lenient)
    let again = Mapper<Everything>().map(JSON: written)
    fuzzCheck(again != nil, "a mapped model's toJSON did not map back", input: bytes)
  }
  _ = Mapper<Leaf>().mapArray(JSON: json)
  _ = Mapper<Leaf>().mapDictionary(JSON: json)
  return 0
}
