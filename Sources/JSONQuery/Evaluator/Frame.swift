import JSONKitCore

/// The run-time values of one scope: what a binding (`as`, `reduce`, `foreach`, `label`)
/// or a call with parameters introduces.
///
/// Compiled code reaches a slot by `FrameSlot`: `hops`
/// parents up, then an index. Frames are created and read by one run only.
final class Frame {
  let parent: Frame?
  // Unchecked: a frame belongs to one run, evaluated by one thread, and no access to its
  // values stays open across a call (see `GeneratorState`); read on every variable use.
  @exclusivity(unchecked) var values: [JSON]
  let closures: [ClosureValue]

  init(parent: Frame?, values: [JSON], closures: [ClosureValue] = []) {
    self.parent = parent
    self.values = values
    self.closures = closures
  }
}

/// A closure argument: the argument's code and the frame of the call that passed it.
struct ClosureValue {
  let body: Node
  let frame: Frame?
}

extension Optional where Wrapped == Frame {
  /// The frame `hops` parents up.
  @inline(__always)
  func up(_ hops: Int) -> Frame? {
    var frame = self
    var left = hops
    while left > 0 {
      frame = frame!.parent
      left -= 1
    }
    return frame
  }
}
