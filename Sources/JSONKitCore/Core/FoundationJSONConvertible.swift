/// A Foundation type that `JSON(_:)` and the literals convert (`NSNumber`, `NSNull`,
/// `NSDictionary`), conformed to in JSONKit, the module that has Foundation.
///
/// JSONKitCore has no Foundation (so `jsonkit` never loads it), yet `JSON(["n": NSNull()])`
/// must keep working for every user of `import JSONKit`: `JSON.convert` asks the value
/// itself, and the conformances come with JSONKit whenever Foundation's types can exist.
///
/// ```swift
/// extension NSNull: FoundationJSONConvertible {
///   package var convertedJSON: JSON { .null }
/// }
/// ```
package protocol FoundationJSONConvertible {
  /// The value as JSON (a value whose `error` says why when it has no JSON form).
  var convertedJSON: JSON { get }
}
