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

  /// What the projection keeps at `items` followed by the member `name`, if given (array
  /// positions count as any element).
  ///
  /// Walks the trie without allocating: a projected decode asks this for every key an
  /// object lacks.
  func reach(_ items: ArraySlice<CodingPathItem>, member name: String? = nil) -> Reach {
    var n = 0
    for item in items {
      switch item {
      case .key(let key):
        guard let next = memberNode(of: n, key.stringValue) else { return .whole }
        if next < 0 { return .dropped }
        n = next
      case .index:
        let node = nodes[n]
        if node.whole || node.arraysWhole { return .whole }
        if node.elements < 0 { return .dropped }
        n = node.elements
      }
    }
    if let name {
      guard let next = memberNode(of: n, name) else { return .whole }
      if next < 0 { return .dropped }
      n = next
    }
    return nodes[n].whole ? .whole : .node(nodes[n])
  }

  /// The node of the member `name` of an object at node `n`: `nil` when the object is kept
  /// whole, -1 when the member is dropped.
  private func memberNode(of n: Int, _ name: String) -> Int? {
    let node = nodes[n]
    if node.whole || node.objectsWhole { return nil }
    if let member = node.members.first(where: { $0.name.elementsEqual(name.utf8) }) {
      return member.node
    }
    return node.anyMember >= 0 ? node.anyMember : -1
  }

  /// Whether an object at `items` kept every member (so its keys are all there).
  func keepsEveryMember(at items: ArraySlice<CodingPathItem>) -> Bool {
    switch reach(items) {
    case .whole: return true
    case .node(let node): return node.objectsWhole || node.anyMember >= 0
    case .dropped: return false
    }
  }

  /// Whether an array at `items` kept every element.
  func keepsEveryElement(at items: ArraySlice<CodingPathItem>) -> Bool {
    switch reach(items) {
    case .whole: return true
    case .node(let node): return node.arraysWhole || node.elements >= 0
    case .dropped: return false
    }
  }

  /// Whether a member that an object at `items` lacks is really absent from the document
  /// (the projection would have kept it), rather than dropped.
  func keepsMember(_ name: String, at items: ArraySlice<CodingPathItem>) -> Bool {
    if case .dropped = reach(items, member: name) { return false }
    return true
  }

  /// Whether the value at `items` is kept whole.
  func keepsWhole(at items: ArraySlice<CodingPathItem>) -> Bool {
    if case .whole = reach(items) { return true }
    return false
  }
}
