/// The models `DecodeComparison` decodes twitter.json and citm_catalog.json with: the fields
/// a service would read, a part of each document, as `GateModels.Event` is of the events.
enum DecodeModels {
  /// twitter.json: each status's text, author and hashtags.
  struct Timeline: Codable {
    struct Status: Codable {
      let id: Int64
      let text: String
      let user: User
      let retweetCount: Int
      let entities: Entities

      enum CodingKeys: String, CodingKey {
        case id, text, user, entities
        case retweetCount = "retweet_count"
      }
    }

    struct User: Codable {
      let screenName: String
      let followersCount: Int

      enum CodingKeys: String, CodingKey {
        case screenName = "screen_name"
        case followersCount = "followers_count"
      }
    }

    struct Entities: Codable {
      let hashtags: [Hashtag]
    }

    struct Hashtag: Codable {
      let text: String
    }

    let statuses: [Status]
  }

  /// citm_catalog.json: the events by id, and each performance's event and start.
  struct Catalog: Codable {
    struct Event: Codable {
      let id: Int
      let name: String
    }

    struct Performance: Codable {
      let id: Int
      let eventId: Int
      let start: Int
    }

    let events: [String: Event]
    let performances: [Performance]
  }
}
