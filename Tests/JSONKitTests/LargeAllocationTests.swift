import Foundation
import Testing

@testable import JSONKit
@testable import JSONKitCore

/// Documents and buffers big enough for `LargeAllocation` (4 MiB and up): parsed one-shot and
/// streamed, read, copied, mutated and freed on many threads; and `GrowableBuffer` crossing
/// the threshold, growing in place, moving past its reservation and shrinking in `take()`.
@Suite("Large buffers (huge-page regions)")
struct LargeAllocationTests {
  static let recordCount = 60_000

  /// ~12 MB: the tape (~7 MB), the input copy and the stream parser's text all cross 4 MiB.
  ///
  /// Every string with an escape makes the one-shot parser decode text after the input copy.
  static let text: String = {
    var text = "{\"records\": ["
    text.reserveCapacity(13_000_000)
    for i in 0..<recordCount {
      if i > 0 { text += ", " }
      text += "{\"id\": \(i), \"name\": \"user\(i)\", \"note\": \"line\\n\(i)\\u00e9\", "
      text +=
        "\"values\": [\(i), \(i).5, true, null, \"padding padding padding padding padding\"], "
      text += "\"nested\": {\"a\": {\"b\": [\(i % 7)]}}}"
    }
    text += "], \"count\": \(recordCount)}"
    return text
  }()

  static func check(_ json: JSON) -> Bool {
    guard json["count"].int == recordCount, json["records"].array?.count == recordCount else {
      return false
    }
    for i in stride(from: 0, to: recordCount, by: 997) + [recordCount - 1] {
      let record = json["records"][i]
      guard record["id"].int == i, record["name"].string == "user\(i)",
        record["note"].string == "line\n\(i)é", record["values"][1].double == Double(i) + 0.5,
        record["values"][4].string?.count == 39, record["nested"]["a"]["b"][0].int == i % 7
      else { return false }
    }
    return true
  }

  static func streamed(_ data: Data, chunk: Int) throws -> JSON {
    let parser = JSONStreamParser()
    var values: [JSON] = []
    var start = 0
    while start < data.count {
      let end = min(start + chunk, data.count)
      values += try parser.feed(data.subdata(in: start..<end))
      start = end
    }
    values += try parser.finish()
    #expect(values.count == 1)
    return values[0]
  }

  @Test("Large documents are parsed, read, mutated and freed on many threads")
  func largeDocumentsAreParsedReadMutatedAndFreedOnManyThreads() async throws {
    let data = Data(Self.text.utf8)
    #expect(data.count > 10_000_000)
    let oneShot = try JSONParser.parse(data)
    let stream = try Self.streamed(data, chunk: 65_536)
    #expect(Self.check(oneShot))
    #expect(Self.check(stream))
    #if os(Linux) && canImport(Glibc)
      // Both tapes and the one-shot input copy are large enough for regions.
      if case .node(let document, _) = oneShot.storage {
        #expect(LargeAllocation.isRegion(UnsafeMutableRawPointer(document.tape)))
        #expect(LargeAllocation.isRegion(UnsafeMutableRawPointer(document.bytes)))
      } else {
        Issue.record("one-shot value is not a document")
      }
      if case .node(let document, _) = stream.storage {
        #expect(LargeAllocation.isRegion(UnsafeMutableRawPointer(document.tape)))
      } else {
        Issue.record("streamed value is not a document")
      }
    #endif
    #expect(oneShot == stream)
    let expected = JSONWriter().string(oneShot)
    #expect(JSONWriter().string(stream) == expected)

    // Each task parses its own documents too, so regions are mapped, grown, settled and
    // unmapped on several threads at once, and the shared ones are freed on whichever
    // thread drops them last.
    let results = await withTaskGroup(of: Bool.self) { group in
      for task in 0..<6 {
        group.addTask {
          var ok = Self.check(oneShot) && Self.check(stream)
          var copy = task % 2 == 0 ? oneShot : stream
          copy["records"][task]["name"] = JSON("task \(task)")
          copy["count"] = JSON(task)
          ok =
            ok && copy["records"][task]["name"].string == "task \(task)"
            && copy["count"].int == task
          ok = ok && oneShot["records"][task]["name"].string == "user\(task)"
          guard
            let own = task % 2 == 0
              ? try? JSONParser.parse(data) : try? Self.streamed(data, chunk: 1 << 20)
          else { return false }
          ok = ok && Self.check(own) && JSONWriter().string(own) == expected
          return ok
        }
      }
      return await group.reduce(into: [Bool]()) { $0.append($1) }
    }
    #expect(results.count == 6 && results.allSatisfy { $0 })
    #expect(Self.check(oneShot) && Self.check(stream))
  }

  @Test("Large multi-value one-shot parse shares one storage")
  func largeMultiValueOneShotParseSharesOneStorage() throws {
    // Two large values in one input: both documents refer to the one input copy, which is
    // settled after the last value.
    let data = Data((Self.text + "\n" + Self.text).utf8)
    let values = try JSONParser.parseAll(data)
    #expect(values.count == 2)
    #expect(values.allSatisfy(Self.check))
  }

  #if os(Linux) && canImport(Glibc)
    static let threshold = LargeAllocation.threshold
    static let hugePage = LargeAllocation.hugePageSize

    static func roundUp(_ bytes: Int) -> Int { (bytes + hugePage - 1) / hugePage * hugePage }

    @Test("Growing buffer moves to a region and grows in place")
    func growingBufferMovesToARegionAndGrowsInPlace() {
      var buffer = GrowableBuffer<UInt64>(capacity: 16)
      #expect(!LargeAllocation.isRegion(UnsafeMutableRawPointer(buffer.base)))
      let n = 3 * Self.threshold / 8  // 12 MiB of words
      var regionBase: UnsafeMutablePointer<UInt64>?
      var moves = 0
      for i in 0..<n {
        buffer.append(UInt64(i) &* 0x9E37_79B9)
        if LargeAllocation.isRegion(UnsafeMutableRawPointer(buffer.base)), buffer.base != regionBase
        {
          regionBase = buffer.base
          moves += 1
        }
      }
      // One move, when crossing the threshold; after that growth stays in place.
      #expect(moves == 1)
      #expect(buffer.capacity * 8 >= Self.threshold)
      #expect((0..<n).allSatisfy { buffer[$0] == UInt64($0) &* 0x9E37_79B9 })

      let count = buffer.count
      let taken = buffer.take()
      #expect(taken == regionBase)
      // The room kept for growing is given back: only the 2 MiB-rounded size stays mapped.
      #expect(
        LargeAllocation.reservedBytes(UnsafeMutableRawPointer(taken)) == Self.roundUp(count * 8))
      #expect((0..<n).allSatisfy { taken[$0] == UInt64($0) &* 0x9E37_79B9 })
      #expect(buffer.count == 0 && buffer.capacity == 16)
      GrowableBuffer<UInt64>.release(taken)
      // Forgotten, unless another test's region has taken the address since (nil): the next
      // test checks release itself.
      #expect(Self.releasedRegionIsGone(UnsafeMutableRawPointer(taken)) != false)
      buffer.deallocate()
    }

    /// Whether the region that was at `pointer`, just released, is unmapped and forgotten.
    ///
    /// Tests running alongside map regions of their own, and the kernel hands a freed
    /// address out again at once, so the registry cannot simply be asked about the address:
    /// this first maps the address itself (a hint the kernel follows only when the range is
    /// free, so the range was unmapped), which keeps any other region from starting there
    /// while the registry is asked. Nil when the range was not free (never unmapped, or
    /// another thread's mapping got there first).
    static func releasedRegionIsGone(_ pointer: UnsafeMutableRawPointer) -> Bool? {
      guard let probe = mmap(pointer, hugePage, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
        probe != MAP_FAILED
      else { return nil }
      defer { munmap(probe, hugePage) }
      guard probe == pointer else { return nil }
      return !LargeAllocation.isRegion(pointer)
    }

    @Test("A released region is unmapped and forgotten")
    func aReleasedRegionIsUnmappedAndForgotten() {
      // A round whose address another thread took first says nothing and is tried again; a
      // release that does not unmap, or does not forget, fails every round.
      var gone: Bool?
      for _ in 0..<5 where gone == nil {
        let region = GrowableBuffer<UInt8>.reallocate(nil, capacity: Self.threshold)
        #expect(LargeAllocation.isRegion(UnsafeMutableRawPointer(region)))
        region[Self.threshold - 1] = 1
        GrowableBuffer<UInt8>.release(region)
        gone = Self.releasedRegionIsGone(UnsafeMutableRawPointer(region))
      }
      #expect(gone == true)
    }

    @Test("Take shrinks a large buffer in place")
    func takeShrinksALargeBufferInPlace() {
      // A large first capacity (as the one-shot parser asks for), mostly unused.
      var buffer = GrowableBuffer<UInt8>(capacity: 40 << 20)
      let base = buffer.base
      #expect(LargeAllocation.isRegion(UnsafeMutableRawPointer(base)))
      let n = 5 << 20
      let pattern = (0..<n).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 11) }
      pattern.withUnsafeBufferPointer { buffer.append($0.baseAddress!, count: n) }
      let taken = buffer.take()
      #expect(taken == base)
      #expect(LargeAllocation.reservedBytes(UnsafeMutableRawPointer(taken)) == Self.roundUp(n))
      #expect(UnsafeBufferPointer(start: taken, count: n).elementsEqual(pattern))
      // The shrunk region still grows (a settled one may be asked to grow again).
      let grown = GrowableBuffer<UInt8>.reallocate(taken, capacity: n + Self.hugePage * 3)
      #expect(UnsafeBufferPointer(start: grown, count: n).elementsEqual(pattern))
      grown[n + Self.hugePage * 3 - 1] = 7
      GrowableBuffer<UInt8>.release(grown)
      buffer.deallocate()
    }

    @Test("Region outgrowing its reservation moves with its contents")
    func regionOutgrowingItsReservationMovesWithItsContents() {
      let first = Self.threshold
      var pointer = GrowableBuffer<UInt8>.reallocate(nil, capacity: first)
      let reserved = LargeAllocation.reservedBytes(UnsafeMutableRawPointer(pointer)) ?? 0
      #expect(reserved >= LargeAllocation.minimumReservation)
      for i in stride(from: 0, to: first, by: 4093) { pointer[i] = UInt8(truncatingIfNeeded: i) }
      pointer[first - 1] = 0xAB
      let old = pointer
      pointer = GrowableBuffer<UInt8>.reallocate(pointer, capacity: reserved + 1)
      #expect(pointer != old)
      #expect(UInt(bitPattern: pointer) % UInt(Self.hugePage) == 0)
      #expect(
        stride(from: 0, to: first, by: 4093).allSatisfy {
          pointer[$0] == UInt8(truncatingIfNeeded: $0)
        })
      #expect(pointer[first - 1] == 0xAB)
      pointer[reserved] = 1
      GrowableBuffer<UInt8>.release(pointer)
    }

    @Test("Small buffers stay with malloc")
    func smallBuffersStayWithMalloc() {
      var buffer = GrowableBuffer<UInt32>(capacity: 16)
      for i in 0..<100_000 { buffer.append(UInt32(i)) }
      #expect(!LargeAllocation.isRegion(UnsafeMutableRawPointer(buffer.base)))
      let taken = buffer.take()
      #expect(taken[99_999] == 99_999)
      GrowableBuffer<UInt32>.release(taken)
      buffer.deallocate()
    }

    @Test("Regions are mapped and freed from many threads at once")
    func regionsAreMappedAndFreedFromManyThreadsAtOnce() async {
      let results = await withTaskGroup(of: Bool.self) { group in
        for task in 0..<8 {
          group.addTask {
            var ok = true
            for round in 0..<6 {
              let bytes = Self.threshold + (task * 7 + round) * 65_536
              let p = GrowableBuffer<UInt8>.reallocate(nil, capacity: bytes)
              p[0] = UInt8(task)
              p[bytes - 1] = UInt8(round)
              let q = GrowableBuffer<UInt8>.reallocate(p, capacity: bytes * 2)
              let r = GrowableBuffer<UInt8>.settle(q, capacity: bytes * 2)
              ok = ok && r == p && r[0] == UInt8(task) && r[bytes - 1] == UInt8(round)
              ok = ok && LargeAllocation.isRegion(UnsafeMutableRawPointer(r))
              GrowableBuffer<UInt8>.release(r)
            }
            return ok
          }
        }
        return await group.reduce(into: [Bool]()) { $0.append($1) }
      }
      #expect(results.count == 8 && results.allSatisfy { $0 })
    }
  #endif
}
