#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension MappingError: LocalizedError {
  /// The same text as `description`: what was expected, where, and what was found
  /// (`Expected Date at .friends[3].birthday but found string ("soon")`).
  public var errorDescription: String? { description }
}
