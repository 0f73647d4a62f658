/// SwiftyJSON's name for `JSONType` (JSONKitCore's), so that `json.type == Type.string`
/// and functions returning `Type` port by changing the import.
///
/// ```swift
/// let kind: Type = JSON("x").type   // .string
/// ```
public typealias Type = JSONType
