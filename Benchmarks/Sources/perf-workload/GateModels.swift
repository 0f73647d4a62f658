import JSONKit
import Mapping

/// The models of the gate's decode, encode and map workloads: a few fields at two levels, as
/// a service reads them, on the synthetic events (github_events.json's shape) and tweets
/// (twitter.json's shape).
enum GateModels {
  /// An event of the events document, decoded and encoded with JSONKit's coders.
  struct Event: Codable {
    struct Owner: Codable {
      let id: Int
      let login: String
    }

    struct Repository: Codable {
      let id: Int
      let name: String
    }

    let id: String
    let type: String
    let actor: Owner
    let repo: Repository
    let `public`: Bool
  }

  /// A status of the tweets document, read with `Mapper`.
  struct Status: Mappable {
    var id: Int64 = 0
    var text = ""
    var authorName = ""
    var authorFollowers = 0
    var hashtags: [Hashtag] = []
    var retweets = 0

    init?(map: Map) {}

    mutating func mapping(map: Map) {
      id <- map["id"]
      text <- map["text"]
      authorName <- map["user.screen_name"]
      authorFollowers <- map["user.followers_count"]
      retweets <- map["retweet_count"]
      hashtags <- map["entities.hashtags"]
    }
  }

  /// A hashtag of a status's entities.
  struct Hashtag: Mappable {
    var text = ""

    init?(map: Map) {}

    mutating func mapping(map: Map) {
      text <- map["text"]
    }
  }
}
