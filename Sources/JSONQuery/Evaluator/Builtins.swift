import Foundation
@_spi(JSONKitInternals) import JSONKit

/// Builtins implemented in Swift: those that need the evaluator (closures, paths, control)
/// and the value functions the prelude is built on.
enum Builtins {
  /// Keys "name/arity" of every builtin handled here (for compile-time name checks).
  static let names: Set<String> = Set(NativeFunctions.table.keys).union(switchNames)

  /// The builtins of the switch in `call`.
  private static let switchNames: Set<String> = [
    "empty/0", "error/0", "error/1", "not/0", "length/0", "keys/0", "keys_unsorted/0", "type/0",
    "tostring/0", "tojson/0", "fromjson/0", "tonumber/0", "path/1", "getpath/1", "setpath/2",
    "delpaths/1", "has/1", "range/2", "sort/0", "input/0", "debug/0", "stderr/0", "builtins/0",
    "halt/0", "halt_error/1", "infinite/0", "nan/0", "floor/0", "sqrt/0", "recurse/0",
    "explode/0", "implode/0", "contains/1", "utf8bytelength/0", "input_line_number/0",
    "input_filename/0", "now/0", "ltrimstr/1", "rtrimstr/1", "startswith/1", "endswith/1",
    "isinfinite/0", "isnan/0", "abs/0", "tostream/0", "splits/1", "min/0", "max/0", "reverse/0",
    "flatten/1", "ascii_downcase/0", "ascii_upcase/0", "indices/1", "trim/0", "ltrim/0", "rtrim/0",
    "getpath/1", "label/0", "env/0", "significand/0", "log/0", "exp/0", "pow/2", "ceil/0", "round/0",
    "have_decnum/0", "have_literal_numbers/0", "toboolean/0", "tojson/0", "split/1",
    "repeat/1", "_match_impl/3", "modulemeta/0", "get_search_list/0",
  ]

  static func call(
    _ key: String, _ arguments: [AST], _ input: Item, _ env: Environment, _ interpreter: Interpreter
  ) throws -> Generator {
    let value = input.value
    func single(_ result: JSON) -> Generator { .one(Item(value: result, path: nil)) }
    /// Calls `body` once per combination of the arguments' outputs (last argument outermost).
    func cartesian(_ body: @escaping ([JSON]) throws -> JSON) throws -> Generator {
      func product(_ index: Int, _ chosen: [JSON]) throws -> Generator {
        if index < 0 { return single(try body(chosen)) }
        return try interpreter.values(arguments[index], input, env).flatMap { v in
          var next = chosen
          next[index] = v.value
          return try product(index - 1, next)
        }
      }
      return try product(arguments.count - 1, Array(repeating: .null, count: arguments.count))
    }
    func number(_ f: (Double) -> Double) throws -> Generator {
      guard value.type == .number else { throw QueryError.runtime("\(ValueOps.describe(value)) number required") }
      return single(ValueOps.number(f(value.jqDouble)))
    }
    func requireString(_ name: String) throws -> String {
      guard value.type == .string else {
        throw QueryError.runtime("\(ValueOps.describe(value)) cannot be \(name)")
      }
      return value.stringValue
    }
    switch key {
    case "empty/0": return .empty
    case "error/0": throw QueryError(value: value)
    case "error/1": return try cartesian { args in throw QueryError(value: args[0]) }
    case "not/0": return single(JSON(!ValueOps.isTruthy(value)))
    case "length/0": return single(try ValueOps.length(value))
    case "utf8bytelength/0":
      guard value.type == .string else { throw QueryError.runtime("\(ValueOps.describe(value)) only strings have UTF-8 byte length") }
      return single(JSON(value.stringValue.utf8.count))
    case "keys/0": return single(try ValueOps.keys(value, sorted: true))
    case "keys_unsorted/0": return single(try ValueOps.keys(value, sorted: false))
    case "type/0": return single(JSON(ValueOps.typeName(value)))
    case "tostring/0": return single(JSON(ValueOps.text(value)))
    case "tojson/0": return single(JSON(JSONWriter(options: []).string(value)))
    case "fromjson/0":
      let text = try requireString("parsed as JSON")
      do { return single(try JSON(data: Data(text.utf8))) } catch {
        throw QueryError.runtime("\(text) (while parsing '\(text)')")
      }
    case "tonumber/0":
      if value.type == .number { return single(value) }
      let text = try requireString("parsed as a number")
      guard let d = Double(text.trimmingCharacters(in: .whitespaces)), !text.isEmpty else {
        throw QueryError.runtime("Cannot parse '\(text)' as JSON")
      }
      return single(ValueOps.number(d))
    case "toboolean/0":
      if value.type == .bool { return single(value) }
      if value.type == .string, value.stringValue == "true" || value.stringValue == "false" {
        return single(JSON(value.stringValue == "true"))
      }
      throw QueryError.runtime("\(ValueOps.describe(value)) cannot be parsed as a boolean")
    case "path/1": return try interpreter.paths(arguments[0], value, env)
    case "getpath/1":
      return try interpreter.values(arguments[0], input, env).flatMap { p in
        guard p.value.type == .array else { throw QueryError.runtime("Path must be specified as an array") }
        let components = ValueOps.elements(p.value)
        let result: JSON
        do { result = try PathOps.get(value, components[...]) } catch { result = .null }
        return .one(Item(value: result, path: input.path.map { $0 + components }))
      }
    case "setpath/2":
      return try cartesian { args in
        guard args[0].type == .array else { throw QueryError.runtime("Path must be specified as an array") }
        return try PathOps.set(value, ValueOps.elements(args[0])[...], args[1])
      }
    case "delpaths/1":
      return try cartesian { args in
        guard args[0].type == .array else { throw QueryError.runtime("Paths must be specified as an array") }
        return try PathOps.delete(value, ValueOps.elements(args[0]))
      }
    case "has/1":
      return try cartesian { args in
        switch (value.type, args[0].type) {
        case (.dictionary, .string): return JSON(value.member(args[0].stringValue) != nil)
        case (.array, .number): return JSON(args[0].jqDouble >= 0 && args[0].jqDouble < Double(value.count))
        default: throw QueryError.runtime("Cannot check whether \(ValueOps.typeName(value)) has a \(ValueOps.typeName(args[0])) key")
        }
      }
    case "_match_impl/3":
      return try cartesian { args in
        try RegexMatch.run(value, pattern: args[0], flags: args[1], testMode: args[2].type == .bool && args[2].boolValue)
      }
    case "repeat/1":
      // jq's `def repeat(f): def _repeat: f, _repeat; _repeat;` (f's outputs on the same
      // input, again and again, until an error), as a loop: the recursive definition
      // would nest one generator per round.
      var round: Generator?
      return Generator {
        while true {
          if round == nil { round = try interpreter.values(arguments[0], input, env) }
          if let item = try round!.next() { return Item(value: item.value, path: nil) }
          round = nil
        }
      }
    case "range/2":
      return try interpreter.values(arguments[0], input, env).flatMap { from in
        try interpreter.values(arguments[1], input, env).flatMap { upto in
          guard from.value.type == .number, upto.value.type == .number else {
            throw QueryError.runtime("Range bounds must be numeric")
          }
          var current = from.value.jqDouble
          let end = upto.value.jqDouble
          return Generator {
            guard current < end else { return nil }
            try interpreter.step()
            defer { current += 1 }
            return Item(value: ValueOps.number(current), path: nil)
          }
        }
      }
    case "sort/0":
      guard value.type == .array else { throw QueryError.runtime("\(ValueOps.describe(value)) cannot be sorted, as it is not an array") }
      return single(JSON(array: ValueOps.elements(value).sorted { JSON.compare($0, $1) < 0 }))
    case "min/0", "max/0":
      guard value.type == .array else { throw QueryError.runtime("\(ValueOps.describe(value)) cannot be sorted, as it is not an array") }
      let items = ValueOps.elements(value)
      let pick = key == "min/0" ? items.min { JSON.compare($0, $1) < 0 } : items.max { JSON.compare($0, $1) < 0 }
      return single(pick ?? .null)
    case "reverse/0":
      if value.type == .string { return single(JSON(String(value.stringValue.reversed()))) }
      if value.type == .null { return single(JSON(array: [])) }
      guard value.type == .array else { throw QueryError.runtime("Cannot reverse \(ValueOps.describe(value))") }
      return single(JSON(array: ValueOps.elements(value).reversed()))
    case "input/0":
      guard let next = try interpreter.context.nextInput() else { throw QueryError.runtime("No more inputs") }
      return single(next)
    case "debug/0":
      interpreter.context.debugMessage(value)
      return .one(input)
    case "stderr/0":
      interpreter.context.stderrMessage(value)
      return .one(input)
    case "input_line_number/0": return single(interpreter.context.inputLineNumber())
    case "input_filename/0": return single(interpreter.context.inputFilename())
    case "modulemeta/0": return single(try ModuleMetadata.describe(value, resolver: interpreter.modules))
    case "get_search_list/0": return single(JSON(array: interpreter.modules.libraryPaths.map { JSON($0) }))
    case "env/0": return single(interpreter.environmentObject())
    case "builtins/0":
      return single(JSON(array: (names.union(Prelude.names)).sorted().map { JSON($0) }))
    case "halt/0": throw QueryError(value: .null, kind: .halt(status: 0))
    case "halt_error/1":
      return try cartesian { args in
        guard args[0].type == .number else { throw QueryError.runtime("halt_error/1: number required") }
        throw QueryError(value: value, kind: .halt(status: Int32(truncatingIfNeeded: ValueOps.toInteger(args[0].jqDouble))))
      }
    case "infinite/0": return single(JSON(Double.infinity))
    case "nan/0": return single(JSON(Double.nan))
    case "isinfinite/0": return single(JSON(value.jqDouble.isInfinite))
    case "isnan/0": return single(JSON(value.jqDouble.isNaN))
    case "floor/0": return try number { $0.rounded(.down) }
    case "ceil/0": return try number { $0.rounded(.up) }
    case "round/0": return try number { $0.rounded(.toNearestOrAwayFromZero) }
    case "sqrt/0": return try number { $0.squareRoot() }
    case "abs/0": return try number { abs($0) }
    case "log/0": return try number { Foundation.log($0) }
    case "exp/0": return try number { Foundation.exp($0) }
    case "significand/0": return try number { $0 == 0 ? 0 : $0.significand }
    case "pow/2":
      return try cartesian { args in ValueOps.number(Foundation.pow(args[0].jqDouble, args[1].jqDouble)) }
    case "now/0": return single(JSON(Date().timeIntervalSince1970))
    case "have_decnum/0": return single(JSON(false))
    case "have_literal_numbers/0": return single(JSON(true))
    case "recurse/0":
      var stack: [Item] = [input]
      return Generator {
        guard let item = stack.popLast() else { return nil }
        if item.value.type == .array || item.value.type == .dictionary {
          stack.append(contentsOf: try interpreter.iterate(item).all().reversed())
        }
        return item
      }
    case "explode/0":
      let text = try requireString("exploded")
      return single(JSON(array: text.unicodeScalars.map { JSON(Int($0.value)) }))
    case "implode/0":
      guard value.type == .array else { throw QueryError.runtime("Cannot implode \(ValueOps.describe(value))") }
      var scalars = String.UnicodeScalarView()
      for code in ValueOps.elements(value) {
        guard code.type == .number else { throw QueryError.runtime("Unicode codepoint must be numeric") }
        scalars.append(Unicode.Scalar(UInt32(clamping: ValueOps.toInteger(code.jqDouble))) ?? "\u{FFFD}")
      }
      return single(JSON(String(scalars)))
    case "ltrimstr/1", "rtrimstr/1", "startswith/1", "endswith/1":
      return try cartesian { args in
        let isStringPair = value.type == .string && args[0].type == .string
        switch key {
        case "ltrimstr/1":
          guard isStringPair, value.stringValue.hasPrefix(args[0].stringValue) else { return value }
          return JSON(String(value.stringValue.dropFirst(args[0].stringValue.count)))
        case "rtrimstr/1":
          guard isStringPair, value.stringValue.hasSuffix(args[0].stringValue), !args[0].stringValue.isEmpty else { return value }
          return JSON(String(value.stringValue.dropLast(args[0].stringValue.count)))
        case "startswith/1":
          guard isStringPair else { throw QueryError.runtime("startswith() requires string inputs") }
          return JSON(value.stringValue.hasPrefix(args[0].stringValue))
        default:
          guard isStringPair else { throw QueryError.runtime("endswith() requires string inputs") }
          return JSON(value.stringValue.hasSuffix(args[0].stringValue))
        }
      }
    case "trim/0", "ltrim/0", "rtrim/0":
      guard let text = value.string else { throw QueryError.runtime("trim input must be a string") }
      var scalars = Substring(text)
      if key != "rtrim/0" { scalars = scalars.drop { $0.isWhitespace } }
      if key != "ltrim/0" { while let last = scalars.last, last.isWhitespace { scalars = scalars.dropLast() } }
      return single(JSON(String(scalars)))
    case "split/1":
      return try cartesian { args in
        guard value.type == .string, args[0].type == .string else { throw QueryError.runtime("split input and separator must be strings") }
        return ValueOps.split(value.stringValue, by: args[0].stringValue)
      }
    case "ascii_downcase/0", "ascii_upcase/0":
      let text = try requireString(key == "ascii_downcase/0" ? "ascii_downcased" : "ascii_upcased")
      let lower = key == "ascii_downcase/0"
      return single(JSON(String(String.UnicodeScalarView(text.unicodeScalars.map { c in
        if lower, c.value >= 65, c.value <= 90 { return Unicode.Scalar(c.value + 32)! }
        if !lower, c.value >= 97, c.value <= 122 { return Unicode.Scalar(c.value - 32)! }
        return c
      }))))
    case "indices/1":
      return try cartesian { args in
        if value.type == .null || args[0].type == .null { return .null }
        if value.type == .string, args[0].type == .string {
          return ValueOps.stringIndices(value.stringValue, args[0].stringValue)
        }
        if value.type == .array, args[0].type == .array { return ValueOps.indices(value, args[0]) }
        if value.type == .array { return ValueOps.indices(value, JSON(array: [args[0]])) }
        throw QueryError.runtime("Cannot determine indices of \(ValueOps.typeName(value))")
      }
    case "flatten/1":
      return try cartesian { args in
        guard value.type == .array else { throw QueryError.runtime("Cannot flatten \(ValueOps.describe(value))") }
        guard args[0].jqDouble >= 0 else { throw QueryError.runtime("flatten depth must not be negative") }
        func flat(_ v: JSON, _ depth: Double) -> [JSON] {
          ValueOps.elements(v).flatMap { $0.type == .array && depth > 0 ? flat($0, depth - 1) : [$0] }
        }
        return JSON(array: flat(value, args[0].jqDouble))
      }
    case "contains/1":
      return try cartesian { args in JSON(try contains(value, args[0])) }
    default:
      if let native = NativeFunctions.table[key] {
        return try cartesian { args in try native(value, args) }
      }
      throw QueryError.runtime("\(key) is not defined")
    }
  }

  /// jq's `contains`: only values of one type can be compared at the top; inside, a
  /// value of another type simply does not contain (`[1, {"a": 1}] | contains([{"a": 1}])`).
  static func contains(_ a: JSON, _ b: JSON) throws(QueryError) -> Bool {
    guard a.type == b.type else {
      throw .runtime("\(ValueOps.describe(a)) and \(ValueOps.describe(b)) cannot have their containment checked")
    }
    return containsValue(a, b)
  }

  private static func containsValue(_ a: JSON, _ b: JSON) -> Bool {
    guard a.type == b.type else { return false }
    switch a.type {
    case .dictionary:
      for (key, value) in ValueOps.members(b) {
        guard let mine = a.member(key), containsValue(mine, value) else { return false }
      }
      return true
    case .array:
      let haystack = ValueOps.elements(a)
      return ValueOps.elements(b).allSatisfy { needle in haystack.contains { containsValue($0, needle) } }
    case .string:
      return b.stringValue.isEmpty || a.stringValue.contains(b.stringValue)
    default:
      return JSON.compare(a, b) == 0
    }
  }

}
