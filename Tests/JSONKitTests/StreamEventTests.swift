import Foundation
import TestInputs
import Testing

@testable import JSONKit
@testable import JSONKitCore

/// jq's `tostream` for a parsed value, written out here as the reference the parser's own
/// events must equal.
private func referenceEvents(_ value: JSON) -> [JSON] {
  var events: [JSON] = []
  func walk(_ value: JSON, _ path: [JSON]) {
    let children: [(JSON, JSON)]
    switch value.type {
    case .array: children = value.arrayValue.enumerated().map { (JSON($0.offset), $0.element) }
    case .dictionary: children = value.map { (JSON($0.0), $0.1) }
    default:
      events.append(JSON(array: [JSON(array: path), value]))
      return
    }
    if children.isEmpty {
      events.append(JSON(array: [JSON(array: path), value]))
      return
    }
    for (key, child) in children { walk(child, path + [key]) }
    events.append(JSON(array: [JSON(array: path + [children.last!.0])]))
  }
  walk(value, [])
  return events
}

/// A random value with distinct keys, deep and wide enough to cross chunk boundaries.
private func randomValue(depth: Int, using generator: inout SplitMix64) -> JSON {
  let pick = generator.next() % (depth > 0 ? 9 : 6)
  switch pick {
  case 0: return .null
  case 1: return JSON(generator.next() & 1 == 0)
  case 2: return JSON(Int64(truncatingIfNeeded: generator.next()) >> 20)
  case 3: return JSON(Double(Int32(truncatingIfNeeded: generator.next())) / 64)
  case 4: return JSON(String(repeating: "é\"\\\n", count: Int(generator.next() % 4)) + "x")
  case 5: return JSON(String(repeating: "long text ", count: Int(generator.next() % 40)))
  case 6, 7:
    var object: JSON = [:]
    for i in 0..<Int(generator.next() % 5) {
      object["k\(i)\u{1F600}"] = randomValue(depth: depth - 1, using: &generator)
    }
    return object
  default:
    return JSON(
      array: (0..<Int(generator.next() % 5)).map { _ in
        randomValue(depth: depth - 1, using: &generator)
      })
  }
}

/// The events of `text` fed in chunks of `size` bytes.
private func events(of text: [UInt8], chunk size: Int) throws(JSONError) -> [JSON] {
  let parser = JSONStreamParser(output: .streamEvents)
  var out: [JSON] = []
  var start = 0
  while start < text.count {
    let end = min(start + size, text.count)
    out += try parser.feed(Array(text[start..<end]))
    start = end
  }
  return try out + parser.finish()
}

/// The events of `text` fed in chunks of `size` bytes to `feedEvents`, written out as each
/// arrives (`kept`: also kept, so that the parser must not write over them).
private func pushedEvents(of text: [UInt8], chunk size: Int, keep: Bool) throws
  -> (written: [String], kept: [JSON])
{
  let parser = JSONStreamParser(output: .streamEvents)
  var written: [String] = []
  var kept: [JSON] = []
  let body = { (event: JSON, _: Int) -> Bool in
    written.append(JSONWriter().string(event))
    if keep { kept.append(event) }
    return true
  }
  var start = 0
  while start < text.count {
    let end = min(start + size, text.count)
    let more = try Array(text[start..<end]).withUnsafeBytes { bytes -> Bool in
      try parser.feedEvents(bytes, to: body)
    }
    #expect(more)
    start = end
  }
  #expect(try parser.finishEvents(to: body))
  return (written, kept)
}

@Suite("Stream events, as jq's --stream, from the parser")
struct StreamEventTests {
  @Test("A sink can stop the parse")
  func aSinkCanStopTheParse() throws {
    let parser = JSONStreamParser(output: .streamEvents)
    var seen = 0
    let more = try Array("[1,2,3,4]".utf8).withUnsafeBytes { bytes -> Bool in
      try parser.feedEvents(bytes) { _, _ in
        seen += 1
        return seen < 2
      }
    }
    #expect(!more)
    #expect(seen == 2)
  }

  @Test("Events pushed to a sink come with their lines")
  func eventsPushedToASinkComeWithTheirLines() throws {
    let parser = JSONStreamParser(output: .streamEvents)
    var lines: [Int] = []
    let text = Array("[1,\n2,\n\n{\"a\":3}\n]\n4".utf8)
    let body = { (_: JSON, line: Int) -> Bool in
      lines.append(line)
      return true
    }
    _ = try text.withUnsafeBytes { bytes -> Bool in
      try parser.feedEvents(bytes, to: body)
    }
    _ = try parser.finishEvents(to: body)
    // [[0],1] [[1],2] [[2,"a"],3] [[2,"a"]] [[2]] [[],4]
    #expect(lines == [1, 2, 4, 4, 5, 6])
  }

  @Test("Events are jq's tostream of every value whatever the chunks")
  func eventsAreJqsTostreamOfEveryValueWhateverTheChunks() throws {
    var generator = SplitMix64(seed: 0x57_2EA4)
    for round in 0..<120 {
      let values = (0..<3).map { _ in randomValue(depth: 5, using: &generator) }
      let text = Array(values.map { JSONWriter().string($0) }.joined(separator: "\n").utf8)
      let expected = values.flatMap(referenceEvents)
      for size in [1, 2, 3, 7, 64, 1 << 20] {
        #expect(try events(of: text, chunk: size) == expected, "round \(round), chunk \(size)")
        guard round < 40, [1, 7, 1 << 20].contains(size) else { continue }
        // Pushed to a sink: written over in place when the sink lets go of them…
        let dropped = try pushedEvents(of: text, chunk: size, keep: false)
        #expect(dropped.written == expected.map { JSONWriter().string($0) }, "round \(round)")
        // …and copied when it keeps them: the kept ones are unchanged at the end.
        let kept = try pushedEvents(of: text, chunk: size, keep: true)
        #expect(kept.kept == expected, "round \(round), chunk \(size)")
      }
    }
  }

  @Test("The documentation's example gives its events")
  func theDocumentationExample() throws {
    let parser = JSONStreamParser(output: .streamEvents)
    let events = try parser.feed(Array(#"{"a":[1,{}]}"#.utf8)) + parser.finish()
    #expect(
      events.map { JSONWriter().string($0) } == [
        #"[["a",0],1]"#, #"[["a",1],{}]"#, #"[["a",1]]"#, #"[["a"]]"#,
      ])
  }

  @Test("Scalars and empty containers at the top")
  func scalarsAndEmptyContainersAtTheTop() throws {
    let text = Array(#"3 "s" [] {} null [[]]"#.utf8)
    let written = try events(of: text, chunk: 4).map { JSONWriter().string($0) }
    #expect(
      written == [
        "[[],3]", #"[[],"s"]"#, "[[],[]]", "[[],{}]", "[[],null]", "[[0],[]]", "[[0]]",
      ])
  }

  @Test("Duplicate keys give an event each as jq's streaming parser")
  func duplicateKeysGiveAnEventEachAsJqsStreamingParser() throws {
    let written = try events(of: Array(#"{"a":1,"a":2}"#.utf8), chunk: 3).map {
      JSONWriter().string($0)
    }
    #expect(written == [#"[["a"],1]"#, #"[["a"],2]"#, #"[["a"]]"#])
  }

  @Test("Numbers keep their text as in a parsed document")
  func numbersKeepTheirTextAsInAParsedDocument() throws {
    let text = #"[1.000,1e2,100000000000000000001,-0,12345678901234567]"#
    // (Not `count == 2 ? event[1] : nil`: `JSON` is `ExpressibleByNilLiteral`.)
    let leaves = try events(of: Array(text.utf8), chunk: 5).filter { $0.arrayValue.count == 2 }
      .map { $0[1] }
    let parsed = try JSONParser.parse(Data(text.utf8)).arrayValue
    #expect(leaves == parsed)
    #expect(leaves.map { $0.rawString() } == parsed.map { $0.rawString() })
  }

  @Test("Events before a syntax error come first then the parser's own error")
  func eventsBeforeASyntaxErrorComeFirstThenTheParsersOwnError() throws {
    let cases: [(String, [String])] = [
      (#"[1,[2,3],{"a":tru}]"#, ["[[0],1]", "[[1,0],2]", "[[1,1],3]", "[[1,1]]"]),
      (#"{"a":[1,2"#, [#"[["a",0],1]"#]),
      (#"[1,"\u12"]"#, ["[[0],1]"]),
      ("[1,\"\u{1}\"]", ["[[0],1]"]),
    ]
    for (text, expected) in cases {
      let bytes = Array(text.utf8)
      for size in [1, 3, 1 << 20] {
        /// What the parser gives for `bytes` in chunks of `size`, and the error it throws.
        func run(_ output: JSONStreamParser.Output) -> ([JSON], JSONError?) {
          let parser = JSONStreamParser(output: output)
          var seen: [JSON] = []
          do {
            var start = 0
            while start < bytes.count {
              let end = min(start + size, bytes.count)
              seen += try parser.feed(Array(bytes[start..<end]))
              start = end
            }
            seen += try parser.finish()
          } catch {
            return (seen, error)
          }
          return (seen, nil)
        }
        let (events, eventError) = run(.streamEvents)
        let (_, valueError) = run(.values)
        #expect(eventError != nil, "\(text) / \(size)")
        #expect(eventError?.description == valueError?.description, "\(text) / \(size)")
        #expect(events.map { JSONWriter().string($0) } == expected, "\(text) / \(size)")
      }
    }
  }

  @Test("Depth limits hold for events too")
  func depthLimitsHoldForEventsToo() {
    var options = JSONParser.Options()
    options.maxDepth = 3
    let parser = JSONStreamParser(options: options, output: .streamEvents)
    #expect(throws: JSONError.self) { _ = try parser.feed(Array("[[[[1]]]]".utf8)) }
  }
}
