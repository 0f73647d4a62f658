import Foundation
import JSONKit

@main
struct Tool {
  static func main() throws {
    let path = CommandLine.arguments[1]
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    for _ in 0..<3 {
      let t0 = Date()
      var n = 0
      for _ in 0..<20 { let j = try JSONParser.parse(data); n += j.type == .null ? 0 : 1 }
      let dt = Date().timeIntervalSince(t0) / 20
      print(path, String(format: "%.1f MB/s", Double(data.count) / dt / 1e6))
    }
  }
}
