import JSONKitCore

/// What a compilation unit sees outside its own scopes: imported and prelude definitions
/// by "name/arity", imported data variables, and the variables the caller supplies.
struct Globals {
  var functions: [String: FunctionRef] = [:]
  var constants: [String: JSON] = [:]
  var contextVariables: Set<String> = []
}

/// The compile-time scope chain: frames (whose variables and parameters are slots of a
/// run-time `Frame`) and definitions (which cost nothing at run time).
struct Scope {
  enum Level {
    /// A run-time frame: variable slots by name, closure slots by "name/0".
    case frame(variables: [String: Int], closures: [String: Int])
    /// `def`: calls of `key` here reach `ref`, whose body runs in the frame the
    /// definition was made in (`frames` frames deep).
    case definition(key: String, ref: FunctionRef, frames: Int)
    /// The parameters of an inlined definition: each call of one is its argument, compiled
    /// at the call site (the inlined body adds no frame, so its slots still hold).
    case inlined(arguments: [String: Node])
  }

  /// One level and the levels outside it: a scope shares its outer levels with the scope it
  /// was made from.
  ///
  /// A list, not an array: every `def` adds a level, and copying an array of levels per
  /// definition made 100,000 definitions cost 100 s to compile (quadratic); adding a link
  /// costs the same however many levels there are.
  private final class Link {
    let level: Level
    /// Not a `let`: `deinit` unlinks the chain it alone holds, so that a scope 100,000 levels
    /// deep is freed in a loop, not in one nested release per level.
    var outer: Link?

    init(_ level: Level, outer: Link?) {
      self.level = level
      self.outer = outer
    }

    deinit {
      var next = outer
      outer = nil
      while isKnownUniquelyReferenced(&next) {
        let following = next!.outer
        next!.outer = nil
        next = following
      }
    }
  }

  /// The innermost level, `nil` in an empty scope.
  private var innermost: Link?
  /// Frames in the levels.
  private(set) var frames = 0

  func adding(_ level: Level) -> Scope {
    var copy = self
    copy.innermost = Link(level, outer: innermost)
    if case .frame = level { copy.frames += 1 }
    return copy
  }

  /// A frame of variables only.
  func addingFrame(variables: [String]) -> Scope {
    var slots: [String: Int] = [:]
    for name in variables where slots[name] == nil { slots[name] = slots.count }
    return adding(.frame(variables: slots, closures: [:]))
  }

  /// The slot of `$name`, if a frame binds it.
  func variable(_ name: String) -> FrameSlot? {
    var hops = 0
    var link = innermost
    while let current = link {
      link = current.outer
      guard case .frame(let variables, _) = current.level else { continue }
      if let index = variables[name] { return FrameSlot(hops: hops, index: index) }
      hops += 1
    }
    return nil
  }

  enum Callee {
    case definition(FunctionRef, FrameReference)
    case closure(FrameSlot)
    case inlined(Node)
  }

  /// What a call of `key` reaches in these scopes, if anything.
  func function(_ key: String) -> Callee? {
    var hops = 0
    var link = innermost
    while let current = link {
      link = current.outer
      switch current.level {
      case .definition(let name, let ref, let depth):
        if name == key {
          return .definition(ref, depth == 0 ? .global : .enclosing(hops: frames - depth))
        }
      case .inlined(let arguments):
        if let argument = arguments[key] { return .inlined(argument) }
      case .frame(_, let closures):
        if let index = closures[key] { return .closure(FrameSlot(hops: hops, index: index)) }
        hops += 1
      }
    }
    return nil
  }
}
