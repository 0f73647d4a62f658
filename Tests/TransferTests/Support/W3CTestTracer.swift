import Foundation
import InMemoryTracing
import Tracing

/// swift-distributed-tracing's `InMemoryTracer` with W3C trace context propagation: its IDs
/// are 32 and 16 hex digits and `inject` writes `traceparent`, as OpenTelemetry's tracer does
/// (the in-memory tracer writes its own fields), so a test can check what a server receives.
struct W3CTestTracer: Tracer {
  let recorder = InMemoryTracer(
    idGenerator: .init(nextTraceID: { randomHex(bytes: 16) }, nextSpanID: { randomHex(bytes: 8) }))

  /// The spans that have ended.
  var finishedSpans: [FinishedInMemorySpan] { recorder.finishedSpans }

  func startSpan<Instant: TracerInstant>(
    _ operationName: String, context: @autoclosure () -> ServiceContext, ofKind kind: SpanKind,
    at instant: @autoclosure () -> Instant, function: String, file fileID: String, line: UInt
  ) -> InMemorySpan {
    recorder.startSpan(
      operationName, context: context(), ofKind: kind, at: instant(), function: function,
      file: fileID, line: line)
  }

  func forceFlush() { recorder.forceFlush() }

  func inject<Carrier, Inject: Injector>(
    _ context: ServiceContext, into carrier: inout Carrier, using injector: Inject
  ) where Inject.Carrier == Carrier {
    guard let span = context.inMemorySpanContext else { return }
    injector.inject("00-\(span.traceID)-\(span.spanID)-01", forKey: "traceparent", into: &carrier)
  }

  func extract<Carrier, Extract: Extractor>(
    _ carrier: Carrier, into context: inout ServiceContext, using extractor: Extract
  ) where Extract.Carrier == Carrier {}
}

private func randomHex(bytes: Int) -> String {
  (0..<bytes).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
}
