/// A small deterministic generator (SplitMix64), so that random tests repeat exactly: a test
/// that draws from it prints its seed, and the same seed gives the same run.
///
/// ```swift
/// var generator = SplitMix64(seed: 42)
/// let n = Int.random(in: 0..<100, using: &generator)
/// ```
public struct SplitMix64: RandomNumberGenerator {
  /// The generator's whole state; each draw advances it.
  public var state: UInt64

  /// A generator that starts from `seed`.
  public init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
