// JSONKit's example Hummingbird 2 service: `swift run --traits Hummingbird HummingbirdService
// --port 8080 --upstream http://127.0.0.1:9000`. Without the trait it only says so.
import ExampleModels
import Foundation

#if Hummingbird
  do {
    try await HummingbirdService.run(ServiceOptions(arguments: CommandLine.arguments))
  } catch let error as UsageError {
    FileHandle.standardError.write(Data("HummingbirdService: \(error)\n".utf8))
    exit(64)
  }
#else
  FileHandle.standardError.write(
    Data(
      "HummingbirdService needs the package trait Hummingbird: swift run --traits Hummingbird HummingbirdService\n"
        .utf8))
  exit(64)
#endif
