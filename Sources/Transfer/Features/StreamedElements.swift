import Dispatch

/// The elements of a streaming request as an async sequence, taken from its bounded queue as
/// the consumer asks for them (see `DataStreamRequest` and `JSONStreamRequest`).
///
/// ```swift
/// for try await chunk in session.streamRequest(url).bytes() { print(chunk.count) }
/// ```
///
/// It throws the `TransferError` that ended the stream. Cancelling the consuming task, or
/// leaving the loop (the iterator goes away), cancels the transfer.
public struct StreamedElements<Element: Sendable>: AsyncSequence, Sendable {
  let queue: StreamQueue<Element>
  let cancel: @Sendable () -> Void

  /// Iterates the elements.
  public struct AsyncIterator: AsyncIteratorProtocol {
    let queue: StreamQueue<Element>
    let lifetime: ConsumerLifetime

    /// The next element; nil at the end; throws the `TransferError` that ended the stream.
    public mutating func next() async throws -> Element? {
      try await queue.next(onCancel: lifetime.end)
    }
  }

  /// An iterator; a request has one stream, so make only one.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(queue: queue, lifetime: ConsumerLifetime(cancel))
  }

  /// Hands each element to `deliver` on `target`, taking the next only after it has
  /// returned (so a slow handler holds the transfer); then calls `end` with the error that
  /// ended the stream, if any.
  func forEach(
    on target: DispatchQueue, _ deliver: @escaping @Sendable (Element) -> Void,
    end: @escaping @Sendable (TransferError?) -> Void
  ) {
    Task {
      do {
        for try await element in self {
          await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            target.async {
              deliver(element)
              done.resume()
            }
          }
        }
        end(nil)
      } catch {
        end(error as? TransferError ?? .explicitlyCancelled)
      }
    }
  }
}
