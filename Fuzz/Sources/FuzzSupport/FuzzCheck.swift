import JSONKit

/// Stops the fuzzer with a message when an invariant does not hold.
///
/// `fatalError` gives
/// libFuzzer a crash (and a reproducer file); the message says which invariant failed.
///
/// ```swift
/// fuzzCheck(a == b, "round trip changed the value", input: bytes)
/// ```
public func fuzzCheck(
  _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
  input: UnsafeRawBufferPointer
) {
  if condition() { return }
  let preview = String(decoding: input.prefix(200), as: UTF8.self)
  fatalError("fuzz invariant failed: \(message())\ninput (\(input.count) bytes): \(preview)")
}

/// A parse error's location must point inside the input (or at its end).
public func checkLocation(_ error: JSONError, inputCount: Int, input: UnsafeRawBufferPointer) {
  guard let location = error.location else {
    fuzzCheck(false, "parse error without a location: \(error)", input: input)
    return
  }
  fuzzCheck(
    location.byte >= 0 && location.byte <= inputCount && location.line >= 1 && location.column >= 1,
    "error location \(location) outside an input of \(inputCount) bytes: \(error)", input: input)
  _ = error.description  // rendering the message and excerpt must not crash either
}

/// Parses `bytes`, returning the value or the error (never crashing is the point).
public func parseResult(_ bytes: UnsafeRawBufferPointer, options: JSONParser.Options = .default)
  -> Result<JSON, JSONError>
{
  do {
    return .success(try JSONParser.parse(bytes, options: options))
  } catch {
    return .failure(error)
  }
}
