/// How a failed access is kept inside a `JSON` value.
@usableFromInline
enum FailedAccess: Sendable {
  /// Any failure, with its error or what it takes to work the error out.
  case boxed(ErrorBox)
  /// A key missing from an object of a parsed document. The commonest failure (an optional
  /// field that is absent) costs no allocation: the value's `trail` holds the document and
  /// its `location` the object's block, from which `JSON.error` works out the path.
  case missingKey(String)
}

/// Holds the error of a failed access, so that `JSON` stays small.
///
/// An access that fails inside a parsed document (a missing optional field, say) is common
/// and usually only tested with `exists()` or read as `nil`; so its error is kept as the
/// failure and the value it happened on, and the message's path and preview are worked out
/// when `error` is read.
@usableFromInline
final class ErrorBox: Sendable {
  private let made: JSONError?
  private let pending: PendingAccessFailure?

  init(_ error: JSONError) {
    made = error
    pending = nil
  }

  init(_ failure: PendingAccessFailure) {
    made = nil
    pending = failure
  }

  /// The error, with its full path.
  var error: JSONError {
    // Safe: each `init` sets exactly one of `made` and `pending`, so `pending` is set when `made`
    // is not.
    if let made { return made }
    return pending.unsafelyUnwrapped.error
  }

  /// Whether this is a `JSON(_:)` conversion that failed (its `type` is `.unknown`).
  var isConversionFailure: Bool {
    guard let made, case .conversion = made.reason else { return false }
    return true
  }
}

/// A failed subscript, kept with the value it was applied to until its error is read.
@usableFromInline
enum PendingAccessFailure: Sendable {
  /// `parent[key]` where `parent` is an object without `key`.
  case keyNotFound(parent: JSON, key: String)
  /// `parent[index]` where `parent` is an array of `count` elements.
  case indexOutOfBounds(parent: JSON, index: Int, count: Int)
  /// A subscript of `value`, which is not the `expected` container.
  case wrongType(value: JSON, expected: JSONType)

  var error: JSONError {
    switch self {
    case .keyNotFound(let parent, let key):
      return JSONError(.access(.keyNotFound(key)), path: parent.path + [.key(key)])
    case .indexOutOfBounds(let parent, let index, let count):
      return JSONError(
        .access(.indexOutOfBounds(index: index, count: count)), path: parent.path + [.index(index)])
    case .wrongType(let value, let expected):
      return JSONError(
        .access(.wrongType(expected: expected, found: value.type, preview: value.preview)),
        path: value.path)
    }
  }
}
