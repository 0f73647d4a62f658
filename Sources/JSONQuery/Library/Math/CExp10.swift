import CSystemShims

/// `exp10` as jq computes it: the C library's `exp10` (a GNU function, which Swift's C
/// module does not declare, so it comes through CSystemShims).
///
/// It differs from `pow(10, x)`
/// in the last bit for some arguments: glibc's `exp10(-1)` is `0.09999999999999999`, and so
/// is jq's.
///
/// ```swift
/// CExp10.value(2)  // 100
/// ```
enum CExp10 {
  /// 10 raised to `x`, as jq's `exp10` gives it.
  static func value(_ x: Double) -> Double {
    csystemshims_exp10(x)
  }
}
