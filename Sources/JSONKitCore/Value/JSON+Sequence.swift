// Iteration, count and emptiness.

extension JSON: Sequence {
  /// Iterates `(key, value)` pairs: object members in order, or array elements with their
  /// index as a string (as SwiftyJSON); nothing for scalars.
  ///
  /// ```swift
  /// for (key, value) in json["user"] { print(key, value) }
  /// for (index, element) in json["tags"] { print(index, element) }   // "0", "1", …
  /// ```
  public func makeIterator() -> JSONIterator { JSONIterator(ContainerCursor(self)) }

  /// Elements of an array or members of an object; 0 for everything else.
  public var count: Int { ContainerCursor(self)?.count ?? 0 }

  /// `true` for empty arrays and objects and for scalars.
  public var isEmpty: Bool { count == 0 }

  public var underestimatedCount: Int { count }
}

/// The iterator of `JSON`'s `(String, JSON)` sequence.
public struct JSONIterator: IteratorProtocol {
  let cursor: ContainerCursor?
  var position = 0

  init(_ cursor: ContainerCursor?) { self.cursor = cursor }

  public mutating func next() -> (String, JSON)? {
    guard let cursor, position < cursor.count else { return nil }
    defer { position += 1 }
    if cursor.isObject { return (cursor.key(position), cursor.value(position)) }
    return (String(position), cursor.element(position))
  }
}
