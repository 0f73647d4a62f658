#if Vapor
  import Dispatch
  import Foundation

  /// SIGINT and SIGTERM as an awaitable event, for a service that starts Vapor's server
  /// itself (Vapor's `serve` command handles them only when it runs the server).
  enum StopSignal {
    /// Returns when the process gets SIGINT or SIGTERM.
    static func wait() async {
      let (signals, continuation) = AsyncStream<Int32>.makeStream()
      let sources = [SIGINT, SIGTERM].map { number in
        // Ignored by default, so the signal reaches the source instead of ending the process.
        signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
        source.setEventHandler { continuation.yield(number) }
        source.resume()
        return source
      }
      for await _ in signals { break }
      for source in sources { source.cancel() }
    }
  }
#endif
