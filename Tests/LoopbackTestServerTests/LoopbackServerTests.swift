import Testing

/// The parent of every suite here.
///
/// Its tests run in parallel, with each other and with other
/// test runs on the machine: a descriptor check counts only the sockets on its own server's
/// port, and a stopped server is "gone" when its port refuses or answers without its token.
@Suite("Loopback test server")
struct LoopbackServerTests {}
