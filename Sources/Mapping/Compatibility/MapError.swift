/// ObjectMapper's name for the error its throwing reads raise: here ``MappingError``, which
/// also carries the full path, what was expected and what was found.
///
/// ```swift
/// do { _ = try Mapper<User>().map(JSONString: text) } catch let error as MapError { print(error) }
/// ```
public typealias MapError = MappingError
