import Foundation
import JSONKit
import Mapping

// Models shared by several suites. The first ones are the ObjectMapper README's, spelled
// with ObjectMapper 4's names (`init?(map:)`, `mapping(map:)`).

/// The README's `User`: optionals, an implicitly unwrapped optional, untyped `[Any]` and
/// `[String: Any]`, a nested user, an array of users and a transformed date.
final class User: Mappable {
  var username: String?
  var age: Int?
  var weight: Double!
  var array: [Any]?
  var dictionary: [String: Any] = [:]
  var bestFriend: User?
  var friends: [User]?
  var birthday: Date?

  init(username: String? = nil, age: Int? = nil) {
    self.username = username
    self.age = age
  }

  required init?(map: Map) {}

  func mapping(map: Map) {
    username <- map["username"]
    age <- map["age"]
    weight <- map["weight"]
    array <- map["arr"]
    dictionary <- map["dict"]
    bestFriend <- map["best_friend"]
    friends <- map["friends"]
    birthday <- (map["birthday"], DateTransform())
  }
}

/// The README's `Temperature`, a struct.
struct Temperature: Mappable, Equatable {
  var celsius: Double?
  var fahrenheit: Double?

  init(celsius: Double? = nil, fahrenheit: Double? = nil) {
    self.celsius = celsius
    self.fahrenheit = fahrenheit
  }

  init?(map: Map) {}

  mutating func mapping(map: Map) {
    celsius <- map["celsius"]
    fahrenheit <- map["fahrenheit"]
  }
}

/// A transform written by a user of the library, as ObjectMapper's README describes: seconds
/// since 1970 as a `Double`, through the Foundation-object entry points only.
struct EpochSecondsTransform: TransformType {
  typealias Object = Date
  typealias JSON = Double

  func transformFromJSON(_ value: Any?) -> Date? {
    if let seconds = value as? Double { return Date(timeIntervalSince1970: seconds) }
    if let seconds = value as? Int { return Date(timeIntervalSince1970: Double(seconds)) }
    return nil
  }

  func transformToJSON(_ value: Date?) -> Double? {
    value?.timeIntervalSince1970
  }
}

/// A small value model: `Hashable`, so that it can live in sets, and `Sendable`.
struct Friend: Mappable, Hashable, Sendable {
  var name = ""
  var age: Int?

  init(name: String, age: Int? = nil) {
    self.name = name
    self.age = age
  }

  init?(map: Map) {}

  mutating func mapping(map: Map) {
    name <- map["name"]
    age <- map["age"]
  }
}

/// A person with a list of friends, each of which has a non-optional birthday: the model of
/// the issue's `.friends[3].birthday` error path.
struct Person: Mappable, Sendable, Equatable {
  struct Pal: Mappable, Sendable, Equatable {
    var name = ""
    var birthday = 0

    init(name: String, birthday: Int) {
      self.name = name
      self.birthday = birthday
    }

    init?(map: Map) {}

    mutating func mapping(map: Map) {
      name <- map["name"]
      birthday <- map["birthday"]
    }
  }

  var name = ""
  var friends: [Pal] = []

  init?(map: Map) {}

  mutating func mapping(map: Map) {
    name <- map["name"]
    friends <- map["friends"]
  }
}

enum Color: String, Hashable, Sendable {
  case red, green, blue
}

enum Priority: Int, Hashable, Sendable {
  case low = 1
  case normal = 2
  case high = 3
}
