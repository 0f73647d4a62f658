// JSONKit's example Vapor 4 service: `swift run --traits Vapor VaporService --port 8080
// --upstream http://127.0.0.1:9000`. Without the trait it only says so.
import ExampleModels
import Foundation

#if Vapor
  do {
    try await VaporService.run(ServiceOptions(arguments: CommandLine.arguments))
  } catch let error as UsageError {
    FileHandle.standardError.write(Data("VaporService: \(error)\n".utf8))
    exit(64)
  }
#else
  FileHandle.standardError.write(
    Data("VaporService needs the package trait Vapor: swift run --traits Vapor VaporService\n".utf8)
  )
  exit(64)
#endif
