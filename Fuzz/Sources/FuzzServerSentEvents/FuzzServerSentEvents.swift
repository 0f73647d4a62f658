import Foundation
import FuzzSupport

@testable import Transfer

/// Transfer's `text/event-stream` parser: the events, the last event ID and the reconnection time
/// must not depend on how the bytes arrive.
///
/// The input is fed whole, then in chunks whose sizes a generator seeded by the first byte picks
/// (as reads of a socket would cut it), then one byte at a time.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzServerSentEvents(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let all = UnsafeRawBufferPointer(start: data, count: size)
  guard size >= 1 else { return 0 }
  let stream = Data(all[1...])
  var seed = UInt32(all[0]) | 1
  let whole = events(of: [stream])
  var chunks: [Data] = []
  var offset = stream.startIndex
  while offset < stream.endIndex {
    seed = seed &* 1_103_515_245 &+ 12_345
    let length = min(Int(seed >> 16) % 64 + 1, stream.endIndex - offset)
    chunks.append(stream[offset..<offset + length])
    offset += length
  }
  let chunked = events(of: chunks)
  let bytes = events(of: stream.indices.map { stream[$0...$0] })
  fuzzCheck(chunked == whole, "chunks gave \(chunked), the whole stream \(whole)", input: all)
  fuzzCheck(bytes == whole, "bytes gave \(bytes), the whole stream \(whole)", input: all)
  return 0
}

/// What a parser makes of `chunks`: its events, then its last ID and reconnection time.
private func events(of chunks: [Data]) -> [String] {
  var parser = ServerSentEventParser()
  parser.startConnection()
  var seen: [String] = []
  for chunk in chunks {
    parser.append(chunk)
    while let event = parser.nextEvent() { seen.append(event.description) }
  }
  seen.append("last id \(parser.lastEventID), retry \(parser.reconnectionTime ?? -1)")
  return seen
}
