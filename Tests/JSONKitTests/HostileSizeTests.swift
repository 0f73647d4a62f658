import Foundation
import JSONKit
import Testing

/// A 100 MB string is parsed and written once, each stage checked for its exact size and
/// content at both ends (memory: a few copies of the input, never more).
@Suite("Hostile input: a 100 MB string")
struct HostileSizeTests {
  @Test("A hundred-megabyte string")
  func hundredMegabyteString() throws {
    let size = 100 * 1024 * 1024
    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: size + 2)
    bytes[0] = UInt8(ascii: "\"")
    bytes[size + 1] = UInt8(ascii: "\"")
    bytes[1] = UInt8(ascii: "<")
    bytes[size] = UInt8(ascii: ">")
    var json: JSON? = try JSONParser.parse(Data(bytes))
    bytes = []
    var written: [UInt8] = []
    JSONWriter().write(json!, into: &written)
    json = nil
    #expect(written.count == size + 2)
    #expect(written.prefix(3) == [0x22, 0x3C, 0x61])
    #expect(written.suffix(3) == [0x61, 0x3E, 0x22])
    #expect(!written.dropFirst().dropLast().contains(0x22))
  }
}
