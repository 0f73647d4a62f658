/// One request body, the route it is sent to, and the reply it must get: a row of the case
/// tables that the adapters' test targets share (``AdapterBodyCases``).
public struct BodyCase: Sendable, CustomStringConvertible {
  /// What the reply's body must be.
  public enum Expected: Sendable {
    /// The whole body.
    case body(String)
    /// A piece of the body ("" for any).
    case containing(String)
  }

  public var name: String
  /// The route without a leading slash, as Vapor spells it: `events/decoded`.
  public var path: String
  /// Made when the test runs, so that the suites' arguments hold no large bodies.
  public var body: @Sendable () -> [UInt8]
  public var status: Int
  public var expected: Expected

  /// A case: its name, route, body (made when the test runs), status and reply.
  public init(
    _ name: String, _ path: String, _ body: @escaping @Sendable () -> [UInt8], _ status: Int,
    _ expected: Expected
  ) {
    self.name = name
    self.path = path
    self.body = body
    self.status = status
    self.expected = expected
  }

  /// A case whose reply must contain `message` ("" for any).
  public init(
    _ name: String, _ path: String, _ body: @escaping @Sendable () -> [UInt8], _ status: Int,
    _ message: String
  ) {
    self.init(name, path, body, status, .containing(message))
  }

  /// Why a reply with `status` and `body` is not the one this case expects, or nil when it is.
  ///
  /// Every reply must also be short (under 1,000 bytes): an error says what, it does not
  /// echo the body.
  public func mismatch(status: Int, body: String) -> String? {
    if status != self.status { return "status \(status), expected \(self.status)" }
    if body.utf8.count >= 1_000 { return "a reply of \(body.utf8.count) bytes" }
    switch expected {
    case .body(let whole) where body != whole: return "body \(body), expected \(whole)"
    case .containing(let piece) where !piece.isEmpty && !body.contains(piece):
      return "body \(body), expected a piece \(piece)"
    default: return nil
    }
  }

  /// The case's name, as test arguments show it.
  public var description: String { name }
}
