// ObjectMapper's collection initializers.

extension Array where Element: BaseMappable {
  /// Models from an array of Foundation dictionaries; those that do not map are left out.
  ///
  /// ```swift
  /// let users = [User](JSONArray: [["name": "Ada"], ["name": "Grace"]])
  /// ```
  ///
  /// - Parameters:
  ///   - JSONArray: the dictionaries.
  ///   - context: passed to every `Map`.
  public init(JSONArray: [[String: Any]], context: MapContext? = nil) {
    self = Mapper<Element>(context: context).mapArray(JSONArray: JSONArray)
  }
}

extension Set where Element: BaseMappable {
  /// Models from JSON text holding an array of objects; `nil` when it is not one.
  ///
  /// ```swift
  /// let tags = Set<Tag>(JSONString: #"[{"name": "a"}, {"name": "b"}]"#)
  /// ```
  ///
  /// - Parameters:
  ///   - JSONString: the text.
  ///   - context: passed to every `Map`.
  public init?(JSONString: String, context: MapContext? = nil) {
    guard let set = Mapper<Element>(context: context).mapSet(JSONString: JSONString) else {
      return nil
    }
    self = set
  }

  /// Models from an array of Foundation dictionaries; those that do not map are left out.
  ///
  /// ```swift
  /// let tags = Set<Tag>(JSONArray: [["name": "a"]])
  /// ```
  ///
  /// - Parameters:
  ///   - JSONArray: the dictionaries.
  ///   - context: passed to every `Map`.
  public init(JSONArray: [[String: Any]], context: MapContext? = nil) {
    self = Mapper<Element>(context: context).mapSet(JSONArray: JSONArray)
  }
}
