// JSONKit in Hummingbird 2. Everything here is compiled only with the package trait
// `Hummingbird`; without it this module is empty and Hummingbird is never built.
//
// - `JSONKitDecoder` is a `RequestDecoder` and `JSONKitEncoder` a `ResponseEncoder`;
//   `JSONKitRequestContext` uses both.
// - `request.mapBody(_:context:)` maps a body into an ObjectMapper-style model;
//   `MappedResponse` writes one back.
// - `request.body.jsonValues()` reads an NDJSON body value by value as it arrives.
