import JSON

extension Operation {
    /// The `operation` member of a `/map` or `/app_exec` body, read the way a server must: a missing or null
    /// `arguments` is none, anything but an array is an error, and the count must match the colons.
    ///
    /// Servers read it here rather than through `Codable` because each failure has its own envelope, in the real
    /// server's words; the simulator's routes and test doubles share this one reading.
    public init(requestBody body: JSONValue) throws(FranklyError) {
        guard let operation = body["operation"], let name = operation["method_name"]?.stringValue else {
            throw .missingOperation
        }
        switch operation["arguments"] {
        case nil, .null?: self.init(methodName: name)
        case .array(let list)?: self.init(methodName: name, arguments: list)
        case let other?: throw .invalidArguments(other.jsonString)
        }
        if let mismatch = argumentCountError { throw mismatch }
    }
}
