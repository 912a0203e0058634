import HTTPCore
import JSON

/// A proxying stub's keys: `proxyBaseUrl`, `additionalProxyRequestHeaders`, `removeProxyRequestHeaders` (WireMock 3)
/// and `proxyUrlPrefixToRemove`.
extension WireMockMapping {
    static let proxyKeys = ["additionalProxyRequestHeaders", "removeProxyRequestHeaders", "proxyUrlPrefixToRemove"]

    /// The proxy of a response, nil when it has no `proxyBaseUrl`. The other proxy keys without one would change
    /// nothing (WireMock ignores them), so they are refused: their author meant a proxy.
    static func proxyDefinition(_ fields: Fields) throws(Problem) -> ProxyDefinition? {
        guard let base = try fields.string("proxyBaseUrl") else {
            if let key = proxyKeys.first(where: { fields.value($0) != nil }) {
                throw fields.fail(key, "only means something with proxyBaseUrl, the backend to proxy to; add it")
            }
            return nil
        }
        guard let scheme = ["http://", "https://"].first(where: base.hasPrefix), base.count > scheme.count else {
            throw fields.fail("proxyBaseUrl", "expected the backend's http:// or https:// URL, got \"\(base)\"")
        }
        var proxy = ProxyDefinition(baseURL: base)
        proxy.prefixToRemove = try fields.string("proxyUrlPrefixToRemove")
        proxy.additionalHeaders = try fields.object("additionalProxyRequestHeaders") { names throws(Problem) in
            try names.entries().map { name, value throws(Problem) in
                guard let text = value.stringValue else {
                    throw names.fail(name, "expected a string, got \(value.typeName)")
                }
                return (name: name, value: text)
            }
        } ?? []
        for (index, name) in (try fields.array("removeProxyRequestHeaders") ?? []).enumerated() {
            guard let text = name.stringValue else {
                throw fields.fail("removeProxyRequestHeaders[\(index)]", "expected a header name, got \(name.typeName)")
            }
            proxy.removedHeaders.insert(text.lowercased())
        }
        return proxy
    }
}
