/// Mutable state that a generator's closure keeps between pulls.
///
/// A `var` captured by an escaping closure lives in a box whose every access Swift checks
/// for exclusivity at run time (`swift_beginAccess`: 10–12% of `[paths]` or of a lazy
/// recursion). A generator is pulled by one thread at a time and no access to its state
/// stays open across a pull, so these checks guard nothing: the state lives here instead,
/// unchecked.
///
///     let index = GeneratorState(0)
///     return Generator {
///       index.value += 1
///       …
///     }
final class GeneratorState<Value> {
  @exclusivity(unchecked) var value: Value

  init(_ value: Value) { self.value = value }
}
