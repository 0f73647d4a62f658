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

  private(set) var levels: [Level] = []
  /// Frames in `levels`.
  private(set) var frames = 0

  func adding(_ level: Level) -> Scope {
    var copy = self
    copy.levels.append(level)
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
    for level in levels.reversed() {
      guard case .frame(let variables, _) = level else { continue }
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
    for level in levels.reversed() {
      switch level {
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
