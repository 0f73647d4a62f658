/// SplitMix64: a tiny PRNG with a fixed algorithm, so the synthetic corpus is byte-for-byte
/// the same on every machine and Swift version (`Int.random(in:using:)` and
/// `SystemRandomNumberGenerator` promise neither).
struct SeededRandom {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound` (modulo bias is irrelevant for test data).
  mutating func below(_ bound: Int) -> Int {
    Int(next() % UInt64(bound))
  }

  /// A number in `range`.
  mutating func int(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + below(range.count)
  }

  /// A double in `[0, 1)`, from the top 53 bits.
  mutating func unit() -> Double {
    Double(next() >> 11) * 0x1p-53
  }

  /// `true` with probability `p`.
  mutating func chance(_ p: Double) -> Bool { unit() < p }

  mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

  /// A string of `count` characters from `alphabet`.
  mutating func text(_ count: Int, from alphabet: [Character]) -> String {
    String((0..<count).map { _ in pick(alphabet) })
  }
}
