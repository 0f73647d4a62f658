/// When a run with a time limit (`QueryLimits.time`) passes it.
///
/// A class, held by the executor as a reference: `ContinuousClock.Instant` is not a frozen
/// type, so an `Executor` that stored one would have every stored property after it at an
/// offset read from memory at run time, on every step (`stackGuard`, `memory`, …), whether
/// a time limit is set or not.
final class RunDeadline {
  /// The instant the run's time is up.
  let instant: ContinuousClock.Instant

  /// The deadline `time` from now.
  init(after time: Duration) {
    instant = ContinuousClock.now.advanced(by: time)
  }

  /// Whether the run's time is up.
  var hasPassed: Bool { ContinuousClock.now >= instant }
}
