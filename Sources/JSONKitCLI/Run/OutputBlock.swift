import JSONKitCore

/// A block of a parallel batch's output: the memory the batch's writer wrote it in, handed
/// over whole rather than copied (a copy of every output byte was 2% of the instructions
/// of `jsonkit -c .` on two threads), and freed once it is printed.
final class OutputBlock: @unchecked Sendable {
  // Safe: made by one worker, read by the printing thread only after the batch's semaphore says it
  // is done; never written after it is made.
  private let buffer: OutputBuffer

  /// Takes `buffer`, which no one else may use or free afterwards.
  init(taking buffer: OutputBuffer) {
    self.buffer = buffer
  }

  deinit { buffer.deallocate() }

  var bytes: UnsafeRawBufferPointer { buffer.bytes }
}
