import JSONKit

/// One output of a filter: a value and, in path mode, the path it was reached by.
struct Item {
  var value: JSON
  /// `nil` outside path mode or for values that are not paths into the input.
  var path: [JSON]?
  /// In path mode, a value computed from the input rather than found in it (`map(f)` in
  /// `path(map(f) | .[0])`): indexing it is jq's "Invalid path expression near attempt to…".
  /// Set where a pipe hands such a value on (see `Executor.handOn`).
  var lost = false

  /// Whether filters applied to this item run in path mode.
  var inPathMode: Bool { path != nil || lost }
}

/// A lazy stream of outputs: jq's backtracking is `next()` being called again.
struct Generator {
  let next: () throws -> Item?

  static var empty: Generator { Generator { nil } }

  static func one(_ item: Item) -> Generator {
    var done = false
    return Generator {
      if done { return nil }
      done = true
      return item
    }
  }

  static func sequence(_ items: [Item]) -> Generator {
    var index = 0
    return Generator {
      guard index < items.count else { return nil }
      index += 1
      return items[index - 1]
    }
  }

  /// For each output of `self`, every output of `body(output)`.
  func flatMap(_ body: @escaping (Item) throws -> Generator) -> Generator {
    var inner: Generator?
    return Generator {
      while true {
        if let current = inner, let item = try current.next() { return item }
        guard let outer = try self.next() else { return nil }
        inner = try body(outer)
      }
    }
  }

  /// `transform` of each output of `self`.
  func map(_ transform: @escaping (Item) throws -> Item) -> Generator {
    Generator {
      guard let item = try self.next() else { return nil }
      return try transform(item)
    }
  }

  /// Outputs of `self`, then of `other()`.
  func then(_ other: @escaping () throws -> Generator) -> Generator {
    var second: Generator?
    return Generator {
      if second == nil, let item = try self.next() { return item }
      if second == nil { second = try other() }
      return try second!.next()
    }
  }

  func all() throws -> [Item] {
    var items: [Item] = []
    while let item = try next() { items.append(item) }
    return items
  }
}

/// `break $label`: unwinds to its `label`, never seen by callers of `Query`.
struct BreakSignal: Error {
  let label: Int
}

/// Errors the evaluator raises: a jq error value, or a halt.
extension QueryError {
  static func from(_ error: any Error) -> QueryError {
    if let error = error as? QueryError { return error }
    return .runtime("break")
  }
}
