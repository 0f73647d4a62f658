import JSONKitCore

/// The results of one run, produced lazily: each `next()` runs the program until its next
/// output.
///
/// Not a Swift `Sequence` because `next` throws.
///
/// ```swift
/// var results = try Query(".[]").run(on: [1, 2])
/// while let value = try results.next() { print(value) }  // 1, then 2
/// ```
public struct QueryResults {
  private var generator: Generator?
  private let executor: Executor?

  init(generator: Generator, executor: Executor) {
    self.generator = generator
    self.executor = executor
  }

  init(error: QueryError) {
    generator = Generator { () throws -> Item? in throw error }
    executor = nil
  }

  /// The next result; `nil` when there are no more (and after an error).
  public mutating func next() throws(QueryError) -> JSON? {
    guard let current = generator else { return nil }
    executor?.stackGuard.enter()
    do {
      // The run's memory budget is where the value operations find it (`MemoryBudget`).
      let item =
        if let memory = executor?.memory {
          try MemoryBudget.$current.withValue(memory) { try current.next() }
        } else {
          try current.next()
        }
      if let item {
        if let executor, executor.countsOutputs { try executor.countOutput(item.value) }
        return item.value
      }
      generator = nil
      return nil
    } catch let error as QueryError {
      generator = nil
      throw error
    } catch {
      generator = nil
      throw QueryError.runtime("\(error)")
    }
  }
}
