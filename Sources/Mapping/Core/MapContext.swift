/// Anything a model needs while mapping that is not in the JSON (a locale, a parent
/// object, a flag), passed through every nested `Map` unchanged.
///
/// ```swift
/// struct Env: MapContext { let currency: String }
/// let order = Mapper<Order>(context: Env(currency: "EUR")).map(JSONString: text)
/// // inside mapping(map:): (map.context as? Env)?.currency
/// ```
///
/// A context is `Sendable` (ObjectMapper's is not): a `Mapper` holds one and is shared
/// between tasks, so the compiler must be able to check that sharing it is safe. Structs of
/// plain values conform as they are; a class needs to be `final` with `let` properties (or
/// do its own locking).
public protocol MapContext: Sendable {}

/// Whether a `Map` is reading a model from JSON or writing one to JSON.
public enum MappingType: Sendable {
  /// Reading: `<-` sets properties from the JSON.
  case fromJSON
  /// Writing: `<-` and `>>>` write properties into the JSON.
  case toJSON
}
