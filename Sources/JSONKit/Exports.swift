// `import JSONKit` is the whole API: the Foundation-free core (the value, parser, writer,
// paths, jq's reader) comes through this re-export, and this module adds the Foundation
// bridges. Tools that must start fast (`jsonkit`) import JSONKitCore alone.
@_exported import JSONKitCore
