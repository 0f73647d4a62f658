import FuzzSupport
import JSONKit
import JSONQuery

/// The most results taken from one run: a program may produce values for ever.
let maximumResults = 16
/// The evaluation budget of one run: `repeat(.)`, `[range(1e9)]` and friends end with
/// "evaluation step limit exceeded" instead of hanging the fuzzer.
///
/// Kept small because a
/// lazily recursive definition (`def r: ., (. | r); [r]`) costs time quadratic in its depth
/// (each output walks every nested level): 20,000 steps took 17 s under ASan.
let stepLimit = 5_000

/// A jq program and a small JSON input, split at the first NUL byte (or, without one, at
/// the first newline): the program must compile or fail with a compile error placed inside
/// it, and a compiled program must run (at most `maximumResults` results, `stepLimit`
/// steps) without crashing.
///
/// Input that is not JSON is given to the program as a string.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQuery(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: data, count: size)
  let separator = bytes.firstIndex(of: 0) ?? bytes.firstIndex(of: UInt8(ascii: "\n"))
  let programBytes = UnsafeRawBufferPointer(rebasing: bytes[..<(separator ?? size)])
  let inputBytes = UnsafeRawBufferPointer(rebasing: bytes[(separator.map { $0 + 1 } ?? size)...])
  let program = String(decoding: programBytes, as: UTF8.self)

  let input: JSON
  if inputBytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }) {
    input = .null
  } else if case .success(let value) = parseResult(inputBytes) {
    input = value
  } else {
    input = JSON(String(decoding: inputBytes, as: UTF8.self))
  }

  let query: Query
  do {
    // No module search path and a directory that does not exist: `import` and `include`
    // fail instead of reading whatever the working directory holds.
    query = try Query(
      program,
      options: QueryOptions(
        variableNames: ["x"], programDirectory: "/nonexistent/fuzz-query", stepLimit: stepLimit))
  } catch {
    _ = error.description
    fuzzCheck(
      error.kind == .compile, "Query.init threw a non-compile error: \(error)", input: bytes)
    if let location = error.location, error.sourceFile == nil {
      let length = program.utf8.count
      fuzzCheck(
        location.line >= 1 && location.column >= 1 && location.offset >= 0
          && location.length >= 0 && location.offset + location.length <= length,
        "compile error location \(location) outside a program of \(length) bytes: \(error)",
        input: bytes)
    }
    return 0
  }

  var context = QueryContext()
  context.variables = ["x": input]
  context.environment = ["HOME": "/nonexistent/fuzz-query"]
  var pending = [JSON(1), JSON("two")]
  context.nextInput = { () throws(QueryError) -> JSON? in pending.popLast() }
  var results = query.run(on: input, context: context)
  for _ in 0..<maximumResults {
    do {
      guard let value = try results.next() else { break }
      _ = value.description  // writing a result (deep, huge, odd numbers) must work too
    } catch {
      _ = error.message
      fuzzCheck(error.kind != .compile, "a compile error while running: \(error)", input: bytes)
      break
    }
  }
  return 0
}
