#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A system call failed while the server was being set up.
///
/// Only ``LoopbackServer/init(handler:)`` throws it; once the server runs, I/O errors end the
/// affected connection instead, because a test client is free to hang up at any moment.
///
/// ```swift
/// do {
///   let server = try LoopbackServer { _ in .empty(status: 204) }
///   defer { server.stop() }
/// } catch let error as LoopbackServerError {
///   print(error.operation, error.code)
/// }
/// ```
public struct LoopbackServerError: Error, Sendable, CustomStringConvertible {
  /// The system call that failed, such as `"bind"`.
  public let operation: String
  /// The `errno` it left.
  public let code: Int32

  init(_ operation: String, code: Int32 = errno) {
    self.operation = operation
    self.code = code
  }

  public var description: String {
    "\(operation) failed: \(String(cString: strerror(code))) (errno \(code))"
  }
}
