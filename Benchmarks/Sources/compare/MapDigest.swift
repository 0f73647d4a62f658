import Foundation

/// What the map suite's subjects must agree on before they are timed: a few totals a person
/// can check against the document (models, retweets, sum of ids, first date) and an
/// FNV-1a hash over every modelled field of every model in document order, so that any
/// field read differently (a lenient mapping leaving a property at its default, a date
/// parsed another way, a `nil` where there is a string) makes the digests differ.
struct MapDigest: Equatable, CustomStringConvertible {
  /// Top-level models: statuses or events.
  var models = 0
  /// Nested `retweeted_status` models (twitter only).
  var nested = 0
  /// Wrapping sum of the top-level models' numeric ids (statuses; events' ids are strings
  /// and are summed as numbers).
  var idSum: Int64 = 0
  var firstDate: Date?
  var fieldHash: UInt64 = 0xcbf2_9ce4_8422_2325

  var description: String {
    let date =
      firstDate.map {
        ISO8601DateFormatter.string(from: $0, timeZone: .gmt, formatOptions: .withInternetDateTime)
      } ?? "none"
    let hash = String(fieldHash, radix: 16)
    return
      "\(models) models, \(nested) nested, id sum \(idSum), first date \(date), field hash \(hash)"
  }

  mutating func top(id: Int64, date: Date) {
    if models == 0 { firstDate = date }
    models += 1
    idSum &+= id
  }

  private mutating func mix(_ value: UInt64) {
    for shift in stride(from: 0, to: 64, by: 8) {
      fieldHash = (fieldHash ^ ((value >> UInt64(shift)) & 0xFF)) &* 0x100_0000_01b3
    }
  }

  mutating func add(_ value: String) {
    for byte in value.utf8 { fieldHash = (fieldHash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    mix(UInt64(value.utf8.count))
  }

  mutating func add(_ value: String?) {
    if let value { add(value) } else { mix(0xDEAD_BEEF) }
  }

  mutating func add(_ value: Int64) { mix(UInt64(bitPattern: value)) }
  mutating func add(_ value: Int) { mix(UInt64(bitPattern: Int64(value))) }
  mutating func add(_ value: Bool) { mix(value ? 1 : 2) }
  mutating func add(_ value: Date) { mix(value.timeIntervalSince1970.bitPattern) }
  mutating func add(_ values: [Int]) {
    mix(UInt64(values.count))
    for value in values { add(value) }
  }
}

// One digest function per model family; both visit the same fields in the same order.

extension MapDigest {
  init(_ statuses: [MapModels.Status]) {
    for status in statuses {
      top(id: status.id, date: status.createdAt)
      add(status)
    }
  }

  private mutating func add(_ status: MapModels.Status) {
    add(status.id)
    add(status.idStr)
    add(status.text)
    add(status.createdAt)
    add(status.user.id)
    add(status.user.name)
    add(status.user.screenName)
    add(status.user.followersCount)
    add(status.user.verified)
    add(status.entities.hashtags.count)
    for hashtag in status.entities.hashtags {
      add(hashtag.text)
      add(hashtag.indices)
    }
    add(status.entities.urls.count)
    for url in status.entities.urls {
      add(url.url)
      add(url.expandedURL)
      add(url.indices)
    }
    add(status.retweetCount)
    add(status.favorited)
    add(status.retweetedStatus != nil)
    if let retweeted = status.retweetedStatus?.value {
      nested += 1
      add(retweeted)
    }
  }

  init(_ timeline: CodableModels.Timeline) {
    for status in timeline.statuses {
      top(id: status.id, date: status.createdAt)
      add(status)
    }
  }

  private mutating func add(_ status: CodableModels.Status) {
    add(status.id)
    add(status.idStr)
    add(status.text)
    add(status.createdAt)
    add(status.user.id)
    add(status.user.name)
    add(status.user.screenName)
    add(status.user.followersCount)
    add(status.user.verified)
    add(status.entities.hashtags.count)
    for hashtag in status.entities.hashtags {
      add(hashtag.text)
      add(hashtag.indices)
    }
    add(status.entities.urls.count)
    for url in status.entities.urls {
      add(url.url)
      add(url.expandedURL)
      add(url.indices)
    }
    add(status.retweetCount)
    add(status.favorited)
    add(status.retweetedStatus != nil)
    if let retweeted = status.retweetedStatus?.value {
      nested += 1
      add(retweeted)
    }
  }

  init(_ events: [MapModels.Event]) {
    for event in events {
      top(id: Int64(event.id) ?? -1, date: event.createdAt)
      add(event.id)
      add(event.type)
      add(event.actor.id)
      add(event.actor.login)
      add(event.actor.url)
      add(event.actor.avatarURL)
      add(event.repo.id)
      add(event.repo.name)
      add(event.repo.url)
      add(event.isPublic)
      add(event.createdAt)
    }
  }

  init(_ events: [CodableModels.Event]) {
    for event in events {
      top(id: Int64(event.id) ?? -1, date: event.createdAt)
      add(event.id)
      add(event.type)
      add(event.actor.id)
      add(event.actor.login)
      add(event.actor.url)
      add(event.actor.avatarURL)
      add(event.repo.id)
      add(event.repo.name)
      add(event.repo.url)
      add(event.isPublic)
      add(event.createdAt)
    }
  }
}
