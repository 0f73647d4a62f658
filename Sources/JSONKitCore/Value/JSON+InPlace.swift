// Changes in place for the query engine: a value it owns alone (a `reduce` accumulator) is
// changed without copying, so building an array or an object element by element is linear.

extension JSON {
  /// Runs `body` on this array's elements, changed in place (the array is materialized from
  /// a document, or copied, only when it is not yet a built array of its own); `nil`, and
  /// `body` not run, when this is not an array.
  ///
  /// ```swift
  /// var list: JSON = [1, 2]
  /// list.withUniqueElements { $0.append(3) }   // [1, 2, 3]
  /// ```
  @discardableResult
  package mutating func withUniqueElements<R, E: Error>(_ body: (inout [JSON]) throws(E) -> R)
    throws(E) -> R?
  {
    guard let box = uniqueArrayBox() else { return nil }
    var elements: [JSON] = []
    swap(&elements, &box.elements)
    defer { swap(&elements, &box.elements) }
    return try body(&elements)
  }

  /// Runs `body` on the member `key` of this object (`null` when absent), changed in place,
  /// and stores what it leaves (adding the key at the end when it was absent); `nil`, and
  /// `body` not run, when this is not an object.
  ///
  /// ```swift
  /// var counts: JSON = [:]
  /// counts.withUniqueMember("a") { $0 = JSON(($0.int ?? 0) + 1) }   // {"a": 1}
  /// ```
  @discardableResult
  package mutating func withUniqueMember<R, E: Error>(
    _ key: String, _ body: (inout JSON) throws(E) -> R
  ) throws(E) -> R? {
    guard let box = uniqueObjectBox() else { return nil }
    if let index = box.find(key) {
      var member = JSON.null
      swap(&member, &box.values[index])
      defer { box.values[index] = member.detached }
      return try body(&member)
    }
    var member = JSON.null
    let result = try body(&member)
    box.set(key, member.detached)
    return result
  }

  /// Removes the member `key` of this object in place (materializing or copying the object
  /// only when it is not yet a built object of its own); `false` when this is not an object.
  ///
  /// ```swift
  /// var user: JSON = ["name": "Ada", "age": 36]
  /// user.removeUniqueMember("age")   // {"name": "Ada"}
  /// ```
  @discardableResult
  package mutating func removeUniqueMember(_ key: String) -> Bool {
    guard let box = uniqueObjectBox() else { return false }
    _ = box.remove(key)
    return true
  }
}
