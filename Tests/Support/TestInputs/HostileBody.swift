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
