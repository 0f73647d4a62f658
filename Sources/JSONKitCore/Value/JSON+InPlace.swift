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
    // Through `box.elements`: `body` may store anything, so the box counts as holding a
    // container from now on (see `Teardown`).
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
      var member = box.takeValue(at: index)
      defer { box.replaceValue(at: index, with: member.detached) }
      return try body(&member)
    }
    var member = JSON.null
    let result = try body(&member)
    box.set(key, member.detached)
    return result
  }

  /// Sets the member `key` of this object in place, adding it at the end when absent (the
  /// object materialized or copied only when it is not yet a built object of its own);
  /// `false`, and nothing changed, when this is not an object.
  ///
  /// One lookup, where `withUniqueMember` takes the old member out and puts the new one
  /// back (`setpath`'s last key).
  ///
  /// ```swift
  /// var user: JSON = ["name": "Ada"]
  /// user.setUniqueMember("age", 36)   // {"name": "Ada", "age": 36}
  /// ```
  ///
  /// - Parameters:
  ///   - key: The member's key.
  ///   - member: The value to store.
  /// - Returns: Whether this is an object (and so was changed).
  @discardableResult
  package mutating func setUniqueMember(_ key: String, _ member: JSON) -> Bool {
    guard let box = uniqueObjectBox() else { return false }
    box.set(key, member.detached)
    return true
  }

  /// Moves the member `key` out of this object (made unique, as `withUniqueMember` does),
  /// leaving `null` in its place until `restoreUniqueMember` puts a member back; `nil` when
  /// this is not an object.
  ///
  /// What `withUniqueMember` does in one call, split in two, so that a walk
  /// down a path (`setpath`) can hold each level in a loop instead of a nested closure per
  /// level: the stack it needs no longer grows with the path.
  ///
  /// ```swift
  /// var user: JSON = ["name": "Ada"]
  /// if let (_, slot) = user.takeUniqueMember("name") {
  ///   user.restoreUniqueMember("name", "Grace", at: slot)   // {"name": "Grace"}
  /// }
  /// ```
  ///
  /// - Parameter key: The member's key.
  /// - Returns: The member (`null` when absent) and its position among the members (`nil`
  ///   when absent: `restoreUniqueMember` then adds the key at the end).
  package mutating func takeUniqueMember(_ key: String) -> (member: JSON, slot: Int?)? {
    guard let box = uniqueObjectBox() else { return nil }
    guard let index = box.find(key) else { return (.null, nil) }
    return (box.takeValue(at: index), index)
  }

  /// Puts `member` back where `takeUniqueMember` took it from: at `slot`, or under a new key
  /// `key` at the end when `slot` is `nil`.
  ///
  /// Does nothing when this is not an object.
  ///
  /// ```swift
  /// var counts: JSON = [:]
  /// if let (old, slot) = counts.takeUniqueMember("a") {
  ///   counts.restoreUniqueMember("a", JSON((old.int ?? 0) + 1), at: slot)   // {"a": 1}
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - key: The member's key.
  ///   - member: The value to store.
  ///   - slot: The position `takeUniqueMember` returned.
  package mutating func restoreUniqueMember(_ key: String, _ member: JSON, at slot: Int?) {
    guard let box = uniqueObjectBox() else { return }
    if let slot {
      box.replaceValue(at: slot, with: member.detached)
    } else {
      box.set(key, member.detached)
    }
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
