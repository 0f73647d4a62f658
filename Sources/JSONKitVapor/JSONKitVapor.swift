// JSONKit in Vapor 4. Everything here is compiled only with the package trait `Vapor`;
// without it this module is empty and Vapor is never built.
//
// - `JSONKitDecoder` is a `ContentDecoder` and `JSONKitEncoder` a `ContentEncoder`, so
//   `ContentConfiguration.global.use(decoder: JSONKitDecoder(), for: .json)` puts JSONKit
//   behind `req.content.decode` and every `Content` reply.
// - `req.mapBody(_:)` maps a body into an ObjectMapper-style model; `MappedContent` writes
//   one back.
// - `req.body.jsonValues()` reads a streamed NDJSON body value by value.
