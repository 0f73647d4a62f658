// Foundation's snake_case ⇄ camelCase key conversions, reproduced exactly so that models
// behave the same with `JSONKitDecoder`/`JSONKitEncoder` as with `JSONDecoder`/`JSONEncoder`.

enum CodingKeyConversion {
  /// `screen_name` → `screenName`, `_id_` → `_id_`, `url` → `url`, `a__b` → `aB`.
  ///
  /// Leading and trailing underscores are kept; a key without inner underscores is left as
  /// it is (it may be camel case already); otherwise the first word is lowercased and the
  /// others capitalized.
  static func camelCase(fromSnakeCase key: String) -> String {
    guard let first = key.firstIndex(where: { $0 != "_" }) else { return key }
    var last = key.index(before: key.endIndex)
    while last > first && key[last] == "_" { key.formIndex(before: &last) }
    let core = key[first...last]
    let words = core.split(separator: "_")
    guard words.count > 1 else { return key }
    var result = String(key[..<first])
    result += words[0].lowercased()
    for word in words.dropFirst() {
      result += word.prefix(1).uppercased()
      result += word.dropFirst().lowercased()
    }
    result += key[key.index(after: last)...]
    return result
  }

  /// `screenName` → `screen_name`, `myURLProperty` → `my_url_property`, `userID` → `user_id`.
  ///
  /// Words start at each uppercase letter; a run of uppercase letters is one word, except
  /// that its last letter starts the next word when a lowercase letter follows it.
  static func snakeCase(fromCamelCase key: String) -> String {
    let scalars = Array(key.unicodeScalars)
    guard !scalars.isEmpty else { return key }
    func isUpper(_ i: Int) -> Bool {
      let category = scalars[i].properties.generalCategory
      return category == .uppercaseLetter || category == .titlecaseLetter
    }
    func isLower(_ i: Int) -> Bool { scalars[i].properties.generalCategory == .lowercaseLetter }

    var words: [Range<Int>] = []
    var wordStart = 0
    var searchStart = 1
    let end = scalars.count
    while let upper = (searchStart..<end).first(where: isUpper) {
      words.append(wordStart..<upper)
      guard let lower = (upper..<end).first(where: isLower) else {
        wordStart = upper
        searchStart = end
        break
      }
      if lower == upper + 1 {
        wordStart = upper
      } else {
        // A run of capitals: all but the last form a word; the last starts the next one.
        words.append(upper..<(lower - 1))
        wordStart = lower - 1
      }
      searchStart = lower + 1
    }
    words.append(wordStart..<end)
    return words.map { range in
      var word = String.UnicodeScalarView()
      word.append(contentsOf: scalars[range])
      return String(word).lowercased()
    }.joined(separator: "_")
  }
}
