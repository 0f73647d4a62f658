import CYajlNoop

/// Measures how much heap a parsed value keeps alive, with glibc's own accounting rather
/// than an interposed malloc: the runner needs no special build or preload, and the figure
/// covers every allocation made by Swift, Foundation and C code alike.
enum HeapMeter {
  /// Bytes the C heap currently has handed out (mallinfo2 `uordblks` + `hblkhd`; the mmap
  /// part matters because a multi-megabyte tape or buffer is served by mmap, not the arenas).
  static func bytesInUse() -> Int {
    Int(benchmark_heap_in_use())
  }

  /// Average heap growth between just before `make` and just after it, while its result is
  /// still alive.
  ///
  /// Temporary buffers freed inside `make` do not count; only what the value
  /// holds does. A first unmeasured call lets one-time allocations (caches, lazily created
  /// globals) happen outside the measurement.
  static func bytesHeld<Value>(samples: Int = 3, by make: () throws -> Value) rethrows -> Double {
    withExtendedLifetime(try make()) {}
    var total = 0
    for _ in 0..<samples {
      let before = bytesInUse()
      let value = try make()
      let after = bytesInUse()
      withExtendedLifetime(value) {}
      total += after - before
    }
    return Double(total) / Double(samples)
  }
}
