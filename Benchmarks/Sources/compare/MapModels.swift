import Foundation
import JSONKit
import Mapping

// The map suite's models. One model shape per document, written twice: as ObjectMapper-style
// `Mappable` structs (`MapModels`, read by the `mapping` subject) and as `Codable` structs
// (`CodableModels`, read by `jsondecoder` and `jsonkit-decoder`). Same properties, same
// types, same date parsing, so the subjects do the same work and their results can be
// compared field by field (`MapDigest`).
//
// - twitter.json (and the synthetic tweets.json): `MapModels+Twitter.swift`,
//   `CodableModels+Twitter.swift`.
// - github_events.json: `MapModels+GitHub.swift`, `CodableModels+GitHub.swift`.

/// Namespace of the `Mappable` models.
enum MapModels {}

/// Namespace of the `Codable` models.
enum CodableModels {}

/// A box that lets a struct hold a value of its own type (`Status.retweetedStatus`): a
/// struct cannot contain itself, even optionally.
///
/// Both model families use it, so both pay
/// for one class instance per retweet. It decodes and maps transparently (no extra level
/// in the JSON).
final class Indirect<Value> {
  let value: Value
  init(_ value: Value) { self.value = value }
}

/// Immutable, so as sendable as its value: the transfer suite's models cross from the task
/// that fetched them to the thread that times it.
extension Indirect: Sendable where Value: Sendable {}

extension Indirect: Decodable where Value: Decodable {
  convenience init(from decoder: any Decoder) throws {
    self.init(try Value(from: decoder))
  }
}

extension Indirect: Encodable where Value: Encodable {
  func encode(to encoder: any Encoder) throws {
    try value.encode(to: encoder)
  }
}

extension Indirect: MapValue where Value: MapValue {
  static func fromMapJSON(_ json: JSON, map: Map) throws(MappingError) -> Indirect<Value> {
    Indirect(try Value.fromMapJSON(json, map: map))
  }

  func toMapJSON(map: Map) -> JSON {
    value.toMapJSON(map: map)
  }

  func writeMapText(map: Map) -> Bool {
    value.writeMapText(map: map)
  }
}

/// twitter.json's date format, created once and shared: a formatter per parse would dwarf
/// everything else being measured.
///
/// The `mapping` subject reads it through
/// `DateFormatterTransform` (which keeps a copy), the decoders through `.formatted`.
///
/// github_events.json's ISO 8601 dates need no formatter: `ISO8601DateTransform` for
/// `mapping`, `.iso8601` for the decoders (`Date.ISO8601FormatStyle` in swift-foundation).
/// Not `ISO8601DateFormatter`: on Linux (Swift 6.3) its `date(from:)` takes ~55 µs against
/// well under 1 µs for those, which alone made mapping github_events.json 5× slower than
/// JSONDecoder when a `TransformOf` used it.
enum ModelDates {
  /// twitter.json's `created_at`: `"Sun Aug 31 00:29:15 +0000 2014"`.
  static let twitter: DateFormatter = {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(secondsFromGMT: 0)
    formatter.dateFormat = "EEE MMM dd HH:mm:ss Z yyyy"
    return formatter
  }()
}
