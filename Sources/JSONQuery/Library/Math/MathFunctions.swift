import JSONKitCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The C math library functions jq's manual lists, with jq's error for a non-number.
enum MathFunctions {
  static let table: [String: ValueFunctions.Body] = {
    var table: [String: ValueFunctions.Body] = [:]
    let unary: [(String, @Sendable (Double) -> Double)] = [
      ("acos", acos), ("acosh", acosh), ("asin", asin), ("asinh", asinh), ("atan", atan),
      ("atanh", atanh), ("cbrt", cbrt), ("cos", cos), ("cosh", cosh), ("exp10", CExp10.value),
      ("exp2", exp2), ("expm1", expm1), ("fabs", fabs), ("gamma", lgamma), ("lgamma", lgamma),
      ("tgamma", tgamma), ("log10", log10), ("log1p", log1p), ("log2", log2),
      ("logb", logb), ("nearbyint", nearbyint), ("rint", rint), ("sin", sin), ("sinh", sinh),
      ("tan", tan), ("tanh", tanh), ("trunc", trunc), ("y0", y0), ("y1", y1), ("j0", j0),
      ("j1", j1), ("erf", erf), ("erfc", erfc),
    ]
    for (name, f) in unary {
      table["\(name)/0"] = { input, _ throws in
        ValueOps.number(f(try number(input, name)))
      }
    }
    let binary: [(String, @Sendable (Double, Double) -> Double)] = [
      ("atan2", atan2), ("copysign", copysign), ("drem", remainder), ("fdim", fdim), ("fmax", fmax),
      ("fmin", fmin), ("fmod", fmod), ("hypot", hypot), ("nextafter", nextafter),
      ("nexttoward", nextafter), ("scalb", scalb),
      ("scalbln", { scalbln($0, cInt64($1)) }),
      ("ldexp", { ldexp($0, cInt32($1)) }),
      ("remainder", remainder),
      // jq passes the order as a double to C's `jn(int, double)`, which truncates it.
      ("jn", { jn(cInt32($0), $1) }),
      ("yn", { yn(cInt32($0), $1) }),
    ]
    for (name, f) in binary {
      table["\(name)/2"] = { _, arguments throws in
        ValueOps.number(f(try number(arguments[0], name), try number(arguments[1], name)))
      }
    }
    table["fma/3"] = { _, arguments throws in
      ValueOps.number(
        fma(
          try number(arguments[0], "fma"), try number(arguments[1], "fma"),
          try number(arguments[2], "fma")))
    }
    table["frexp/0"] = { input, _ throws in
      var exponent: Int32 = 0
      let mantissa = frexp(try number(input, "frexp"), &exponent)
      return [ValueOps.number(mantissa), JSON(Int(exponent))]
    }
    // jq's LIBM_DA: the function's value and what it stores through its pointer.
    table["lgamma_r/0"] = { input, _ throws in
      var sign: Int32 = 0
      let value = lgamma_r(try number(input, "lgamma_r"), &sign)
      return [ValueOps.number(value), JSON(Int(sign))]
    }
    table["modf/0"] = { input, _ throws in
      var whole = 0.0
      let fraction = modf(try number(input, "modf"), &whole)
      return [ValueOps.number(fraction), ValueOps.number(whole)]
    }
    return table
  }()

  /// A double converted to C's `int` as jq's C code does it on x86-64 (`cvttsd2si`):
  /// truncated toward zero, and NaN or out of range gives `INT_MIN`.
  static func cInt32(_ d: Double) -> Int32 {
    d.isNaN || d <= -2_147_483_649 || d >= 2_147_483_648 ? Int32.min : Int32(d)
  }

  /// The same conversion to C's `long`: out of range gives `LONG_MIN`.
  static func cInt64(_ d: Double) -> Int {
    d.isNaN || d < -9_223_372_036_854_775_808 || d >= 9_223_372_036_854_775_808 ? Int.min : Int(d)
  }

  static func number(_ value: JSON, _ name: String) throws(QueryError) -> Double {
    guard value.type == .number else {
      throw QueryError.runtime("\(ValueOps.describe(value)) number required")
    }
    return value.jqDouble
  }
}
