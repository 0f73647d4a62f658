/// One hostile request body, the route it is sent to, and what the reply must be (the
/// adapters' test targets share these).
public struct HostileCase: Sendable, CustomStringConvertible {
  public var name: String
  public var path: String
  /// Made when the test runs, so that the suites' arguments hold no large bodies.
  public var body: @Sendable () -> [UInt8]
  public var status: Int
  /// A piece of the reply's body.
  public var message: String

  /// A case: its name, route, body (made when the test runs), status and a piece of the reply.
  public init(
    _ name: String, _ path: String, _ body: @escaping @Sendable () -> [UInt8], _ status: Int,
    _ message: String
  ) {
    self.name = name
    self.path = path
    self.body = body
    self.status = status
    self.message = message
  }

  /// The case's name, as test arguments show it.
  public var description: String { name }
}

/// The hostile bodies of the article "Hostile request bodies".
public enum HostileBody {
  public static func truncated() -> [UInt8] { Array(#"{"id": 7, "items": ["a""#.utf8) }

  public static func invalidUTF8() -> [UInt8] {
    Array(#"{"id": 7, "s": ""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
  }

  public static func deepNest() -> [UInt8] { [UInt8](repeating: 0x5B, count: 1_000_000) }

  public static func longNumber(key: String) -> @Sendable () -> [UInt8] {
    { Array(#"{"\#(key)": 1"#.utf8) + [UInt8](repeating: 0x37, count: 99_999) + [0x7D] }
  }

  /// `{"id": 7, "k0": 0, "k1": 0, …}` with 1,000,000 keys: about 13 MB.
  public static func manyKeys() -> [UInt8] {
    var bytes = Array(#"{"id": 7"#.utf8)
    bytes.reserveCapacity(14_000_000)
    for i in 0..<999_999 { bytes += Array(#", "k\#(i)": 0"#.utf8) }
    bytes.append(0x7D)
    return bytes
  }

  public static func loneSurrogate() -> [UInt8] { Array(#"{"id": 7, "s": "\ud800"}"#.utf8) }

  public static func malformedNDJSON() -> [UInt8] {
    Array("{\"n\": 1}\n{\"n\": 2,}\n{\"n\": 3}\n".utf8)
  }

  /// `{"s": "vvv…"}` of 20 MiB.
  public static func hugeValue() -> [UInt8] {
    Array(#"{"s": ""#.utf8) + [UInt8](repeating: 0x76, count: 20 * 1024 * 1024)
      + Array(#""}"#.utf8)
  }
}
