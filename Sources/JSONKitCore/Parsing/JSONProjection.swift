/// The parts of each parsed value a reader will look at; the parser builds only those.
///
/// A projection is a set of paths. Along a path, objects keep only the members the path
/// names and arrays keep every element (so indexes, lengths and negative indexes mean what
/// they meant); the value at the end of a path is kept whole. Everything else is checked as
/// strictly as always (syntax, UTF-8, escapes, depth) but never stored: on a 100 MB document
/// read for one field per record, the parse then costs little more than yajl's own scan
/// and almost no memory.
///
/// A container is kept whole wherever a path could look at it in a way that does not prune
/// it: an object met by an index step, an array met by a key step. So reading a projected
/// value along its paths gives the same results, and the same errors, as reading the full
/// value.
///
/// ```swift
/// // Only .statuses[].user.screen_name is built; each status is {"user": {"screen_name": …}}.
/// let projection = JSONProjection(paths: [[.key("statuses"), .each, .key("user"), .key("screen_name")]])
/// let json = try JSONParser.parse(data, options: .init(projection: projection))
/// ```
public struct JSONProjection: Sendable, Hashable {
  /// One step of a path.
  public enum Step: Sendable, Hashable {
    /// An object member (`.name`). Arrays met here are kept whole.
    case key(String)
    /// Some elements of an array (`.[n]`): every element is kept, projected by the rest of
    /// the path. Objects met here are kept whole.
    case element
    /// Every element of an array and every member of an object (`.[]`).
    case each
  }

  /// Nodes of the path trie; node 0 is the root value.
  @usableFromInline let nodes: [Node]

  /// How one position of the trie treats the value found there.
  @usableFromInline
  struct Node: Sendable, Hashable {
    /// The value is kept whole (a path ends here).
    var whole = false
    /// Objects met here are kept whole; otherwise they keep `members` (and, with
    /// `anyMember`, every member).
    var objectsWhole = false
    /// Arrays met here are kept whole; otherwise their elements go to `elements`.
    var arraysWhole = false
    /// Member names (UTF-8) and their nodes, for objects.
    var members: [(name: [UInt8], node: Int)] = []
    /// The node for members not in `members` (`.[]` on an object), or -1: not kept.
    var anyMember = -1
    /// The node for array elements, or -1.
    var elements = -1

    @usableFromInline
    static func == (a: Node, b: Node) -> Bool {
      a.whole == b.whole && a.objectsWhole == b.objectsWhole && a.arraysWhole == b.arraysWhole
        && a.anyMember == b.anyMember && a.elements == b.elements
        && a.members.elementsEqual(b.members) { $0.name == $1.name && $0.node == $1.node }
    }

    @usableFromInline
    func hash(into hasher: inout Hasher) {
      hasher.combine(whole)
      hasher.combine(members.count)
      for member in members { hasher.combine(member.name) }
    }
  }

  /// A projection that keeps the values at the end of each path (and the containers on the
  /// way to them, pruned).
  ///
  /// An empty path keeps the whole value; no paths keep nothing but
  /// the root's type (`{}` or `[]` with pruned elements).
  ///
  /// ```swift
  /// JSONProjection(paths: [[.key("a"), .key("b")], [.key("c"), .each]])
  /// ```
  public init(paths: [[Step]]) {
    self.init(paths: paths, visiting: [])
  }

  /// A projection that keeps the values at the end of `paths` whole, and the containers
  /// along `visiting` pruned: a reader that goes along a visited path without looking at
  /// what it finds (`.a[] | 1` counts the elements of `.a`) finds the same containers, the
  /// same number of elements and members, and the same types as in the full value.
  ///
  /// ```swift
  /// // .a's elements are kept (as {} / [] / scalars), so `.a[] | 1` outputs as many 1s.
  /// JSONProjection(paths: [], visiting: [[.key("a"), .each]])
  /// ```
  public init(paths: [[Step]], visiting: [[Step]]) {
    var builder = Builder()
    for path in paths { builder.add(path) }
    for path in visiting { builder.visit(path) }
    builder.resolveAnyMembers(0)
    nodes = builder.nodes
  }

  /// Whether the projection keeps every value whole, so that it saves nothing.
  public var keepsEverything: Bool { nodes[0].whole }

  /// Builds the trie.
  private struct Builder {
    var nodes = [Node()]

    mutating func add(_ path: [Step]) {
      var node = 0
      for step in path {
        if nodes[node].whole { return }
        node = child(of: node, step)
      }
      nodes[node].whole = true
    }

    /// The containers along `path`, without keeping the value at its end whole.
    mutating func visit(_ path: [Step]) {
      var node = 0
      for step in path {
        if nodes[node].whole { return }
        node = child(of: node, step)
      }
    }

    mutating func child(of node: Int, _ step: Step) -> Int {
      switch step {
      case .key(let name):
        nodes[node].arraysWhole = true
        let bytes = Array(name.utf8)
        if let existing = nodes[node].members.first(where: { $0.name == bytes }) {
          return existing.node
        }
        let new = makeNode()
        nodes[node].members.append((bytes, new))
        return new
      case .element:
        nodes[node].objectsWhole = true
        if nodes[node].elements < 0 { nodes[node].elements = makeNode() }
        return nodes[node].elements
      case .each:
        // One node serves both: keeping more than needed is always safe.
        let shared = nodes[node].elements >= 0 ? nodes[node].elements : nodes[node].anyMember
        let new = shared >= 0 ? shared : makeNode()
        nodes[node].elements = new
        nodes[node].anyMember = new
        return new
      }
    }

    mutating func makeNode() -> Int {
      nodes.append(Node())
      return nodes.count - 1
    }

    /// A member named by a key step is also reached by `.[]`: merge `anyMember`'s paths
    /// into each named member's node, so looking a member up needs only one node.
    mutating func resolveAnyMembers(_ node: Int) {
      let any = nodes[node].anyMember
      if any >= 0 {
        for member in nodes[node].members { merge(from: any, into: member.node) }
      }
      // The `.each` node can be both `elements` and `anyMember`: visit it once.
      var children = nodes[node].members.map(\.node)
      if nodes[node].elements >= 0 { children.append(nodes[node].elements) }
      if any >= 0 && any != nodes[node].elements { children.append(any) }
      for child in children where child > node { resolveAnyMembers(child) }
    }

    /// Adds the paths below `source` to those below `target` (copying nodes; the trie stays
    /// a tree, except for the `.each` node shared by elements and members).
    mutating func merge(from source: Int, into target: Int) {
      guard source != target else { return }
      let s = nodes[source]
      nodes[target].whole = nodes[target].whole || s.whole
      nodes[target].objectsWhole = nodes[target].objectsWhole || s.objectsWhole
      nodes[target].arraysWhole = nodes[target].arraysWhole || s.arraysWhole
      for member in s.members {
        let child: Int
        if let existing = nodes[target].members.first(where: { $0.name == member.name }) {
          child = existing.node
        } else {
          child = makeNode()
          nodes[target].members.append((member.name, child))
        }
        merge(from: member.node, into: child)
      }
      if s.elements >= 0 {
        if nodes[target].elements < 0 { nodes[target].elements = makeNode() }
        merge(from: s.elements, into: nodes[target].elements)
      }
      if s.anyMember >= 0 {
        if nodes[target].anyMember < 0 {
          nodes[target].anyMember = s.anyMember == s.elements ? nodes[target].elements : makeNode()
        }
        merge(from: s.anyMember, into: nodes[target].anyMember)
      }
    }
  }
}
