import Testing

/// The parent of every suite here. Serialized because one test counts the process's open
/// descriptors, which other tests' sockets and curl pipes would disturb if run alongside.
@Suite(.serialized) struct LoopbackServerTests {}
