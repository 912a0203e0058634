import HTTPCore
import JSON

/// What a stub answers: status, headers and body, after an optional delay, or a fault instead.
///
/// Delays are scheduled on the connection's event loop and never block a thread, so a slow stub does not slow
/// down the other requests. Captured template values (`{{id}}`) are substituted into text bodies and headers.
public struct ResponseDefinition: Sendable {
    /// The status code.
    public var status: Int
    /// The reason phrase in the status line (WireMock's `statusMessage`); nil sends the standard one.
    public var statusMessage: String?

    /// The statuses a stub may answer with: a final answer's three digits. A 1xx status is interim (the client
    /// waits for another), so no stub can answer with one.
    public static let answerStatuses: ClosedRange<Int64> = 200...599

    /// Why `status` cannot be a stub's answer, for the error that refuses it.
    public static func statusProblem(_ status: Int64) -> String {
        (100...199).contains(status)
            ? "\(status) is an interim status (1xx), which cannot answer a request; use one from 200 to 599"
            : "expected an HTTP status from 200 to 599, got \(status)"
    }

    /// Whether an answer with `status` has no body on the wire (RFC 9110: 204 and 304 never carry one).
    public static func isBodiless(_ status: Int) -> Bool { status == 204 || status == 304 || status < 200 }
    /// Headers in order; `Content-Length` is added by the server.
    public var headers: [(name: String, value: String)]
    /// The body.
    public var body: ResponseBody
    /// Seconds to wait before answering (or before the fault), to test spinners and timeouts.
    public var delay: Double
    /// A random delay added to `delay` for each answer.
    public var delayDistribution: DelayDistribution?
    /// When set, the connection misbehaves this way instead of answering: reset, closed empty, garbage, or a hang
    /// that lasts until the client gives up.
    public var fault: HTTPFault?
    /// When set, the answer is a real backend's (`proxyBaseUrl`), with `headers` added; the body is unused.
    public var proxy: ProxyDefinition?
    /// When set, the body leaves in pieces spread over time (WireMock's `chunkedDribbleDelay`), after `delay`.
    public var dribble: HTTPResponse.Dribble?
    /// Whether the body, headers and a body file are Handlebars templates rendered per request (WireMock's
    /// `response-template` transformer); the mock's global templating turns it on for every stub.
    public var templated = false
    /// WireMock's `transformerParameters`, seen by templates as `parameters.*`.
    public var templateParameters: JSONValue?
    /// Whether a body file is rendered as a template too (WireMock's `disableBodyFileTemplating` turns it off).
    public var templatesBodyFile = true
    /// The parsed templates, made by `compileTemplates()` when the stub is added.
    var templates: ResponseTemplates?

    /// Makes a response; the defaults are an empty `200 OK` sent at once.
    public init(
        status: Int = 200,
        headers: [(name: String, value: String)] = [],
        body: ResponseBody = .empty,
        delay: Double = 0,
        fault: HTTPFault? = nil
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delay = delay
        self.fault = fault
    }

    /// A JSON response, the usual answer of an app backend.
    public static func json(_ json: String, status: Int = 200, delay: Double = 0) -> ResponseDefinition {
        ResponseDefinition(status: status, body: .json(json), delay: delay)
    }

    /// A plain-text response.
    public static func text(_ text: String, status: Int = 200, delay: Double = 0) -> ResponseDefinition {
        let headers = [(name: "Content-Type", value: "text/plain; charset=utf-8")]
        return ResponseDefinition(status: status, headers: headers, body: .text(text), delay: delay)
    }

    /// A fault instead of a response, to test the app's error handling.
    public static func fault(_ fault: HTTPFault, delay: Double = 0) -> ResponseDefinition {
        ResponseDefinition(delay: delay, fault: fault)
    }

    /// The seconds to wait before this answer: the fixed delay plus one sample of the distribution.
    func sampledDelay() -> Double {
        delay + (delayDistribution?.sample() ?? 0)
    }

    /// Parses the templates of a templated response; a body file named with `{{…}}` needs templating on.
    mutating func compileTemplates() throws(MockServerError) {
        guard templated else {
            if case .fileTemplate(let name, _) = body {
                throw .invalidTemplate(
                    role: "body file name \(name)",
                    reason: "it has {{…}} but the stub does not use the response-template transformer")
            }
            return
        }
        templates = try ResponseTemplates(self)
    }

    /// Throws when the JSON body does not parse, so the mistake shows where the stub was made.
    func validate() throws(MockServerError) {
        guard case .json(let text) = body else { return }
        do {
            _ = try JSONValue(parsing: text.utf8)
        } catch {
            throw .invalidJSON(text, role: "the JSON response body", reason: error.description)
        }
    }
}
