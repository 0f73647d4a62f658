// Alamofire 5's names for Transfer's types, so that code written for Alamofire and
// AlamofireObjectMapper ports by changing the import.

/// Alamofire's name for the shared session, `Session.default`.
///
/// ```swift
/// AF.request("https://api.example.com/users/7").responseObject { (response: AFDataResponse<User>) in
///   print(response.value?.name ?? "none")
/// }
/// ```
// swift-format-ignore: AlwaysUseLowerCamelCase
public let AF = Session.default

/// Alamofire's name for ``TransferError``.
public typealias AFError = TransferError

/// Alamofire's name for a response whose failure is an ``AFError``.
public typealias AFDataResponse<Success> = DataResponse<Success, AFError>
