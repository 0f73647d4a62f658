import Foundation

/// twitter.json as `Codable` structs with synthesized conformances and explicit coding keys
/// (no key strategy: converting snake_case costs Foundation extra work the other subjects do
/// not do). Read by `jsondecoder` and `jsonkit-decoder` with `.formatted(ModelDates.twitter)`
/// dates. `search_metadata` is not modelled; the decoders skip it.
extension CodableModels {
  struct Timeline: Codable {
    let statuses: [Status]
  }

  struct Status: Codable {
    let id: Int64
    let idStr: String
    let text: String
    let createdAt: Date
    let user: User
    let entities: Entities
    let retweetCount: Int
    let favorited: Bool
    let retweetedStatus: Indirect<Status>?

    enum CodingKeys: String, CodingKey {
      case id
      case idStr = "id_str"
      case text
      case createdAt = "created_at"
      case user, entities
      case retweetCount = "retweet_count"
      case favorited
      case retweetedStatus = "retweeted_status"
    }
  }

  struct User: Codable {
    let id: Int64
    let name: String
    let screenName: String
    let followersCount: Int
    let verified: Bool

    enum CodingKeys: String, CodingKey {
      case id, name
      case screenName = "screen_name"
      case followersCount = "followers_count"
      case verified
    }
  }

  struct Entities: Codable {
    let hashtags: [Hashtag]
    let urls: [URLEntity]
  }

  struct Hashtag: Codable {
    let text: String
    let indices: [Int]
  }

  struct URLEntity: Codable {
    let url: String
    let expandedURL: String?
    let indices: [Int]

    enum CodingKeys: String, CodingKey {
      case url
      case expandedURL = "expanded_url"
      case indices
    }
  }
}
