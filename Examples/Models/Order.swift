/// An order, read and written with `Codable`: the example services' `POST /orders` route
/// decodes one, adds an item and sends it back.
public struct Order: Codable, Equatable, Sendable {
  /// The order's number.
  public var id: Int
  /// What was ordered.
  public var items: [String]

  /// An order of `items`.
  public init(id: Int, items: [String]) {
    self.id = id
    self.items = items
  }
}
