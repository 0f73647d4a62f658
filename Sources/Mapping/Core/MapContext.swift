/// Anything a model needs while mapping that is not in the JSON (a locale, a parent
/// object, a flag), passed through every nested `Map` unchanged.
///
/// ```swift
/// struct Env: MapContext { let currency: String }
/// let order = Mapper<Order>(context: Env(currency: "EUR")).map(JSONString: text)
/// // inside mapping(map:): (map.context as? Env)?.currency
/// ```
public protocol MapContext {}

/// Whether a `Map` is reading a model from JSON or writing one to JSON.
public enum MappingType: Sendable {
  case fromJSON
  case toJSON
}
