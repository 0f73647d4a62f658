import JSONKitCore

/// `bsearch` and `_strindices`: searches jq implements in C.
enum SearchFunctions {
  static let table: [String: ValueFunctions.Body] = [
    "bsearch/1": { input, arguments throws in
      guard input.type == .array else {
        throw QueryError.runtime("\(ValueOps.describe(input)) cannot be searched from")
      }
      let elements = ValueOps.elements(input)
      var low = 0
      var high = elements.count - 1
      while low <= high {
        let middle = (low + high) / 2
        let order = JSON.compare(elements[middle], arguments[0])
        if order == 0 { return JSON(middle) }
        if order < 0 { low = middle + 1 } else { high = middle - 1 }
      }
      return JSON(-1 - low)
    },
    "_strindices/1": { input, arguments throws in
      guard let text = input.string else {
        throw QueryError.runtime(
          "\(ValueOps.describe(input)) cannot be searched, as it is not a string")
      }
      guard let pattern = arguments[0].string else {
        throw QueryError.runtime("\(ValueOps.describe(arguments[0])) is not a string")
      }
      return ValueOps.stringIndices(text, pattern)
    },
  ]
}
