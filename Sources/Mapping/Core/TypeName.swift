import Foundation

/// A type's name as Swift source spells it, for error messages: `[String]`,
/// `[String: Int]`, `Int?`, `Set<User>` (the runtime prints `Array<String>`,
/// `Dictionary<String, Int>`, `Optional<Int>`).
///
/// Runs only when an error is made, so it rewrites the runtime's name text instead of
/// keeping a table of types.
@usableFromInline
func typeName<T>(_ type: T.Type) -> String {
  TypeNameRewriter.rewrite(String(describing: type))
}

enum TypeNameRewriter {
  /// Rewrites every generic `Array<…>`, `Dictionary<…, …>` and `Optional<…>` in `name`.
  static func rewrite(_ name: String) -> String {
    var scanner = Scanner(text: Array(name))
    let result = scanner.type()
    // Anything the grammar did not expect is kept as the runtime printed it.
    return scanner.atEnd ? result : name
  }

  /// Recursive descent over `Name<Arg, Arg>` (with nested generics, tuples and closures
  /// passed through as text).
  private struct Scanner {
    let text: [Character]
    var index = 0

    var atEnd: Bool { index == text.count }

    mutating func type() -> String {
      var name = ""
      while index < text.count, !"<>,".contains(text[index]) {
        name.append(text[index])
        index += 1
      }
      name = name.trimmingCharacters(in: .whitespaces)
      guard index < text.count, text[index] == "<" else { return name }
      index += 1
      var arguments: [String] = []
      while index < text.count {
        arguments.append(type())
        guard index < text.count else { break }
        let separator = text[index]
        index += 1
        if separator == ">" { break }
      }
      switch (name, arguments.count) {
      case ("Array", 1), ("Swift.Array", 1): return "[\(arguments[0])]"
      case ("Dictionary", 2), ("Swift.Dictionary", 2): return "[\(arguments[0]): \(arguments[1])]"
      case ("Optional", 1), ("Swift.Optional", 1):
        let wrapped = arguments[0]
        // `(() -> Int)?` needs parentheses; plain names do not.
        return wrapped.contains(" ") && !wrapped.hasPrefix("[") ? "(\(wrapped))?" : "\(wrapped)?"
      default: return "\(name)<\(arguments.joined(separator: ", "))>"
      }
    }
  }
}
