import Foundation
import Mapping

/// twitter.json (`{"statuses": [...], "search_metadata": {...}}`) as `Mappable` structs,
/// written the way an ObjectMapper user would: defaulted `var`s, an empty `init?(map:)`, one
/// `<-` per property. Read by the `mapping` subject with
/// `Mapper<Status>().mapArray(JSON: json["statuses"])`.
extension MapModels {
  struct Status {
    var id: Int64 = 0
    var idStr = ""
    var text = ""
    var createdAt = Date(timeIntervalSince1970: 0)
    var user = User()
    var entities = Entities()
    var retweetCount = 0
    var favorited = false
    var retweetedStatus: Indirect<Status>?
  }

  struct User {
    var id: Int64 = 0
    var name = ""
    var screenName = ""
    var followersCount = 0
    var verified = false
  }

  struct Entities {
    var hashtags: [Hashtag] = []
    var urls: [URLEntity] = []
  }

  struct Hashtag {
    var text = ""
    var indices: [Int] = []
  }

  struct URLEntity {
    var url = ""
    var expandedURL: String?
    var indices: [Int] = []
  }

  /// `created_at` through a copy of the shared `DateFormatter` (the decoders use the same
  /// one with `.formatted`).
  ///
  /// One transform for all statuses, as the formatter is costly to
  /// make.
  static let twitterDate = DateFormatterTransform(dateFormatter: ModelDates.twitter)
}

// The conformances are in extensions so that the structs keep their implicit `init()`,
// which the defaulted `user` and `entities` properties use.

extension MapModels.Status: Mappable {
  init?(map: Map) {}

  mutating func mapping(map: Map) {
    id <- map["id"]
    idStr <- map["id_str"]
    text <- map["text"]
    createdAt <- (map["created_at"], MapModels.twitterDate)
    user <- map["user"]
    entities <- map["entities"]
    retweetCount <- map["retweet_count"]
    favorited <- map["favorited"]
    retweetedStatus <- map["retweeted_status"]
  }
}

extension MapModels.User: Mappable {
  init?(map: Map) {}

  mutating func mapping(map: Map) {
    id <- map["id"]
    name <- map["name"]
    screenName <- map["screen_name"]
    followersCount <- map["followers_count"]
    verified <- map["verified"]
  }
}

extension MapModels.Entities: Mappable {
  init?(map: Map) {}

  mutating func mapping(map: Map) {
    hashtags <- map["hashtags"]
    urls <- map["urls"]
  }
}

extension MapModels.Hashtag: Mappable {
  init?(map: Map) {}

  mutating func mapping(map: Map) {
    text <- map["text"]
    indices <- map["indices"]
  }
}

extension MapModels.URLEntity: Mappable {
  init?(map: Map) {}

  mutating func mapping(map: Map) {
    url <- map["url"]
    expandedURL <- map["expanded_url"]
    indices <- map["indices"]
  }
}
