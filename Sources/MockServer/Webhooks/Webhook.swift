import Foundation
import HTTPCore

/// A request a stub sends somewhere else after it has answered: WireMock 3's `webhook` serve event listener (and
/// WireMock 2's `postServeActions` form), for push-style flows an app waits for (a payment provider calling back, a
/// job finishing). The URL, the headers' values and a text body are Handlebars templates over `originalRequest`,
/// the request the stub answered, rendered when the stub answers and sent after `delay`.
///
/// Parsed and compiled when the mapping is read (`WireMockMapping.webhooks`), so a bad template or URL is reported
/// against its file; sent by `WebhookSender`.
public struct Webhook: Sendable {
    /// The method, as written (`POST` unless given).
    var method: String
    /// Where to: `http://` or `https://` once rendered.
    var url: Template
    /// The headers, each value a template.
    var headers: [(name: String, value: Template)]
    /// A text body, rendered; nil when `base64Body` gave bytes (or there is no body).
    var body: Template?
    /// `base64Body`'s bytes, sent as they are.
    var bytes: [UInt8]
    /// How long after the answer it is sent; `.uniform(lower: x, upper: x)` is WireMock's `fixed` delay.
    var delay: DelayDistribution?

    /// The longest delay a webhook may have: a pending webhook holds its rendered request, and a longer wait in a
    /// test is almost always a milliseconds-for-seconds mistake.
    public static let longestDelaySeconds = 600.0

    /// What the webhook will send for `request`, rendered now; the error says which part failed.
    func rendered(for request: HTTPRequest) throws -> (url: String, headers: [(name: String, value: String)],
                                                        body: [UInt8])
    {
        let model = Self.model(for: request)
        let url = try self.url.render(model).trimmingCharacters(in: .whitespaces)
        let headers = try headers.map { (name: $0.name, value: try $0.value.render(model)) }
        let body = try body.map { Array(try $0.render(model).utf8) } ?? bytes
        return (url, headers, body)
    }

    /// `originalRequest` as WireMock 3's webhooks see it: the members a response template's `request` has.
    private static func model(for request: HTTPRequest) -> TemplateValue {
        guard case .object(let top) = RequestTemplateModel.make(request, pathParameters: [:], parameters: nil),
            let original = top.first(where: { $0.key == "request" })?.value
        else { return .object([]) }
        return .object([("originalRequest", original)])
    }

    /// Whether `url` is one the mock may call: http or https, with a host.
    static func isCallable(_ url: String) -> Bool {
        guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = parsed.host, !host.isEmpty
        else { return false }
        return true
    }
}
