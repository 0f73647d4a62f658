extension JSONKitDecoder {
  /// What one decode does about projections: it records the places the model reads (a
  /// decode of the full document, whose record becomes the type's projection), or it reads
  /// a projected document and watches for a question the projection cannot answer.
  ///
  /// Recorded paths name array positions as "any element" (`.each`), so a model over an
  /// array of 10,000 records adds each place once. A projected document answers a question
  /// the same as the full one would except when the model asks about something the parser
  /// dropped: a key the projection does not keep that the object lacks, the keys of an
  /// object the projection pruned, an empty array whose elements were dropped, or a `JSON`
  /// value that was pruned. Such a question sets `missed`; the decode is then thrown away
  /// and done again on the full document, which records the new places (see
  /// `decodeProjecting`). Setting a flag, not only throwing, catches a model that swallows
  /// the error (`try? container.decode(…)`).
  final class ProjectionSession {
    /// The projection the document was parsed with, or `nil` when recording.
    let projection: JSONProjection?
    /// Places whose value the model read whole (a `JSON` field).
    var whole: Set<[JSONProjection.Step]> = []
    /// Places the model looked at: members it asked for, containers it opened.
    var visited: Set<[JSONProjection.Step]> = []
    /// The model asked about something the projection dropped.
    var missed = false
    /// Objects whose keys the model listed (`allKeys`): their members are recorded as any
    /// member, so a `[String: Model]` of 10,000 entries records one path, not 10,000.
    var everyMember: Set<[JSONProjection.Step]> = []

    /// A session that records what the model reads.
    init() { projection = nil }

    /// A session over a document parsed with `projection`.
    init(checking projection: JSONProjection) { self.projection = projection }

    var isRecording: Bool { projection == nil }

    /// `items` as projection steps: array positions, and the members of objects whose keys
    /// the model listed, as `.each`.
    func steps(_ items: ArraySlice<CodingPathItem>) -> [JSONProjection.Step] {
      var steps: [JSONProjection.Step] = []
      steps.reserveCapacity(items.count + 1)
      for item in items {
        switch item {
        case .key(let key):
          let any = !everyMember.isEmpty && everyMember.contains(steps)
          steps.append(any ? .each : .key(key.stringValue))
        case .index: steps.append(.each)
        }
      }
      return steps
    }

    /// The model asked the object at `items` for the member `name`; it has none when
    /// `found` is `false`.
    func lookup(_ name: String, at items: ArraySlice<CodingPathItem>, found: Bool) {
      if let projection {
        if !found && !projection.keepsMember(name, at: items) { missed = true }
        return
      }
      var path = steps(items)
      let any = !everyMember.isEmpty && everyMember.contains(path)
      path.append(any ? .each : .key(name))
      visited.insert(path)
    }

    /// The model asked for every key of the object at `items`.
    func allKeys(at items: ArraySlice<CodingPathItem>) {
      if let projection {
        if !projection.keepsEveryMember(at: items) { missed = true }
        return
      }
      // Every member kept, each pruned by what the model reads in any of them.
      var path = steps(items)
      everyMember.insert(path)
      path.append(.each)
      visited.insert(path)
    }

    /// The model opened the array at `items`, of `count` elements in this document.
    func array(at items: ArraySlice<CodingPathItem>, count: Int) {
      if let projection {
        // An array the parser kept has every element, or none when it dropped them all.
        if count == 0 && !projection.keepsEveryElement(at: items) { missed = true }
        return
      }
      var path = steps(items)
      path.append(.each)
      visited.insert(path)
    }

    /// The model read the value at `items` whole (as `JSON`); `isContainer` says whether
    /// that value is an array or an object here (a scalar is never pruned).
    func wholeValue(at items: ArraySlice<CodingPathItem>, isContainer: Bool) {
      if let projection {
        if isContainer && !projection.keepsWhole(at: items) { missed = true }
        return
      }
      whole.insert(steps(items))
    }
  }
}
