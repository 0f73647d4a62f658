import Foundation
import JSONKit
import JSONQuery

/// `--suite query`: jq programs over each document, in-process. Subjects:
/// - `jsonquery`: a compiled `Query` run on the parsed JSONKit value;
/// - `swift`: the same computation written by hand in Swift over `JSONSerialization`'s
///   objects, the baseline a program without a query language would have.
/// Both start from a value parsed before timing, so the figures are the query's own cost;
/// MB/s is the document's size over the time of one run. Every query works on any
/// document, so the suite runs on the whole corpus; the two subjects' results are checked
/// to agree before timing.
enum QuerySuite {
  static let subjects = ["jsonquery", "swift"]

  /// A jq program and its hand-written Swift equivalent (over Foundation objects), both
  /// reduced to an integer.
  struct Case: Sendable {
    let name: String
    let program: String
    let swift: @Sendable (Any) -> Int
  }

  static let cases: [Case] = [
    Case(name: "numbers", program: "[.. | numbers] | length") {
      count($0) { $0 is NSNumber && !isBool($0) }
    },
    Case(name: "string bytes", program: "[.. | strings | utf8bytelength] | add // 0") {
      stringBytes($0)
    },
    // jq's `paths(f)` keeps the paths whose value f maps to something truthy: null and
    // false leaves are left out.
    Case(name: "leaf paths", program: "[paths(scalars)] | length") {
      count($0) { isScalar($0) && !($0 is NSNull) && !isFalse($0) } - (isScalar($0) ? 1 : 0)
    },
    Case(name: "keys", program: "[.. | objects | keys[]] | unique | length") {
      Set(keys($0)).count
    },
  ]

  static func workloads(subjects: [String], corpus: String, data: Data) throws -> [Workload] {
    let json = try JSONParser.parse(data)
    let object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    var workloads: [Workload] = []
    for item in cases {
      let query = try Query(item.program)
      let expected = item.swift(object)
      let got = try query.values(on: json).first?.int ?? -1
      guard got == expected else {
        throw UsageError(
          "query '\(item.program)' on \(corpus): jsonquery gives \(got), swift \(expected)")
      }
      let label = "\(corpus) · \(item.name)"
      for subject in subjects {
        switch subject {
        case "jsonquery":
          workloads.append(
            Workload(
              corpus: label, subject: subject, inputBytes: data.count,
              operation: {
                try query.values(on: json).first?.int ?? 0
              }, heapPerInputByte: nil))
        case "swift":
          workloads.append(
            Workload(
              corpus: label, subject: subject, inputBytes: data.count,
              operation: {
                item.swift(object)
              }, heapPerInputByte: nil))
        default: throw UsageError("no subject \(subject) in the query suite")
        }
      }
    }
    return workloads
  }

  // MARK: The hand-written baseline

  /// Whether an `NSNumber` from JSONSerialization is a boolean (its type code is `c`).
  static func isBool(_ value: Any) -> Bool {
    guard let number = value as? NSNumber else { return false }
    return String(cString: number.objCType) == "c"
  }

  static func isFalse(_ value: Any) -> Bool {
    isBool(value) && (value as? NSNumber)?.boolValue == false
  }

  static func isScalar(_ value: Any) -> Bool { !(value is [Any]) && !(value is [String: Any]) }

  /// Values (the root included) for which `predicate` holds, recursively.
  static func count(_ value: Any, _ predicate: (Any) -> Bool) -> Int {
    var total = predicate(value) ? 1 : 0
    if let array = value as? [Any] {
      for element in array { total += count(element, predicate) }
    } else if let object = value as? [String: Any] {
      for (_, member) in object { total += count(member, predicate) }
    }
    return total
  }

  static func stringBytes(_ value: Any) -> Int {
    if let text = value as? String { return text.utf8.count }
    if let array = value as? [Any] { return array.reduce(0) { $0 + stringBytes($1) } }
    if let object = value as? [String: Any] {
      return object.values.reduce(0) { $0 + stringBytes($1) }
    }
    return 0
  }

  static func keys(_ value: Any) -> [String] {
    if let array = value as? [Any] { return array.flatMap(keys) }
    if let object = value as? [String: Any] {
      return Array(object.keys) + object.values.flatMap(keys)
    }
    return []
  }
}
