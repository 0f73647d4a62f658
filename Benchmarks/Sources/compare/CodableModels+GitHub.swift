import Foundation

/// github_events.json (a top-level array) as `Codable` structs, decoded as `[Event]` with
/// `.iso8601` dates.
extension CodableModels {
  struct Event: Codable {
    let id: String
    let type: String
    let actor: Actor
    let repo: Repo
    let isPublic: Bool
    let createdAt: Date

    enum CodingKeys: String, CodingKey {
      case id, type, actor, repo
      case isPublic = "public"
      case createdAt = "created_at"
    }
  }

  struct Actor: Codable {
    let id: Int
    let login: String
    let url: String
    let avatarURL: String

    enum CodingKeys: String, CodingKey {
      case id, login, url
      case avatarURL = "avatar_url"
    }
  }

  struct Repo: Codable {
    let id: Int
    let name: String
    let url: String
  }
}
