/// A command line the service cannot run with.
public struct UsageError: Error, CustomStringConvertible {
  /// What is wrong, for the standard error.
  public var description: String

  /// An error that says `description`.
  public init(_ description: String) { self.description = description }
}
