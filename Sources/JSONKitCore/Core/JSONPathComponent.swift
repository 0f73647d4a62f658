/// One step of a path into a JSON value: an array index or an object key.
public enum JSONPathComponent: Sendable, Hashable, CustomStringConvertible {
  /// An array index.
  case index(Int)
  /// An object key.
  case key(String)

  /// The step in jq's notation: `[3]`, `.name`, or `."odd key"`.
  public var description: String {
    switch self {
    case .index(let i): return "[\(i)]"
    case .key(let k):
      if let first = k.utf8.first, !(48...57).contains(first),
        k.utf8.allSatisfy({
          ($0 >= 97 && $0 <= 122) || ($0 >= 65 && $0 <= 90) || ($0 >= 48 && $0 <= 57) || $0 == 95
        })
      {
        return "." + k
      }
      return "." + JSONWriter.quoted(k)
    }
  }

  /// Renders a whole path; the empty path is `.`.
  public static func render(_ path: [JSONPathComponent]) -> String {
    path.isEmpty ? "." : path.map(\.description).joined()
  }
}

/// The path by which a `JSON` value was reached through subscripts, as a persistent linked
/// list so that a subscript adds one node instead of copying an array.
///
/// `@unchecked Sendable`: `parent` is a `var` only so that `deinit` can unlink a long chain
/// iteratively (a chain a million subscripts deep must not recurse on release); nothing
/// else writes it after `init`.
@usableFromInline
final class PathNode: @unchecked Sendable {
  // Safe: `parent` is written after `init` only by `deinit` (above), when no other reference
  // exists.
  @usableFromInline var parent: PathNode?
  @usableFromInline let component: JSONPathComponent

  @usableFromInline
  init(parent: PathNode?, component: JSONPathComponent) {
    self.parent = parent
    self.component = component
  }

  deinit {
    var next = parent
    parent = nil
    while var node = next {
      next = nil
      guard isKnownUniquelyReferenced(&node) else { return }
      next = node.parent
      node.parent = nil
    }
  }

  /// The components from the root to this node.
  var components: [JSONPathComponent] {
    var result: [JSONPathComponent] = []
    var node: PathNode? = self
    while let n = node {
      result.append(n.component)
      node = n.parent
    }
    return result.reversed()
  }
}
