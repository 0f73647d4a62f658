import Mapping

/// A user, read and written with Mapping (ObjectMapper's style): the example services'
/// `POST /users` route maps one from the body, and `GET /profiles/:id` maps one from the
/// upstream API's answer.
public struct User: Mappable, Sendable {
  /// The user's name.
  public var name = ""
  /// The user's age in years.
  public var age = 0
  /// The user's e-mail address, when the source has one.
  public var email: String?

  /// A user with no properties mapped yet.
  public init?(map: Map) {}

  /// Reads or writes the properties, as the map's direction says.
  public mutating func mapping(map: Map) {
    name <- map["name"]
    age <- map["age"]
    email <- map["email"]
  }
}
