import Foundation
import JSONKit

// Writing models straight to JSON text (`Mapper.toJSONString`, the adapters' mapped
// replies): each property's text is appended to one shared `JSONTextSink` as `mapping(map:)`
// writes it, with no `JSON` tree in between.
//
// A tree merges what a text stream cannot: a nested key (`"a.b"`, whose object may gain
// members later), a repeated key (the second write replaces the first, in the first one's
// place) or no key at all. When one of these comes, the object's members written so far are
// parsed back into `JSON` and the rest of that object is built as before; it goes back into
// the text, written by the same writer, when the object ends. The text is therefore the
// same, byte for byte, as `JSONWriter().string(mapper.toJSONValue(model))`.

extension Map {
  /// A map that writes the models it is given as JSON text into `text`.
  convenience init(
    writingTextTo text: JSONTextSink, context: MapContext?, shouldIncludeNilValues: Bool,
    strict: Bool
  ) {
    self.init(
      mappingType: .toJSON, JSON: [:], context: context,
      shouldIncludeNilValues: shouldIncludeNilValues, strict: strict)
    self.text = text
  }

  /// Writes `value` at the current key: as text when this object is written as text,
  /// otherwise into `JSON` as `write(_:)` does.
  @inlinable
  func writeMember<T: MapValue>(_ value: T) {
    guard let start = beginTextMember() else { return write(value.toMapJSON(map: self)) }
    // A `nil` is known only once written: take the member back, as `write(_:)` leaves it out.
    if value.writeMapText(map: self) && !shouldIncludeNilValues { dropTextMember(from: start) }
  }

  /// Appends the current key to the text and returns where the member starts; `nil` when
  /// the member goes into `JSON` instead (no text, or a key that text cannot take: then the
  /// object moves into `JSON`).
  @usableFromInline
  func beginTextMember() -> Int? {
    guard let text, !textAsTree else { return nil }
    guard let key = textKey else {
      moveTextToTree()
      return nil
    }
    let start = text.count
    let index = textKeyCount
    if textFollowsLog && index < textExpectedLog.keys.count && textExpectedLog.keys[index] == key {
      // The key the type wrote here last time: distinct from the ones before it, and its
      // text already escaped.
      textKeyCount = index &+ 1
      if start > textObjectStart &+ 1 { text.append(0x2C) }
      textExpectedLog.appendKeyText(index, to: text)
      return start
    }
    if textFollowsLog {
      textFollowsLog = false
      textKeyLog = Array(textExpectedLog.keys[..<index])
    }
    guard !textKeyLog.contains(key) else {
      moveTextToTree()
      return nil
    }
    textKeyLog.append(key)
    textKeyCount = index &+ 1
    if start > textObjectStart &+ 1 { text.append(0x2C) }
    text.writeKey(key)
    return start
  }

  /// The current key when it is one plain step (the only keys written as text).
  private var textKey: String? {
    if nestedSteps.isEmpty { return currentKey }
    return nestedSteps.count == 1 ? nestedSteps[0] : nil
  }

  /// Takes back the member begun at `start` (a `nil` that is left out).
  @usableFromInline
  func dropTextMember(from start: Int) {
    text?.truncate(to: start)
  }

  /// Appends a value's text (nothing when this map writes no text).
  @usableFromInline
  func writeText(_ value: JSONKit.JSON) {
    text?.write(value)
  }

  /// Appends a string's text (nothing when this map writes no text).
  @usableFromInline
  func writeText(_ value: String) {
    text?.write(value)
  }

  /// Appends an integer's text, as `writeText(JSON(value))` would (nothing when this map
  /// writes no text).
  @usableFromInline
  func writeText<I: FixedWidthInteger>(integer value: I) {
    guard let text else { return }
    if let i = Int64(exactly: value) { text.write(i) } else { text.write(UInt64(value)) }
  }

  /// Appends `true` or `false` (nothing when this map writes no text).
  @usableFromInline
  func writeText(_ value: Bool) {
    text?.write(value)
  }

  /// Writes `value` through `transform` straight into the text when it is a date and
  /// `transform` one of Mapping's date transforms (no `String` or `JSON` for it); `false`
  /// when it did not, and the caller writes `transform.transformToJSONValue(value)`.
  ///
  /// The casts fold away where the operator is specialized for its transform.
  @inlinable
  func writeDateText<Tr: TransformType>(_ value: Tr.Object, _ transform: Tr) -> Bool {
    guard writesText, let date = value as? Date else { return false }
    if let iso = transform as? ISO8601DateTransform { return writeDateText(date, iso) }
    if let formatted = transform as? DateFormatterTransform {
      return writeDateText(date, formatted)
    }
    return false
  }

  /// Whether this map writes its object as text now.
  @usableFromInline
  var writesText: Bool { text != nil && !textAsTree }

  /// Writes `date` as `transform.transformToJSON` does, straight into the text.
  @usableFromInline
  func writeDateText(_ date: Date, _ transform: ISO8601DateTransform) -> Bool {
    guard let text, let start = beginTextMember() else { return false }
    let fractional = transform.fractionalSeconds
    let written = text.writeQuoted(maximumLength: ISO8601DateText.maximumLength) { target in
      ISO8601DateText.write(date, fractionalSeconds: fractional, to: target)
    }
    // Not finite, or past the year ±99,999,999: the transform's `null`.
    if !written { finishTextMember(transform.transformToJSONValue(date), from: start) }
    return true
  }

  /// Writes `date` as `transform.transformToJSON` does, straight into the text when its
  /// pattern is one `FixedDateFormat` writes with nothing to escape.
  @usableFromInline
  func writeDateText(_ date: Date, _ transform: DateFormatterTransform) -> Bool {
    guard let format = transform.fastParser, !format.needsEscaping, let text,
      let start = beginTextMember()
    else { return false }
    let written = text.writeQuoted(maximumLength: format.maximumLength) { target in
      format.write(date, to: target)
    }
    // A date `FixedDateFormat` leaves to the formatter.
    if !written { finishTextMember(transform.transformToJSONValue(date), from: start) }
    return true
  }

  /// Appends `json` as the value of the member begun at `start`, taking the member back
  /// when `json` is a `null` that `write(_:)` leaves out.
  private func finishTextMember(_ json: JSONKit.JSON, from start: Int) {
    if json.type == .null && !shouldIncludeNilValues {
      dropTextMember(from: start)
    } else {
      writeText(json)
    }
  }

  /// Appends one byte of punctuation (nothing when this map writes no text).
  @usableFromInline
  func writeTextByte(_ byte: UInt8) {
    text?.append(byte)
  }

  /// Parses the members written so far back into `JSON`, for the rest of the object to be
  /// built as a tree.
  private func moveTextToTree() {
    guard let text else { return }
    storedJSON = textObjectSoFar()
    text.truncate(to: textObjectStart)
    textAsTree = true
  }

  /// The members of the open object written so far, parsed back from the text (`JSON`
  /// while writing text: the object written so far, as a tree-building map gives).
  func textObjectSoFar() -> JSONKit.JSON {
    guard let text, textObjectStart >= 0 else { return storedJSON }
    let end = text.count
    text.append(0x7D)
    defer { text.truncate(to: end) }
    // The text was written by JSONKit's writer, so it parses; no depth limit, as the writer
    // has none.
    let options = JSONParser.Options(maxDepth: .max)
    let json = text.withBytes(from: textObjectStart) { bytes in
      try? JSONParser.parse(bytes, options: options)
    }
    guard let json else { preconditionFailure("Mapping: written text did not parse back") }
    return json
  }

  /// Starts writing an object of the model `type` as text (its `{`).
  func beginTextObject(_ type: Any.Type) {
    guard let text else { return }
    textObjectStart = text.count
    text.append(0x7B)
    textKeyCount = 0
    if !textKeyLog.isEmpty { textKeyLog.removeAll(keepingCapacity: true) }
    let type = ObjectIdentifier(type)
    if textExpectedLog.type != type {
      textExpectedLog = textKnownLogs.first { $0.type == type } ?? TextKeyLog(type: type)
    }
    textFollowsLog = true
    textAsTree = false
    currentKey = nil
    if !nestedSteps.isEmpty { nestedSteps = [] }
  }

  /// Ends the object begun by `beginTextObject(_:)`: its `}`, or the tree it moved into.
  func endTextObject() {
    guard let text else { return }
    if textAsTree {
      text.write(storedJSON)
      storedJSON = [:]
      textAsTree = false
    } else {
      text.append(0x7D)
      // Every key was checked against the ones before it: the log holds distinct keys.
      if !textFollowsLog || textKeyCount != textExpectedLog.keys.count {
        let keys = textFollowsLog ? Array(textExpectedLog.keys[..<textKeyCount]) : textKeyLog
        let log = TextKeyLog(type: textExpectedLog.type, keys: keys)
        if let i = textKnownLogs.firstIndex(where: { $0.type == log.type }) {
          textKnownLogs[i] = log
        } else {
          textKnownLogs.append(log)
        }
        textExpectedLog = log
      }
    }
    textObjectStart = -1
  }

  /// The map to write a nested model's object with (reused from the previous nested model
  /// when nobody else holds it, as `nestedMap(reading:)` does); `nil` when this map writes no
  /// text.
  func nestedTextMap() -> Map? {
    guard let text else { return nil }
    if isKnownUniquelyReferenced(&spareChild), let child = spareChild, child.text === text {
      return child
    }
    let child = Map(nestedIn: self, mappingType: .toJSON, JSON: [:])
    child.text = text
    spareChild = child
    return child
  }
}

/// The keys a model type wrote in its last object, in order and distinct, with their text
/// (`"key":`) escaped once.
final class TextKeyLog: Sendable {
  /// The model type; a log of no type (`empty`) matches none.
  let type: ObjectIdentifier?
  let keys: [String]
  /// Every key's text, one after the other; key `i` ends at `ends[i]`.
  private let text: [UInt8]
  private let ends: [Int]

  /// A log of no keys and no type.
  static let empty = TextKeyLog(type: nil, keys: [])

  init(type: ObjectIdentifier?, keys: [String] = []) {
    self.type = type
    self.keys = keys
    let sink = JSONTextSink(capacity: 16 * keys.count)
    var ends: [Int] = []
    ends.reserveCapacity(keys.count)
    for key in keys {
      sink.writeKey(key)
      ends.append(sink.count)
    }
    self.text = sink.bytes
    self.ends = ends
  }

  /// Appends key `index`'s text to `sink`.
  func appendKeyText(_ index: Int, to sink: JSONTextSink) {
    // Safe: `ends` is ascending and its last entry is `text.count`, so `start...ends[index]`
    // lies in `text` for any index of `keys` (the array checks the index).
    let start = index == 0 ? 0 : ends[index &- 1]
    text.withUnsafeBufferPointer { bytes in
      sink.append(UnsafeBufferPointer(rebasing: bytes[start..<ends[index]]))
    }
  }
}
