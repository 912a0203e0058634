import Foundation
import JSON

/// `serveEventListeners` (WireMock 3) and `postServeActions` (WireMock 2, a list or an object keyed by name): a
/// `webhook` listener becomes a `Webhook`, checked and compiled now; another name is kept as WireMock keeps it (it
/// loads, and each serve says no listener has that name), since WireMock refuses neither.
extension WireMockMapping {
    /// The most listeners a stub may have: each answer sends them all.
    static let listenerLimit = 16

    /// The listeners of a mapping: its webhooks, and the names of listeners the mock does not have.
    static func listeners(_ fields: Fields) throws(Problem) -> (webhooks: [Webhook], unknown: [String]) {
        var entries: [(value: JSONValue, name: String?, path: String)] = []
        if let list = try fields.array("serveEventListeners") {
            for (index, item) in list.enumerated() {
                entries.append((item, nil, fields.path(of: "serveEventListeners") + "[\(index)]"))
            }
        }
        switch fields.value("postServeActions") {
        case .array(let list)?:
            for (index, item) in list.enumerated() {
                entries.append((item, nil, fields.path(of: "postServeActions") + "[\(index)]"))
            }
        case .object(let byName)?:
            // WireMock 2's first form: {"webhook": {parameters}}.
            for (name, parameters) in byName.sorted(by: { $0.key < $1.key }) {
                entries.append((parameters, name, fields.path(of: "postServeActions") + ".\(name)"))
            }
        case nil, .null?: break
        case let other?:
            throw fields.fail("postServeActions", "expected a list of {name, parameters}, got \(other.jsonString)")
        }
        guard entries.count <= listenerLimit else {
            throw fields.fail(nil, "\(entries.count) serve event listeners; a stub may have at most \(listenerLimit)")
        }
        var webhooks: [Webhook] = [], unknown: [String] = []
        for entry in entries {
            if let name = entry.name {
                if name == "webhook" {
                    webhooks.append(try Fields.read(entry.value, at: entry.path) { p throws(Problem) in try webhook(p) })
                } else {
                    unknown.append(name)
                }
                continue
            }
            let listener = try Fields.read(entry.value, at: entry.path) { item throws(Problem) -> Webhook?? in
                let name = try item.requiredString("name")
                guard try firesAfterAnswer(item) else { return .some(nil) }
                guard name == "webhook" else {
                    item.allow(["parameters"])
                    unknown.append(name)
                    return nil
                }
                let parameters = item.value("parameters") ?? .object([:])
                return .some(try Fields.read(parameters, at: item.path(of: "parameters")) { p throws(Problem) in
                    try webhook(p)
                })
            }
            if case .some(.some(let hook)) = listener { webhooks.append(hook) }
        }
        return (webhooks, unknown)
    }

    /// WireMock 3's `requestPhases`: a webhook fires once the answer is complete (`AFTER_COMPLETE`, the default).
    private static func firesAfterAnswer(_ item: Fields) throws(Problem) -> Bool {
        guard let phases = try item.array("requestPhases") else { return true }
        let known = ["BEFORE_MATCH", "AFTER_MATCH", "BEFORE_RESPONSE_SENT", "AFTER_COMPLETE"]
        for (index, phase) in phases.enumerated() where !known.contains(phase.stringValue ?? "") {
            throw Problem(item.path(of: "requestPhases") + "[\(index)]",
                          "\(phase.jsonString): expected one of \(known.joined(separator: ", "))")
        }
        return phases.contains(.string("AFTER_COMPLETE"))
    }

    /// A webhook's `parameters`: `method`, `url`, `headers`, `body` or `base64Body`, `delay`.
    private static func webhook(_ p: Fields) throws(Problem) -> Webhook {
        let method = try p.string("method") ?? "POST"
        guard !method.isEmpty, method.utf8.allSatisfy({ (0x21...0x7e).contains($0) && $0 != UInt8(ascii: ":") }) else {
            throw p.fail("method", "'\(method)' is not an HTTP method")
        }
        let urlText = try p.requiredString("url")
        if !Template.isTemplate(urlText), !Webhook.isCallable(urlText) {
            throw p.fail("url", "'\(urlText)': a webhook calls an http:// or https:// URL")
        }
        var headers: [(name: String, value: Template)] = []
        try p.object("headers") { h throws(Problem) in
            for (name, value) in h.entries() {
                var values: [String] = []
                switch value {
                case .string(let text): values = [text]
                case .array(let list): values = list.compactMap(\.stringValue).count == list.count
                    ? list.compactMap(\.stringValue) : []
                default: break
                }
                guard !values.isEmpty, !name.isEmpty else {
                    throw h.fail(name, "expected a string or a list of strings, got \(value.jsonString)")
                }
                for text in values { headers.append((name, try template(text, at: h.path(of: name)))) }
            }
        }
        var hook = Webhook(method: method, url: try template(urlText, at: p.path(of: "url")), headers: headers,
                           body: nil, bytes: [], delay: nil)
        switch try p.oneOf(["body", "base64Body"]) {
        case "body": hook.body = try template(try p.requiredString("body"), at: p.path(of: "body"))
        case "base64Body":
            guard let bytes = Data(base64Encoded: try p.requiredString("base64Body")) else {
                throw p.fail("base64Body", "not base64")
            }
            hook.bytes = Array(bytes)
        default: break
        }
        hook.delay = try p.object("delay") { d throws(Problem) in try webhookDelay(d) }
        return hook
    }

    /// `{"type": "fixed", "milliseconds": n}`, or WireMock's `uniform` and `lognormal` distributions; at most
    /// `Webhook.longestDelaySeconds`.
    private static func webhookDelay(_ d: Fields) throws(Problem) -> DelayDistribution {
        let distribution: DelayDistribution
        let longest = Webhook.longestDelaySeconds
        let type = try d.string("type")
        guard ["fixed", "uniform", "lognormal"].contains(type ?? "") else {
            throw d.fail("type", "\(type.map { "'\($0)'" } ?? "no type"): expected fixed, uniform or lognormal")
        }
        if type == "fixed" {
            guard let value = d.value("milliseconds")?.doubleValue, value.isFinite, value >= 0, value <= longest * 1000
            else {
                throw d.fail("milliseconds", "expected a number of milliseconds from 0 to \(Int(longest * 1000)), got "
                    + (d.value("milliseconds")?.jsonString ?? "nothing"))
            }
            distribution = .uniform(lower: value / 1000, upper: value / 1000)
        } else {
            distribution = try delayDistribution(d)
        }
        let bound: Double
        switch distribution {
        case .uniform(_, let upper): bound = upper
        case .lognormal(let median, _): bound = median
        }
        guard bound <= longest else {
            throw d.fail(nil, "a webhook waits at most \(Int(longest * 1000)) ms (got \(Int(bound * 1000)) ms)")
        }
        return distribution
    }

    private static func template(_ text: String, at path: String) throws(Problem) -> Template {
        do {
            return try Template(parsing: text)
        } catch {
            throw Problem(path, error.description)
        }
    }
}
