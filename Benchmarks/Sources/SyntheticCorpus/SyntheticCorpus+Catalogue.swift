/// `catalogue.json`: citm_catalog.json's shape (events, performances, seat categories, names
/// keyed by numeric strings), 4-space pretty printed, mostly integer ids and whitespace.
extension SyntheticCorpus {
  static func catalogue() -> SyntheticValue {
    var random = SeededRandom(seed: 0x6369_746D)
    func ids(_ count: Int, from base: Int, _ random: inout SeededRandom) -> [Int] {
      (0..<count).map { _ in base + random.below(10_000_000) }
    }
    let areaIDs = (0..<18).map { 205_705_993 + $0 }
    let topicIDs = ids(30, from: 107_888_000, &random)
    let subTopicIDs = ids(40, from: 337_184_000, &random)
    let seatCategoryIDs = ids(60, from: 338_937_000, &random)
    let audienceIDs = [337_100_890]
    func names(_ keys: [Int], _ random: inout SeededRandom) -> SyntheticValue {
      .object(keys.map { (String($0), .string(random.pick(Vocabulary.french))) })
    }

    var events: [(String, SyntheticValue)] = []
    var eventIDs: [Int] = []
    for index in 0..<190 {
      let id = 138_586_341 + index * 4 + random.below(4)
      eventIDs.append(id)
      events.append(
        (
          String(id),
          .object([
            ("description", .null), ("id", .int(id)),
            (
              "logo",
              random.chance(0.6)
                ? .string("/images/UE0AAAAA" + random.text(12, from: Vocabulary.alphanumeric))
                : .null
            ),
            (
              "name",
              .string(random.pick(Vocabulary.french) + " " + random.pick(Vocabulary.lastNames))
            ),
            (
              "subTopicIds",
              .array((0..<random.int(1...4)).map { _ in .int(random.pick(subTopicIDs)) })
            ),
            ("subjectCode", .null), ("subtitle", .null),
            ("topicIds", .array((0..<random.int(1...3)).map { _ in .int(random.pick(topicIDs)) })),
          ])
        ))
    }

    let performances = (0..<340).map { index -> SyntheticValue in
      let categories = (0..<random.int(2...5)).map { _ in random.pick(seatCategoryIDs) }
      return .object([
        ("eventId", .int(random.pick(eventIDs))), ("id", .int(339_887_544 + index * 7)),
        (
          "logo",
          random.chance(0.5)
            ? .string("/images/UE0AAAAA" + random.text(12, from: Vocabulary.alphanumeric)) : .null
        ),
        ("name", .null),
        (
          "prices",
          .array(
            categories.map { category in
              .object([
                ("amount", .int(random.int(5...200) * 500)),
                ("audienceSubCategoryId", .int(audienceIDs[0])),
                ("seatCategoryId", .int(category)),
              ])
            })
        ),
        (
          "seatCategories",
          .array(
            categories.map { category in
              .object([
                (
                  "areas",
                  .array(
                    (0..<random.int(2...8)).map { _ in
                      .object([("areaId", .int(random.pick(areaIDs))), ("blockIds", .array([]))])
                    })
                ),
                ("seatCategoryId", .int(category)),
              ])
            })
        ),
        ("seatMapImage", .null), ("start", .int(1_372_701_600_000 + random.below(40_000_000_000))),
        ("venueCode", .string("PLEYEL_PLEYEL")),
      ])
    }

    return .object([
      ("areaNames", names(areaIDs, &random)),
      ("audienceSubCategoryNames", names(audienceIDs, &random)),
      ("blockNames", .object([])),
      ("events", .object(events)),
      ("performances", .array(performances)),
      ("seatCategoryNames", names(seatCategoryIDs, &random)),
      ("subTopicNames", names(subTopicIDs, &random)),
      ("subjectNames", .object([])),
      ("topicNames", names(topicIDs, &random)),
      (
        "topicSubTopics",
        .object(
          topicIDs.map { topic in
            (
              String(topic),
              .array((0..<random.int(1...6)).map { _ in .int(random.pick(subTopicIDs)) })
            )
          })
      ),
      ("venueNames", .object([("PLEYEL_PLEYEL", .string("Salle Pleyel"))])),
    ])
  }
}
