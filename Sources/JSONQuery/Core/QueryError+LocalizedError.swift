#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension QueryError: LocalizedError {
  /// The same text as `description`: jq's message, and where in the program for a compile
  /// error.
  public var errorDescription: String? { description }
}
