import Foundation
import HTTPCore

/// Why a call to a Frankly target failed, worded "what we were doing, then the cause":
/// `GET /dump on http://127.0.0.1:37265: connection refused`.
///
/// The Lua bindings show `description` to the user as it is; scripts and reporters that need the parts (the
/// server's `reason`, the selector) read them from the cases.
public enum FranklyClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The call in progress: endpoint, target, and for `/map` and `/app_exec` the selector and the method.
    public struct Request: Sendable, Equatable, CustomStringConvertible {
        /// `GET` or `POST`.
        public var method: String
        /// The endpoint path, e.g. `/map`.
        public var path: String
        /// The target's base URL.
        public var baseURL: String
        /// The selector sent to `/map`, if any.
        public var selector: String?
        /// The operation's method name, if any.
        public var operation: String?

        /// `POST /map on http://127.0.0.1:37265 (touch on "button marked:'OK'")`.
        public var description: String {
            var text = "\(method) \(path) on \(baseURL)"
            switch (operation, selector) {
            case (let operation?, let selector?): text += " (\(operation) on \"\(selector)\")"
            case (let operation?, nil): text += " (\(operation))"
            case (nil, let selector?): text += " (\"\(selector)\")"
            case (nil, nil): break
            }
            return text
        }
    }

    /// No answer came: nothing listens, the connection broke, or the time limit passed.
    case transport(Request, HTTPClientError)
    /// The server answered with an HTTP status that the endpoint never uses for success (404 for an unknown
    /// path, 500…); `bodyStart` is the beginning of the body, to show what the server said.
    case httpStatus(Request, status: Int, bodyStart: String)
    /// The body is not what the endpoint answers (`expected` says what was: JSON, a PNG image);
    /// `bodyStart` is its beginning.
    case unexpectedBody(Request, expected: String, bodyStart: String)
    /// The body is JSON but not in the endpoint's shape.
    case unexpectedJSON(Request, details: String)
    /// The server answered an ERROR envelope.
    case failed(Request, reason: String, details: String?)

    /// The call that failed.
    public var request: Request {
        switch self {
        case .transport(let request, _), .httpStatus(let request, _, _), .unexpectedBody(let request, _, _),
            .unexpectedJSON(let request, _), .failed(let request, _, _):
            return request
        }
    }

    /// The server's `reason` when it answered ERROR, e.g. `keyboard not present`.
    public var reason: String? {
        if case .failed(_, let reason, _) = self { return reason }
        return nil
    }

    /// The server's `details` when it answered ERROR.
    public var details: String? {
        if case .failed(_, _, let details) = self { return details }
        return nil
    }

    /// The cause alone, without the request.
    public var cause: String {
        switch self {
        case .transport(_, let error):
            return error.description
        case .httpStatus(_, let status, let bodyStart):
            return bodyStart.isEmpty ? "HTTP \(status)" : "HTTP \(status): \(bodyStart)"
        case .unexpectedBody(_, let expected, let bodyStart):
            return bodyStart.isEmpty
                ? "the answer is empty, expected \(expected)"
                : "the answer is not \(expected); it starts with \(bodyStart)"
        case .unexpectedJSON(_, let details):
            return "the answer is not in the expected shape: \(details)"
        case .failed(_, let reason, let details):
            guard let details, !details.isEmpty else { return reason }
            return "\(reason): \(details)"
        }
    }

    public var description: String { "\(request): \(cause)" }

    /// The first bytes of a body as a quoted, one-line excerpt, for messages.
    static func excerpt(_ body: [UInt8], limit: Int = 60) -> String {
        guard !body.isEmpty else { return "" }
        var text = String(decoding: body.prefix(limit), as: UTF8.self)
        text = text.replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\n", with: "\\n")
        return "\"\(text)\(body.count > limit ? "…" : "")\""
    }
}
