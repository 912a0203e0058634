import JSON

/// The body of `POST /app_exec`: `{"operation":{...}}`, a method sent to the app delegate rather than to views.
///
/// Test scripts use it for back doors such as `resetData`; the answer is a standard envelope with one result.
public struct AppExecRequest: Codable, Sendable, Equatable {
    /// The method to send to the app delegate.
    public var operation: Operation

    /// A request sending `operation` to the app delegate.
    public init(operation: Operation) {
        self.operation = operation
    }
}

extension AppExecRequest {
    /// The JSON the client sends, the same text `JSONEncoder` would write.
    var json: JSONValue { .object(["operation": operation.json]) }
}
