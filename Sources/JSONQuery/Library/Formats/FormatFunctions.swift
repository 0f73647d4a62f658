import JSONKitCore

/// `format(name)`: the `@name` formats called by a name computed at run time, through the
/// same dispatch as `@name` itself (`Formats.apply`), so both know the same formats and
/// fail with the same "… is not a valid format".
enum FormatFunctions {
  static let table: [String: ValueFunctions.Body] = [
    "format/1": { input, arguments throws in
      // jq's `f_format`: a name that is not a string is a type error.
      guard arguments[0].type == .string else {
        throw QueryError.runtime("\(ValueOps.describe(arguments[0])) is not a valid format")
      }
      return JSON(try Formats.apply(arguments[0].stringValue, input))
    }
  ]
}
