import Foundation
import Mapping

/// github_events.json (a top-level array of events) as `Mappable` structs. Read by the
/// `mapping` subject with `Mapper<Event>().mapArray(JSON: json)`.
extension MapModels {
  struct Event {
    var id = ""
    var type = ""
    var actor = Actor()
    var repo = Repo()
    var isPublic = false
    var createdAt = Date(timeIntervalSince1970: 0)
  }

  struct Actor {
    var id = 0
    var login = ""
    var url = ""
    var avatarURL = ""
  }

  struct Repo {
    var id = 0
    var name = ""
    var url = ""
  }

  /// `created_at` as ISO 8601 internet date-time (`"2013-01-10T07:58:30Z"`), as the
  /// decoders' `.iso8601` strategy.
  static let iso8601Date = ISO8601DateTransform()
}

extension MapModels.Event: Mappable {
  init?(map: Map) {}

  mutating func mapping(map: Map) {
    id <- map["id"]
    type <- map["type"]
    actor <- map["actor"]
    repo <- map["repo"]
    isPublic <- map["public"]
    createdAt <- (map["created_at"], MapModels.iso8601Date)
  }
}

extension MapModels.Actor: Mappable {
  init?(map: Map) {}

  mutating func mapping(map: Map) {
    id <- map["id"]
    login <- map["login"]
    url <- map["url"]
    avatarURL <- map["avatar_url"]
  }
}

extension MapModels.Repo: Mappable {
  init?(map: Map) {}

  mutating func mapping(map: Map) {
    id <- map["id"]
    name <- map["name"]
    url <- map["url"]
  }
}
