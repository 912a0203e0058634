import Foundation
import HTTPCore
import JSON

/// The answers every Frankly server writes the same way, whatever answers its questions (the simulator, the web
/// target): the envelopes and the HTML 404.
extension HTTPResponse {
    /// The envelope as a JSON answer; Frankly servers answer errors with HTTP 200 too, the outcome is in the body.
    public static func frankly(_ envelope: Envelope) -> HTTPResponse { .json(envelope.json.jsonBytes) }

    /// `{"outcome":"SUCCESS","results":[…]}`, or without `results` when nil.
    public static func franklySuccess(_ results: [JSONValue]? = nil) -> HTTPResponse { .frankly(.success(results)) }

    /// `{"outcome":"ERROR","reason":…,"details":…}`.
    public static func franklyError(reason: String, details: String) -> HTTPResponse {
        .frankly(Envelope(outcome: .error, reason: reason, details: details))
    }

    /// The HTML 404 a Frank server gives for a path it does not serve.
    public static func franklyNotFound(_ path: String) -> HTTPResponse {
        let escaped = path.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        let html = "<html><head><title>404 Not Found</title></head><body><h1>Not Found</h1><p>No route for \(escaped)</p></body></html>"
        return HTTPResponse(status: 404, headers: [("Content-Type", "text/html; charset=utf-8")], body: Array(html.utf8))
    }
}
