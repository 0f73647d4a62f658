/// `strings.json`: gsoc-2018.json's shape (projects with long prose descriptions), where most
/// strings are written with `\/` and `\uXXXX` escapes.
extension SyntheticCorpus {
  static func strings() -> SyntheticValue {
    var random = SeededRandom(seed: 0x6773_6F63)
    let projects = (0..<560).map { index -> (String, SyntheticValue) in
      let style: SyntheticValue.StringStyle = random.chance(0.6) ? .escaped : .raw
      let author = random.pick(Vocabulary.firstNames) + " " + random.pick(Vocabulary.lastNames)
      let organization = random.pick(Vocabulary.organizations)
      return (
        String(index),
        .object([
          ("@context", .string("http://schema.org", style)),
          ("@type", .string("SoftwareSourceCode")),
          ("name", .string(sentence(&random, words: 4...9), style)),
          ("description", .string(paragraphs(&random, count: 1...3), style)),
          (
            "sponsor",
            .object([
              ("@type", .string("Organization")), ("name", .string(organization)),
              ("disambiguatingDescription", .string(sentence(&random, words: 6...14), style)),
              ("description", .string(paragraphs(&random, count: 2...5), style)),
              (
                "url",
                .string("https://" + organization.lowercased().filter(\.isLetter) + ".org", style)
              ),
              (
                "logo",
                .string(
                  "https://lh3.googleusercontent.com/"
                    + random.text(40, from: Vocabulary.alphanumeric), style)
              ),
            ])
          ),
          ("author", .object([("@type", .string("Person")), ("name", .string(author, style))])),
        ])
      )
    }
    return .object(projects)
  }

  private static func sentence(_ random: inout SeededRandom, words: ClosedRange<Int>) -> String {
    var parts = (0..<random.int(words)).map { _ in random.pick(Vocabulary.words) }
    if random.chance(0.3) {
      parts.insert(random.pick(Vocabulary.french), at: random.below(parts.count))
    }
    if random.chance(0.15) { parts.append(random.pick(Vocabulary.emoji)) }
    if random.chance(0.1) { parts.append(random.pick(Vocabulary.japanese)) }
    var text = parts.joined(separator: " ")
    text = text.prefix(1).uppercased() + text.dropFirst()
    return text + "."
  }

  /// Markdown-ish prose: newlines, bullet lists, quoted words, links, a Windows path and a
  /// tab now and then, so every escape sequence appears.
  private static func paragraphs(_ random: inout SeededRandom, count: ClosedRange<Int>) -> String {
    (0..<random.int(count)).map { _ in
      var lines = (0..<random.int(2...6)).map { _ in sentence(&random, words: 8...24) }
      if random.chance(0.4) {
        lines.append(
          "* \"" + random.pick(Vocabulary.words) + "\" support\n* https://github.com/"
            + random.pick(Vocabulary.words))
      }
      if random.chance(0.2) {
        lines.append("Install to C:\\Program Files\\" + random.pick(Vocabulary.organizations))
      }
      if random.chance(0.2) { lines.append("Key\tValue\t" + random.pick(Vocabulary.words)) }
      return lines.joined(separator: "  ")
    }.joined(separator: "\n\n")
  }
}
