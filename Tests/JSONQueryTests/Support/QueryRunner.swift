import JSONKit

@testable import JSONQuery

/// Every result of `program` on `input`, for the suites that check builtins.
protocol QueryRunning {}

extension QueryRunning {
  func run(_ program: String, _ input: JSON = .null) throws -> [JSON] {
    try Query(program).values(on: input)
  }

  /// Every result of `program` on `input`, an error caught as its message (`try … catch .`).
  func caught(_ program: String, _ input: JSON = .null) throws -> [JSON] {
    try run("try (\(program)) catch .", input)
  }
}
