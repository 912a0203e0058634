import Foundation
import JSON

/// WireMock's global settings (`/__admin/settings`): a `fixedDelay` in milliseconds and a `delayDistribution` added
/// to every stubbed answer, and `extended`, a free object kept for clients that store their own values there.
/// They outlive `POST /__admin/reset`, as in WireMock.
final class GlobalSettings: @unchecked Sendable {
    private let lock = NSLock()
    private var document: [String: JSONValue] = [:]
    private var delays = ResponseDefinition(status: 200)

    /// The settings as WireMock lists them: only what was set.
    var json: JSONValue { lock.withLock { .object(["settings": .object(document)]) } }

    /// Seconds to add to one stubbed answer.
    func sampledDelay() -> Double { lock.withLock { delays }.sampledDelay() }

    /// Replaces the settings with `body` (`{"fixedDelay": 300}`, or that inside `{"settings": …}`), checked the way
    /// a mapping's delays are; a mistake is a 422 naming the field and nothing changes.
    func update(_ body: JSONValue) throws {
        let given = body["settings"] ?? body
        guard case .object(let members) = given else {
            throw AdminError(422, "the settings must be an object", pointer: "/")
        }
        let known = ["fixedDelay", "delayDistribution", "extended", "proxyPassThrough"]
        if let unknown = members.keys.sorted().first(where: { !known.contains($0) }) {
            throw AdminError(422, "unknown setting '\(unknown)' (known: \(known.joined(separator: ", ")))",
                pointer: "/\(unknown)")
        }
        var response: [String: JSONValue] = [:]
        if let delay = members["fixedDelay"], delay != .null { response["fixedDelayMilliseconds"] = delay }
        if let spread = members["delayDistribution"], spread != .null { response["delayDistribution"] = spread }
        let parsed: ResponseDefinition
        do {
            parsed = try WireMockMapping.responseDefinition(.object(response), at: "", files: "")
        } catch {
            throw AdminError(error)
        }
        lock.withLock {
            document = members.filter { $0.value != .null }
            delays = parsed
        }
    }
}
