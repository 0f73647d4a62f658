import Foundation
import JSONKit
import Mapping
import Testing

@Suite("StaticMappable picks the object to map: class clusters and cached objects")
struct StaticMappableTests {
  class Vehicle: StaticMappable {
    var type: String?
    var wheels = 0

    init() {}

    class func objectForMapping(map: Map) -> (any BaseMappable)? {
      switch map["type"].currentValue as? String {
      case "car": return Car()
      case "bus": return Bus()
      case "none": return nil
      default: return Vehicle()
      }
    }

    func mapping(map: Map) {
      type <- map["type"]
      wheels <- map["wheels"]
    }
  }

  final class Car: Vehicle {
    var name = ""

    override func mapping(map: Map) {
      super.mapping(map: map)
      name <- map["name"]
    }
  }

  final class Bus: Vehicle {
    var seats = 0

    override func mapping(map: Map) {
      super.mapping(map: map)
      seats <- map["seats"]
    }
  }

  @Test("Mapper<Vehicle> returns the subclass the JSON names, with every property mapped")
  func classCluster() throws {
    let car = try #require(
      Mapper<Vehicle>().map(JSONString: #"{"type": "car", "wheels": 4, "name": "Mini"}"#))
    #expect(car is Car)
    #expect(car.wheels == 4)
    #expect((car as? Car)?.name == "Mini")
    let bus = try #require(
      Mapper<Vehicle>().map(JSONString: #"{"type": "bus", "wheels": 6, "seats": 40}"#))
    #expect((bus as? Bus)?.seats == 40)
    let other = try #require(Mapper<Vehicle>().map(JSONString: #"{"type": "bike", "wheels": 2}"#))
    #expect(type(of: other) == Vehicle.self)
    #expect(other.wheels == 2)
  }

  struct Garage: Mappable {
    var vehicles: [Vehicle] = []
    var favourite: Vehicle?
    var byOwner: [String: Vehicle] = [:]

    init?(map: Map) {}

    mutating func mapping(map: Map) {
      vehicles <- map["vehicles"]
      favourite <- map["favourite"]
      byOwner <- map["byOwner"]
    }
  }

  @Test(
    "A cluster inside arrays, optionals and dictionaries of a model gets one subclass per element")
  func clusterInCollections() throws {
    let text =
      #"{"vehicles":[{"type":"car","wheels":4,"name":"Mini"},{"type":"bus","wheels":6,"seats":40},{"type":"cart","wheels":2}],"#
      + #""favourite":{"type":"bus","wheels":8,"seats":60},"byOwner":{"ada":{"type":"car","wheels":3,"name":"Reliant"}}}"#
    let (garage, written) = try roundTrip(text, as: Garage.self)
    #expect(garage.vehicles.map { "\(type(of: $0))" } == ["Car", "Bus", "Vehicle"])
    #expect((garage.favourite as? Bus)?.seats == 60)
    #expect((garage.byOwner["ada"] as? Car)?.name == "Reliant")
    #expect(written == text)
  }

  @Test("A subclass writes its own properties after the base class's")
  func writesSubclass() throws {
    let car = Car()
    car.type = "car"
    car.wheels = 4
    car.name = "Mini"
    #expect(Mapper<Vehicle>().toJSONString(car) == #"{"type":"car","wheels":4,"name":"Mini"}"#)
    #expect(car.toJSONString() == #"{"type":"car","wheels":4,"name":"Mini"}"#)
  }

  @Test("objectForMapping returning nil gives no model, and a failure that names the type")
  func noObject() throws {
    #expect(Mapper<Vehicle>().map(JSONString: #"{"type": "none"}"#) == nil)
    let (_, failures) = Mapper<Garage>().mapWithFailures(
      JSON: parsed(#"{"vehicles": [{"type": "car"}, {"type": "none"}]}"#))
    let notCreated = failures.filter { $0.reason == .objectNotCreated(type: "Vehicle") }
    #expect(
      notCreated.map(\.description) == [
        "Vehicle could not be created from the value at .vehicles[1]"
      ])
  }

  /// Objects shared by id: `objectForMapping` returns the cached instance, which mapping updates.
  final class Account: StaticMappable {
    final class Cache: @unchecked Sendable {
      private let lock = NSLock()
      private var accounts: [Int: Account] = [:]

      func account(_ id: Int) -> Account {
        lock.lock()
        defer { lock.unlock() }
        if let account = accounts[id] { return account }
        let account = Account()
        accounts[id] = account
        return account
      }
    }

    struct Context: MapContext {
      let cache: Cache
    }

    var id = 0
    var balance = 0

    static func objectForMapping(map: Map) -> (any BaseMappable)? {
      guard let cache = (map.context as? Context)?.cache, let id: Int = map["id"].value() else {
        return nil
      }
      return cache.account(id)
    }

    func mapping(map: Map) {
      id <- map["id"]
      balance <- map["balance"]
    }
  }

  @Test("objectForMapping can return a cached object, which mapping then updates")
  func cachedObjects() throws {
    let context = Account.Context(cache: Account.Cache())
    let mapper = Mapper<Account>(context: context)
    let first = try #require(mapper.map(JSONString: #"{"id": 1, "balance": 10}"#))
    let again = try #require(mapper.map(JSONString: #"{"id": 1, "balance": 25}"#))
    let other = try #require(mapper.map(JSONString: #"{"id": 2, "balance": 5}"#))
    #expect(first === again)
    #expect(first.balance == 25)
    #expect(other !== first)
    let list = try #require(
      mapper.mapArray(JSONString: #"[{"id": 2, "balance": 6}, {"id": 1, "balance": 30}]"#))
    #expect(list[0] === other && list[1] === first)
    #expect(first.balance == 30 && other.balance == 6)
  }

  struct Point {
    var x = 0.0
    var y = 0.0
  }

  @Test("A struct can become StaticMappable in an extension")
  func extensionConformance() throws {
    let (point, written) = try roundTripStatic(#"{"x":1.5,"y":-2.0}"#)
    #expect(point.x == 1.5 && point.y == -2)
    #expect(written == #"{"x":1.5,"y":-2}"#)
  }

  func roundTripStatic(_ text: String) throws -> (Point, String) {
    let point = try #require(Mapper<Point>().map(JSONString: text))
    return (point, try #require(point.toJSONString()))
  }
}

extension StaticMappableTests.Point: StaticMappable {
  static func objectForMapping(map: Map) -> (any BaseMappable)? {
    StaticMappableTests.Point()
  }

  mutating func mapping(map: Map) {
    x <- map["x"]
    y <- map["y"]
  }
}
