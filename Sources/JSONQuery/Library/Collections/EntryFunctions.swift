import JSONKitCore

/// `to_entries` and `from_entries` in Swift, with the outputs and errors of jq 1.8's
/// definitions in `src/builtin.jq` (below).
///
///     def to_entries: [keys_unsorted[] as $k | {key: $k, value: .[$k]}];
///     def from_entries: map({ (.key // .Key // .name // .Name):
///       if has("value") then .value else .Value end }) | add // {};
///
/// Run as jq, each entry cost an object construction, four alternatives and a merge of
/// the accumulated object; here an entry is a lookup or two and one insertion.
enum EntryFunctions {
  static let table: [String: ValueFunctions.Body] = [
    "to_entries/0": { input, _ in try toEntries(input) },
    "from_entries/0": { input, _ in try fromEntries(input) },
  ]

  static func toEntries(_ value: JSON) throws(QueryError) -> JSON {
    // `keys_unsorted` decides what has entries: objects by key, arrays by index.
    let keys = ValueOps.elements(try ValueOps.keys(value, sorted: false))
    var entries: [JSON] = []
    entries.reserveCapacity(keys.count)
    for key in keys {
      entries.append(ValueOps.object([("key", key), ("value", try ValueOps.index(value, key))]))
    }
    return JSON(array: entries)
  }

  static func fromEntries(_ value: JSON) throws(QueryError) -> JSON {
    // `map(f)` is `[.[] | f]`: the values of an object are entries too.
    let entries: [JSON]
    switch value.type {
    case .array: entries = ValueOps.elements(value)
    case .dictionary: entries = ValueOps.members(value).map(\.1)
    default: throw QueryError.runtime("Cannot iterate over \(ValueOps.describe(value))")
    }
    if entries.isEmpty { return JSON([:]) }
    var result = JSON([:])
    for entry in entries {
      // As jq builds `{(k): v}`: the key, then the value, then the key's type is checked.
      let key = try entryKey(entry)
      // `has("value")`: null has nothing; an object is the only other entry left here
      // (anything else failed at `.key`).
      let member = entry.member("value") ?? entry.member("Value") ?? .null
      guard key.type == .string else { throw Executor.objectKeyError(key) }
      result.withUniqueMember(key.stringValue) { $0 = member }
    }
    return result
  }

  /// `.key // .Key // .name // .Name`: the first truthy one, else whatever `.Name` is.
  ///
  /// In
  /// jq 1.8 `//` lets an error of its left side through, so a failing `.key` (an entry
  /// that is not an object or null) is the error.
  private static func entryKey(_ entry: JSON) throws(QueryError) -> JSON {
    for name in ["key", "Key", "name"] {
      let candidate = try ValueOps.index(entry, JSON(name))
      if ValueOps.isTruthy(candidate) { return candidate }
    }
    return try ValueOps.index(entry, JSON("Name"))
  }
}
