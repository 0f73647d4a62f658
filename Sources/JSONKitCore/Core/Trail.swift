/// How a value reached through subscripts remembers where it was, when its `location` in a
/// parsed document cannot say it alone.
///
/// Reading through subscripts must not allocate: handlers read payloads field by field, and
/// a path node per step made `json[key]` slower than a `[String: Any]` lookup. So a value
/// read from a document keeps only its tape position (`JSON.location`) and asks the document
/// for its path when an error or `path` needs one. This enum covers the rest:
///
/// - `.steps`: the value was reached through containers built in code (or through a value
///   that was), so its path is the list of subscripts, one allocated node per step.
/// - `.document`: the value is a null, a boolean or an inline integer read from a document.
///   Such values do not hold their document, so the trail does (a retain, not an allocation),
///   and `location` says where in it they sit.
@usableFromInline
enum Trail: Sendable {
  case steps(PathNode)
  case document(JSONDocument)
}
