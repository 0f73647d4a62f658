import JSONKitCore

/// `join($x)`, which jq 1.8 defines in jq as `reduce .[] as $i (null; (if . == null then ""
/// else . + $x end) + ($i | if . == null then "" elif type == "boolean" or type == "number"
/// then tojson else . end)) | if . == null then "" else . end`, computed into one growing
/// string: the definition's `+` made a new string per element, and a join cost the square
/// of its length.
///
/// Each step that definition would fail on fails with its error (the `+`
/// of the text so far and the separator or the element).
///
/// ```
/// [1, null, "a", true] | join("-")   # "1--a-true"
/// ```
enum JoinFunction {
  static let table: [String: ValueFunctions.Body] = [
    "join/1": { input, arguments throws in try join(input, separator: arguments[0]) }
  ]

  static func join(_ input: JSON, separator: JSON) throws -> JSON {
    let items: [JSON]
    switch input.type {
    case .array: items = ValueOps.elements(input)
    case .dictionary: items = ValueOps.members(input).map(\.1)
    default: throw QueryError.runtime("Cannot iterate over \(ValueOps.describe(input))")
    }
    // The run's budget, read once: nothing is counted while the text grows, so one bound
    // holds for every element.
    let budget = MemoryBudget.current
    let largest = MemoryBudget.largestGrowing(in: budget)
    // `nil` until the first element: the reduction's null state.
    var text: String?
    for item in items {
      if text == nil {
        text = ""
      } else {
        try append(separator, to: &text!, largest: largest, budget: budget)
      }
      switch item.type {
      case .null: break
      case .bool, .number:
        try append(JSON(ValueOps.json(item)), to: &text!, largest: largest, budget: budget)
      default: try append(item, to: &text!, largest: largest, budget: budget)
      }
    }
    return JSON(text ?? "")
  }

  /// `text + addend` as jq's `+` of a string: a string is appended, null adds nothing, and
  /// anything else is `ValueOps.add`'s error.
  ///
  /// A text longer than `largest` (`MemoryBudget.largestGrowing(in: budget)`) is checked
  /// against `budget` before it grows.
  private static func append(
    _ addend: JSON, to text: inout String, largest: Int, budget: MemoryBudget?
  ) throws {
    switch addend.type {
    case .null: return
    case .string:
      let extra = addend.stringValue
      let count = text.utf8.count + extra.utf8.count
      if count > largest {
        try MemoryBudget.failGrowing(count, "a string of \(count) bytes", in: budget)
      }
      text += extra
    default:
      _ = try ValueOps.add(JSON(text), addend, budget: budget)
      preconditionFailure("a string and a \(ValueOps.typeName(addend)) were added")
    }
  }
}
