import JSONKitCore

/// IntrinsicRunner that are plain functions of values: called once per combination of their
/// arguments' outputs (the evaluator does the combining, see `Executor`), keyed
/// "name/arity".
///
/// Each family lives in its own file (`MathFunctions`, `DateFunctions`,
/// `SearchFunctions`, `FormatFunctions`, `EntryFunctions`, `JoinFunction`).
enum ValueFunctions {
  typealias Body = @Sendable (_ input: JSON, _ arguments: [JSON]) throws -> JSON

  static let table: [String: Body] = MathFunctions.table
    .merging(DateFunctions.table) { first, _ in first }
    .merging(SearchFunctions.table) { first, _ in first }
    .merging(FormatFunctions.table) { first, _ in first }
    .merging(EntryFunctions.table) { first, _ in first }
    .merging(JoinFunction.table) { first, _ in first }
}
