// Asking a projection, after the parse, what it kept at a coding path: how a projected
// decode tells a key the document lacks from a key the projection dropped.

extension JSONProjection {
  /// What a projection keeps at one place of the document.
  enum Reach {
    /// The value there is kept whole: nothing below it was dropped.
    case whole
    /// The value there is kept, pruned as the node says.
    case node(Node)
    /// Nothing there is kept: a value found there was dropped by the parser.
    case dropped
  }

  /// What the projection keeps at `items` (array positions count as any element).
  func reach(_ items: [CodingPathItem]) -> Reach {
    var n = 0
    for item in items {
      let node = nodes[n]
      if node.whole { return .whole }
      switch item {
      case .key(let key):
        if node.objectsWhole { return .whole }
        let name = Array(key.stringValue.utf8)
        if let member = node.members.first(where: { $0.name == name }) {
          n = member.node
        } else if node.anyMember >= 0 {
          n = node.anyMember
        } else {
          return .dropped
        }
      case .index:
        if node.arraysWhole { return .whole }
        if node.elements < 0 { return .dropped }
        n = node.elements
      }
    }
    return nodes[n].whole ? .whole : .node(nodes[n])
  }

  /// Whether an object at `items` kept every member (so its keys are all there).
  func keepsEveryMember(at items: [CodingPathItem]) -> Bool {
    switch reach(items) {
    case .whole: return true
    case .node(let node): return node.objectsWhole || node.anyMember >= 0
    case .dropped: return false
    }
  }

  /// Whether an array at `items` kept every element.
  func keepsEveryElement(at items: [CodingPathItem]) -> Bool {
    switch reach(items) {
    case .whole: return true
    case .node(let node): return node.arraysWhole || node.elements >= 0
    case .dropped: return false
    }
  }

  /// Whether a member that an object at `items` lacks is really absent from the document
  /// (the projection would have kept it), rather than dropped.
  func keepsMember(_ name: String, at items: [CodingPathItem]) -> Bool {
    var path = items
    path.append(.key(JSONKitCodingKey(stringValue: name)))
    if case .dropped = reach(path) { return false }
    return true
  }

  /// Whether the value at `items` is kept whole.
  func keepsWhole(at items: [CodingPathItem]) -> Bool {
    if case .whole = reach(items) { return true }
    return false
  }
}
