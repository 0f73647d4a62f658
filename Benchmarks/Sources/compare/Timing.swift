/// Where operation results go so that the optimizer must compute them.
nonisolated(unsafe) var blackHole = 0

/// Wall-clock timing with interleaving: every round runs every workload once, in the same
/// order, so slow drifts of machine load (other builds, thermal throttling) spread over all
/// subjects instead of penalizing whichever happened to run during the disturbance.
enum Timing {
  /// Each timed sample runs this long (the brief asks for 50-100 ms): long enough that
  /// clock resolution and per-sample overhead vanish, short enough for many rounds.
  static let targetSeconds = 0.075

  /// Seconds taken by `iterations` back-to-back operations.
  static func seconds(iterations: Int, of workload: Workload) throws -> Double {
    let clock = ContinuousClock()
    var sink = 0
    let start = clock.now
    for _ in 0..<iterations {
      sink &+= try workload.operation()
    }
    let elapsed = clock.now - start
    blackHole &+= sink
    let parts = elapsed.components
    return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
  }

  /// How many iterations make one sample last about `targetSeconds`.
  ///
  /// Calibrated once, up
  /// front, so every round times the same amount of work.
  static func calibrate(_ workload: Workload) throws -> Int {
    var iterations = 1
    while true {
      let elapsed = try seconds(iterations: iterations, of: workload)
      if elapsed >= 0.02 {
        let perIteration = elapsed / Double(iterations)
        return max(1, Int((targetSeconds / perIteration).rounded()))
      }
      // Grow fast while samples are tiny, without overshooting a 20 ms probe by much.
      let factor = elapsed > 0 ? min(10, max(2, Int(0.03 / elapsed))) : 10
      iterations *= factor
    }
  }

  /// MB/s of every round for every workload (`result[w][r]`), 1 MB = 1e6 input bytes (or
  /// `unitsPerOperation` per second when the workload sets it).
  static func run(
    _ workloads: [Workload], rounds: Int, progress: (String) -> Void
  ) throws -> [[Double]] {
    var iterations: [Int] = []
    for workload in workloads {
      iterations.append(try calibrate(workload))
    }
    var samples = Array(repeating: [Double](), count: workloads.count)
    for round in 1...rounds {
      progress("round \(round)/\(rounds)")
      for (index, workload) in workloads.enumerated() {
        let elapsed = try seconds(iterations: iterations[index], of: workload)
        let units = workload.unitsPerOperation ?? Double(workload.inputBytes) / 1e6
        samples[index].append(units * Double(iterations[index]) / elapsed)
      }
    }
    return samples
  }
}
