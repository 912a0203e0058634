import Frankly
import HTTPCore
import JSON

/// A Frankly failure a route answers with: `{"outcome":"ERROR","reason":…,"details":…}`, both fields always
/// filled, as Hummingbird's `HTTPError` is the one way its routes fail.
struct RouteError: Error {
    var reason: String
    var details: String

    init(_ reason: String, details: String) {
        self.reason = reason
        self.details = details
    }

    /// One of the failures Frankly names, in the real server's words.
    init(_ error: FranklyError) {
        self.init(error.reason, details: error.details)
    }

    /// The error envelope; Frankly servers answer errors with HTTP 200, the outcome is in the body.
    var response: HTTPResponse { .franklyError(reason: reason, details: details) }
}

extension HTTPResponse {
    /// `{"outcome":"SUCCESS","results":[…]}`, or without `results` when nil.
    static func success(_ results: [JSONValue]? = nil) -> HTTPResponse { .franklySuccess(results) }

    /// A bare JSON document (dump, version, device …).
    static func json(_ value: JSONValue) -> HTTPResponse { .json(value.jsonBytes) }

    /// The HTML 404 a Frank server gives for a path it does not serve.
    static func notFound(_ path: String) -> HTTPResponse { .franklyNotFound(path) }
}

extension HTTPRequest {
    /// The body as JSON whatever the Content-Type says (the Ruby driver sends form-urlencoded's header).
    func jsonBody() throws -> JSONValue {
        do {
            return try JSONValue(parsing: body)
        } catch {
            // The parser says where and why (line, column, "nesting deeper than 512", "number out of range").
            let preview = String(bodyText.prefix(80))
            throw RouteError(
                "invalid JSON in request body",
                details: "could not parse the \(method) \(path) body as JSON: \(error); the body starts "
                    + (preview.isEmpty ? "(empty body)" : preview))
        }
    }
}
