// JSONKit in Hummingbird 2. Everything here is compiled only with the package trait
// `Hummingbird`; without it this module is empty and Hummingbird is never built.
//
// - `JSONKitDecoder` is a `RequestDecoder` and `JSONKitEncoder` a `ResponseEncoder`;
//   `JSONKitRequestContext` uses both with Hummingbird's default settings
//   (`JSONKitDecoder.hummingbird`, `JSONKitEncoder.hummingbird`: ISO-8601 dates).
// - `request.mapBody(_:context:)` maps a body into an ObjectMapper-style model;
//   `MappedResponse` writes one back.
// - `request.body.jsonValues()`, `decodedValues(_:)` and `mappedValues(_:)` read an NDJSON
//   body value by value as it arrives; their errors are 400 (413 past `maxValueBytes`)
//   replies.
