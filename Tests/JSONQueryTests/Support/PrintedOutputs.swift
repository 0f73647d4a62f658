import JSONKit

@testable import JSONQuery

/// What a run prints and how it ends, as `jq -c` would show it: for the suites whose
/// expectations were read off jq 1.8.2's own output.
protocol PrintedOutputs {}

/// The outputs a run printed before it failed, and its error's message.
struct Failure: Equatable {
  var outputs: [String]
  var message: String
}

extension PrintedOutputs {
  /// Each output of `program` on the JSON text `input`, written compactly with numbers in
  /// jq 1.8's form.
  func printed(_ program: String, _ input: String = "null") throws -> [String] {
    try Query(program).values(on: try JSON(bytes: Array(input.utf8))).map(Self.write)
  }

  /// The outputs of `program` on `input` up to its error, and the error's message; `nil` if
  /// it does not fail.
  func failure(_ program: String, _ input: String = "null") throws -> Failure? {
    var results = try Query(program).run(on: try JSON(bytes: Array(input.utf8)))
    var outputs: [String] = []
    do {
      while let value = try results.next() { outputs.append(Self.write(value)) }
    } catch {
      return Failure(outputs: outputs, message: error.message)
    }
    return nil
  }

  private static func write(_ value: JSON) -> String {
    var writer = JSONWriter(options: [])
    writer.canonicalNumbers = true
    return writer.string(value)
  }
}
