// Objects built whole for JSONQuery's hot paths (object construction, `map_values`): one
// box filled directly, not a subscript write (with its copy-on-write check) per member.

extension JSON {
  /// An object with `members` in order; a key given twice keeps its first place and its
  /// last value, and a value that does not exist (a failed access) is left out, as
  /// assigning each member through `self[key]` does.
  ///
  /// ```swift
  /// JSON(members: [("a", 1), ("b", 2), ("a", 3)])  // {"a": 3, "b": 2}
  /// ```
  package init(members: [(String, JSON)]) {
    let box = ObjectBox()
    box.reserveCapacity(members.count)
    for (key, value) in members where value.exists() { box.set(key, value.detached) }
    self.init(storage: .object(box))
  }

  /// This object with each member's value replaced by `transform`'s result, members for
  /// which it returns `nil` left out, keys in their order; `nil` when this is not an object.
  ///
  /// For jq's `map_values(f)` (`.[] |= f`): the keys are known distinct, so the object is
  /// built without a lookup per key, and an object built in code keeps its keys and index.
  ///
  /// ```swift
  /// let json: JSON = ["a": 1, "b": "x"]
  /// json.mappingMemberValues { $0.type == .number ? JSON("n") : .none }  // {"a": "n"}
  /// ```
  package func mappingMemberValues(_ transform: (JSON) throws -> JSON?) rethrows -> JSON? {
    guard let cursor = ContainerCursor(self), cursor.isObject else { return nil }
    var values: [JSON] = []
    values.reserveCapacity(cursor.count)
    // The positions kept, once one member was left out.
    var kept: [Int]?
    for i in 0..<cursor.count {
      if let value = try transform(cursor.value(i)) {
        values.append(value.detached)
        kept?.append(i)
      } else if kept == nil {
        kept = Array(0..<i)
      }
    }
    if kept == nil, case .object(let source) = storage {
      return JSON(storage: .object(ObjectBox(source.members.replacingValues(values))))
    }
    let keys = kept.map { $0.map(cursor.key) } ?? (0..<cursor.count).map(cursor.key)
    return JSON(storage: .object(ObjectBox(ObjectMembers(distinctKeys: keys, values: values))))
  }
}
