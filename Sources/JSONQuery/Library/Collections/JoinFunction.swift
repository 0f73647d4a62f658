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
    // `nil` until the first element: the reduction's null state.
    var text: String?
    for item in items {
      if text == nil { text = "" } else { try append(separator, to: &text!) }
      switch item.type {
      case .null: try append(JSON(""), to: &text!)
      case .bool, .number: try append(JSON(ValueOps.json(item)), to: &text!)
      default: try append(item, to: &text!)
      }
    }
    return JSON(text ?? "")
  }

  /// `text + addend` as jq's `+` of a string: a string is appended, null adds nothing, and
  /// anything else is `ValueOps.add`'s error.
  private static func append(_ addend: JSON, to text: inout String) throws {
    switch addend.type {
    case .null: return
    case .string:
      let extra = addend.stringValue
      let count = text.utf8.count + extra.utf8.count
      try MemoryBudget.check(Double(count), "a string of \(count) bytes")
      text += extra
    default:
      _ = try ValueOps.add(JSON(text), addend)
      preconditionFailure("a string and a \(ValueOps.typeName(addend)) were added")
    }
  }
}
