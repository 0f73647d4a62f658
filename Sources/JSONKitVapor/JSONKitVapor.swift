// JSONKit in Vapor 4. Everything here is compiled only with the package trait `Vapor`;
// without it this module is empty and Vapor is never built.
//
// - `ContentConfiguration.global.useJSONKit()` puts JSONKit behind `.json` and `.jsonAPI`
//   with Vapor's wire format (ISO-8601 dates: `JSONKitEncoder.vapor`, `JSONKitDecoder.vapor`);
//   `JSONKitDecoder` is a `ContentDecoder` and `JSONKitEncoder` a `ContentEncoder`, with the
//   `userInfo` overloads that `req.content.get(_:at:)` and its subscripts need.
// - `req.mapBody(_:)` maps a body into an ObjectMapper-style model; `MappedContent` writes
//   one back.
// - `req.body.jsonValues()`, `decodedValues(_:)` and `mappedValues(_:)` read a streamed
//   NDJSON body value by value; their errors are 400 (413 past `maxValueBytes`) replies.
