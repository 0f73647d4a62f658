/// The answer of the example services' NDJSON ingest route, `POST /events`: how many values
/// the body had and the sum of their `n` fields, counted as the values arrive.
public struct EventTally: Codable, Equatable, Sendable {
  /// The number of values read.
  public var count = 0
  /// The sum of the values' `n` fields (0 for a value without one).
  public var total = 0

  /// An empty tally.
  public init() {}

  /// Counts one more value whose `n` field is `n`.
  public mutating func add(_ n: Int) {
    count += 1
    total += n
  }
}
