import JSONKitCore

/// One output of a filter: a value and, in path mode, the path it was reached by.
struct Item {
  var value: JSON
  /// `nil` outside path mode or for values that are not paths into the input.
  var path: [JSON]?
  /// In path mode, a value computed from the input rather than found in it (`map(f)` in
  /// `path(map(f) | .[0])`): indexing it is jq's "Invalid path expression near attempt to…".
  ///
  /// Set where a pipe hands such a value on (see `Executor.handOn`).
  var lost = false

  /// Whether filters applied to this item run in path mode.
  var inPathMode: Bool { path != nil || lost }
}

/// A lazy stream of outputs: jq's backtracking is `next()` being called again.
///
/// A generator may hand its place to another (`Step.become`) once all that is left of it is
/// that other's outputs: `a, b` becomes `b` when `a` is done, and a filter not evaluated yet
/// (`Pull.later`) becomes what it makes. The one asking for outputs then pulls the successor
/// directly, so a recursive definition such as `def r: ., (.+1 | r)` does not stack a
/// forwarding layer per level, and its n-th output costs O(1) rather than O(n) (jq's fork
/// points behave so); its levels allocate no generator either (see `Executor.pull`).
struct Generator {
  /// What a stepping generator gives for one pull.
  enum Step {
    case item(Item)
    case done
    /// The rest of the outputs are all of the given generator's.
    case become(Generator)
  }

  /// How the generator is pulled; replaced by a successor's on `become`.
  enum Pull {
    case items(() throws -> Item?)
    case steps(() throws -> Step)
    /// One output left, then none (`.one`).
    case single(Item)
    /// The outputs of a filter not evaluated yet: on the first pull, what `Executor.pull`
    /// makes of it takes this place. No closure and no generator of its own: a recursion
    /// (`def r: ., (. + 1 | r)`) goes through one of these per level.
    case later(Later)
    /// One output, then a filter's outputs (`a, b` where `a` has one output).
    case itemThen(Item, Later)
    /// No outputs left: `isFinished` tells a holder so without pulling.
    case finished
  }

  /// A filter and what it runs on, evaluated when its first output is asked for.
  struct Later {
    let executor: Executor
    let node: Node
    let input: Item
    let frame: Frame?
  }

  /// Shared by the copies of this generator, so a `become` is seen by every holder.
  final class Cursor {
    // Unchecked for the reason `GeneratorState` gives: read on every pull.
    @exclusivity(unchecked) var pull: Pull
    init(_ pull: Pull) { self.pull = pull }
  }

  let cursor: Cursor

  init(_ next: @escaping () throws -> Item?) { cursor = Cursor(.items(next)) }

  init(stepping pull: @escaping () throws -> Step) { cursor = Cursor(.steps(pull)) }

  init(pull: Pull) { cursor = Cursor(pull) }

  /// Whether it is known, without running anything, that no output is left.
  var isFinished: Bool {
    if case .finished = cursor.pull { return true }
    return false
  }

  /// The next output, or `nil` when there are no more.
  func next() throws -> Item? {
    while true {
      switch cursor.pull {
      case .items(let pull):
        if let item = try pull() { return item }
        cursor.pull = .finished
        return nil
      case .single(let item):
        cursor.pull = .finished
        return item
      case .finished: return nil
      case .later, .itemThen:
        if let item = try resume() { return item }
      case .steps(let pull):
        switch try pull() {
        case .item(let item): return item
        case .done:
          cursor.pull = .finished
          return nil
        case .become(let successor):
          assert(successor.cursor !== cursor, "a generator cannot become itself")
          cursor.pull = successor.cursor.pull
        }
      }
    }
  }

  /// One step of a `later` or `itemThen` pull: its output, if it gives one now, with the
  /// rest in its place.
  ///
  /// Not inlined: its temporaries (a `Pull`, an `Item`) stay out of the
  /// frame of `next()`, which a recursion that outputs after recursing (`def f: (. + 1 |
  /// f), .`) nests once per level.
  @inline(never)
  private func resume() throws -> Item? {
    switch cursor.pull {
    case .later(let later):
      let (first, rest) = try later.executor.pull(later.node, later.input, later.frame)
      cursor.pull = rest
      return first
    case .itemThen(let item, let later):
      cursor.pull = .later(later)
      return item
    default:
      preconditionFailure("resume() of a pull that is not later")
    }
  }

  static var empty: Generator { Generator(pull: .finished) }

  static func one(_ item: Item) -> Generator { Generator(pull: .single(item)) }

  static func sequence(_ items: [Item]) -> Generator {
    let index = GeneratorState(0)
    return Generator {
      guard index.value < items.count else { return nil }
      index.value += 1
      return items[index.value - 1]
    }
  }

  /// For each output of `self`, every output of `body(output)`.
  ///
  /// Once `self` is known to
  /// be finished, the last `body(output)` takes its place (see `Step.become`).
  func flatMap(_ body: @escaping (Item) throws -> Generator) -> Generator {
    let inner = GeneratorState<Generator?>(nil)
    return Generator(stepping: {
      while true {
        if let current = inner.value, let item = try current.next() { return .item(item) }
        guard let outer = try self.next() else { return .done }
        let made = try body(outer)
        if self.isFinished { return .become(made) }
        inner.value = made
      }
    })
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
    Generator(stepping: {
      if let item = try self.next() { return .item(item) }
      return .become(try other())
    })
  }

  func all() throws -> [Item] {
    var items: [Item] = []
    while let item = try next() { items.append(item) }
    return items
  }
}
