#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `exp10` as jq computes it: the C library's `exp10` (a GNU function, which Swift's C
/// module does not declare), found at run time; `pow(10, x)` where there is none. The two
/// differ in the last bit for some arguments: glibc's `exp10(-1)` is
/// `0.09999999999999999`, and so is jq's.
///
/// ```swift
/// CExp10.value(2)  // 100
/// ```
enum CExp10 {
  private typealias Function = @convention(c) (Double) -> Double

  /// The C library's `exp10`, if it has one.
  private static let function: Function? = {
    #if canImport(Glibc)
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "exp10") else {
        return nil
      }
      return unsafeBitCast(symbol, to: Function.self)
    #else
      return nil
    #endif
  }()

  /// 10 raised to `x`, as jq's `exp10` gives it.
  static func value(_ x: Double) -> Double {
    if let function { return function(x) }
    return pow(10, x)
  }
}
