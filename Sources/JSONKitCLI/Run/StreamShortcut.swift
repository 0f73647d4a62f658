import JSONKitCore

/// The `--stream` programs users write most, run on each event without the evaluator.
///
/// An event is `[path, leaf]` or `[path]`; on one of these, the program's outputs can be
/// read off directly, and none of them can fail. Setting up a run of the evaluator costs
/// more than the event itself (half of `jsonkit -c --stream 'select(length==2)|.[1]'`
/// went to it), so these programs skip it and print exactly what the evaluator would.
/// The program text must match one of the forms below but for white space.
enum StreamShortcut: Equatable {
  /// `.`: the event.
  case identity
  /// `select(length == 2)`: the `[path, leaf]` events.
  case leafEvents
  /// `select(length == 2) | .[1]`: the leaves.
  case leaves
  /// `select(length == 2) | .[0]`: the paths of the leaves.
  case leafPaths
  /// `.[0]`: every event's path.
  case paths

  /// The shortcut for `program`, or `nil` when it is not one of the forms.
  ///
  /// ```swift
  /// StreamShortcut(program: "select(length == 2) | .[1]")  // .leaves
  /// ```
  init?(program: String) {
    switch program.filter({ !$0.isWhitespace }) {
    case ".": self = .identity
    case "select(length==2)": self = .leafEvents
    case "select(length==2)|.[1]": self = .leaves
    case "select(length==2)|.[0]": self = .leafPaths
    case ".[0]": self = .paths
    default: return nil
    }
  }

  /// The program's output for `event` (at most one), or `nil` for none.
  ///
  /// `event` is an
  /// array of one or two elements, as every `--stream` input is.
  func output(for event: JSON) -> JSON? {
    switch self {
    case .identity: return event
    case .paths: return event.count > 0 ? event.element(0) : .null
    case .leafEvents, .leaves, .leafPaths:
      // (`count`, not `element(2) == nil`: `element` answers `.null`, not `nil`, past
      // the end of a built array.)
      guard event.count == 2, let second = event.element(1) else { return nil }
      switch self {
      case .leafEvents: return event
      case .leaves: return second
      default: return event.element(0)
      }
    }
  }
}
