// Explicit container edits, which SwiftyJSON users asked for: append, insert, remove.
// Each returns whether it did something (SwiftyJSON's contract stays: editing a value of
// the wrong kind does nothing and never crashes).

extension JSON {
  /// Appends `value` to an array.
  ///
  /// Returns `false` (and does nothing) for non-arrays.
  ///
  /// ```swift
  /// var json: JSON = ["tags": ["a"]]
  /// json["tags"].append("b")     // ["a", "b"]
  /// ```
  @discardableResult
  public mutating func append(_ value: JSON) -> Bool {
    guard value.exists(), let box = uniqueArrayBox() else { return false }
    box.append(value.detached)
    return true
  }

  /// Appends every value to an array.
  ///
  /// Returns `false` for non-arrays.
  @discardableResult
  public mutating func append<S: Sequence<JSON>>(contentsOf values: S) -> Bool {
    guard let box = uniqueArrayBox() else { return false }
    box.append(contentsOf: values.lazy.filter { $0.exists() }.map(\.detached))
    return true
  }

  /// Inserts `value` at `index` (`0...count`) of an array.
  ///
  /// Returns `false` when this is not
  /// an array or the index is out of range.
  @discardableResult
  public mutating func insert(_ value: JSON, at index: Int) -> Bool {
    guard value.exists(), let box = uniqueArrayBox(), index >= 0, index <= box.elements.count else {
      return false
    }
    box.insert(value.detached, at: index)
    return true
  }

  /// Removes and returns the element at `index` of an array; `nil` when there is none.
  @discardableResult
  public mutating func remove(at index: Int) -> JSON? {
    guard type == .array, index >= 0, index < count, let box = uniqueArrayBox() else { return nil }
    return box.remove(at: index)
  }

  /// Removes and returns the value for `key` of an object; `nil` when there is none.
  ///
  /// ```swift
  /// var json: JSON = ["a": 1, "b": 2]
  /// json.removeValue(forKey: "a")   // 1; json is now {"b": 2}
  /// ```
  @discardableResult
  public mutating func removeValue(forKey key: String) -> JSON? {
    guard self[key].exists(), let box = uniqueObjectBox() else { return nil }
    return box.remove(key)
  }

  /// Empties an array or object; does nothing to other values.
  public mutating func removeAll() {
    switch type {
    case .array: self = JSON(array: [])
    case .dictionary: self = JSON(storage: .object(ObjectBox()))
    default: break
    }
  }
}
