import Foundation
import JSONKit
import LoopbackTestServer
import Mapping
import Testing
import Transfer

/// AlamofireObjectMapper code, as written for it: `AF`, `AFDataResponse`, `responseObject`
/// with `keyPath:` and `mapToObject:`, and models that are classes with `var`s (not
/// `Sendable`), served from a loopback server.
@Suite("AlamofireObjectMapper's spellings, with models that are not Sendable")
struct AlamofirePortingTests {
  final class Forecast: Mappable {
    var day: String?
    var temperature: Int?
    init?(map: Map) {}
    func mapping(map: Map) {
      day <- map["day"]
      temperature <- map["temperature"]
    }
  }

  final class Weather: Mappable {
    var location: String?
    var date: Date?
    var forecasts: [Forecast]?
    init() {}
    init?(map: Map) {}
    func mapping(map: Map) {
      location <- map["location"]
      forecasts <- map["three_day_forecast"]
    }
  }

  static func handler(_ request: ServerRequest) -> ServerResponse {
    let weather =
      #"{"location": "Toronto", "three_day_forecast": [{"day": "Mon", "temperature": 20}, {"day": "Tue", "temperature": 22}]}"#
    switch request.path {
    case "/weather": return .json(weather)
    case "/wrapped": return .json(#"{"response": {"data": \#(weather)}}"#)
    case "/broken": return .json(#"{"location": "#)
    default: return .empty(status: 404)
    }
  }

  @Test("responseObject maps a class model at a nested key path")
  func responseObjectMapsAClassModelAtANestedKeyPath() async throws {
    try await withServer(Self.handler) { server in
      let facts = await withCheckedContinuation { (done: CheckedContinuation<[String], Never>) in
        AF.request(server.url("/wrapped")).responseObject(keyPath: "response.data") {
          (response: AFDataResponse<Weather>) in
          let weather = response.value
          done.resume(
            returning: [weather?.location ?? "-"] + (weather?.forecasts ?? []).map { $0.day ?? "-" }
          )
        }
      }
      #expect(facts == ["Toronto", "Mon", "Tue"])
    }
  }

  @Test("Map to object keeps what the JSON does not mention")
  func mapToObjectKeepsWhatTheJSONDoesNotMention() async throws {
    try await withServer(Self.handler) { server in
      let facts = await withCheckedContinuation { (done: CheckedContinuation<[String], Never>) in
        let existing = Weather()
        existing.date = Date(timeIntervalSince1970: 5)
        AF.request(server.url("/weather")).responseObject(mapToObject: existing) {
          (response: AFDataResponse<Weather>) in
          let weather = response.value
          done.resume(returning: [
            weather?.location ?? "-", "\(weather?.date?.timeIntervalSince1970 ?? 0)",
          ])
        }
      }
      #expect(facts == ["Toronto", "5.0"])
    }
  }

  @Test("responseArray maps class models on the given queue")
  func responseArrayMapsClassModelsOnTheGivenQueue() async throws {
    try await withServer(Self.handler) { server in
      let queue = DispatchQueue(label: "handler")
      let key = DispatchSpecificKey<Bool>()
      queue.setSpecific(key: key, value: true)
      let facts = await withCheckedContinuation { (done: CheckedContinuation<[String], Never>) in
        AF.request(server.url("/weather")).responseArray(
          queue: queue, keyPath: "three_day_forecast"
        ) { (response: AFDataResponse<[Forecast]>) in
          let onQueue = DispatchQueue.getSpecific(key: key) == true
          done.resume(
            returning: ["\(onQueue)"] + (response.value ?? []).map { "\($0.temperature ?? 0)" })
        }
      }
      #expect(facts == ["true", "20", "22"])
    }
  }

  @Test("A body that is not JSON is an AFError that says where")
  func aBodyThatIsNotJSONIsAnAFErrorThatSaysWhere() async throws {
    try await withServer(Self.handler) { server in
      let message = await withCheckedContinuation { (done: CheckedContinuation<String, Never>) in
        AF.request(server.url("/broken")).responseObject { (response: AFDataResponse<Weather>) in
          let error: AFError? = response.error
          done.resume(returning: error.map { "\($0)" } ?? "no error")
        }
      }
      #expect(message.contains("line 1"), "\(message)")
    }
  }
}
