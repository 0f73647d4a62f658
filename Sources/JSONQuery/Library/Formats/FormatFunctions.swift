import JSONKit

/// `format(name)`: the `@name` formats called by a name computed at run time, through the
/// same dispatch as `@name` itself (`Formats.apply`), so both know the same formats and
/// fail with the same "… is not a valid format".
enum FormatFunctions {
  static let table: [String: ValueFunctions.Body] = [
    "format/1": { input, arguments throws in
      let name =
        arguments[0].type == .string ? arguments[0].stringValue : ValueOps.text(arguments[0])
      return JSON(try Formats.apply(name, input))
    }
  ]
}
