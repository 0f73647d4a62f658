/// `coordinates.json`: canada.json's shape (GeoJSON polygons made of random walks), compact,
/// nearly all of it `[lon, lat]` doubles with ~15 significant digits.
extension SyntheticCorpus {
  static func coordinates() -> SyntheticValue {
    var random = SeededRandom(seed: 0x6361_6E61_6461)
    var features: [SyntheticValue] = []
    var remaining = 46_000  // [lon, lat] pairs in the whole document
    while remaining > 0 {
      let rings = (0..<random.int(1...12)).compactMap { _ -> SyntheticValue? in
        let count = min(remaining, random.int(4...2500))
        guard count > 0 else { return nil }
        remaining -= count
        var lon = -140 + random.unit() * 85
        var lat = 42 + random.unit() * 33
        var points: [SyntheticValue] = []
        for _ in 0..<count {
          points.append(
            .array([.number(coordinate(lon, &random)), .number(coordinate(lat, &random))]))
          lon += (random.unit() - 0.5) * 0.02
          lat += (random.unit() - 0.5) * 0.02
        }
        points.append(points[0])  // rings are closed, as in GeoJSON
        return SyntheticValue.array(points)
      }
      features.append(
        .object([
          ("type", .string("Feature")),
          ("properties", .object([("name", .string("Synthland \(features.count + 1)"))])),
          ("geometry", .object([("type", .string("Polygon")), ("coordinates", .array(rings))])),
        ]))
    }
    return .object([("type", .string("FeatureCollection")), ("features", .array(features))])
  }

  /// A coordinate written with 15 significant digits (like canada.json's
  /// `-65.613616999999977`), or now and then a short one (like `-65.625`).
  private static func coordinate(_ value: Double, _ random: inout SeededRandom) -> String {
    let magnitude = abs(value)
    let integerDigits = magnitude >= 100 ? 3 : magnitude >= 10 ? 2 : 1
    let fractionDigits = random.chance(0.1) ? random.int(1...6) : 15 - integerDigits
    var scale = 1.0
    for _ in 0..<fractionDigits { scale *= 10 }
    var digits = String(UInt64((magnitude * scale).rounded()))
    if digits.count <= fractionDigits {
      digits = String(repeating: "0", count: fractionDigits + 1 - digits.count) + digits
    }
    digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -fractionDigits))
    while digits.last == "0" { digits.removeLast() }
    if digits.last == "." { digits.removeLast() }
    return (value < 0 ? "-" : "") + digits
  }
}
