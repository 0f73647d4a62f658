import Foundation

@testable import JSONQuery

/// Whether this test process runs under AddressSanitizer (`Scripts/check-sanitizers address`),
/// and what that changes for the suites on limits.
///
/// ASan makes the evaluator's native frames several times larger, so a program that nests
/// without end (`def f: 1 + f; f`, `def f: ., f; [f]`) meets the evaluator's stack guard
/// ("evaluation nested too deeply") before a step or depth limit set in the thousands. Both
/// stop the run with a resource-limit error that `try` cannot catch; those suites accept the
/// guard's under ASan, and only there.
enum AddressSanitizer {
  /// Whether ASan's runtime is in the process (or its options are set, as the script does).
  static let isOn: Bool =
    dlsym(nil, "__asan_init") != nil || ProcessInfo.processInfo.environment["ASAN_OPTIONS"] != nil

  /// Whether `error` is the stack guard's, under ASan.
  static func stoppedByGuardInstead(_ error: QueryError?) -> Bool {
    isOn && error?.isResourceLimit == true
      && error?.message == "evaluation nested too deeply (stack limit reached)"
  }
}
