import JSONKit

/// A function visible at a call site: a definition and the scope it was defined in.
struct Closure: Sendable {
  var definition: FunctionDefinition
  var scope: Environment
  /// Whether the body sees the function under its own name (a `def`, which may recurse).
  /// A closure parameter does not: in `def h(f): g(f);`, the `f` passed to `g` is `h`'s
  /// argument, and inside it `f` must still mean whatever it meant at `h`'s call site.
  var bindsItself = true
}

/// An immutable scope: variables, functions and labels, each layer pointing at its parent.
final class Environment: Sendable {
  let parent: Environment?
  let variables: [String: JSON]
  let functions: [String: Closure]
  let labels: [String: Int]

  init(
    parent: Environment?, variables: [String: JSON] = [:], functions: [String: Closure] = [:],
    labels: [String: Int] = [:]
  ) {
    self.parent = parent
    self.variables = variables
    self.functions = functions
    self.labels = labels
  }

  /// The first value `lookup` finds, walking from this scope out to the outermost.
  private func find<T>(_ lookup: (Environment) -> T?) -> T? {
    var scope: Environment? = self
    while let current = scope {
      if let found = lookup(current) { return found }
      scope = current.parent
    }
    return nil
  }

  func variable(_ name: String) -> JSON? { find { $0.variables[name] } }
  func function(_ key: String) -> Closure? { find { $0.functions[key] } }
  func label(_ name: String) -> Int? { find { $0.labels[name] } }
}
