import JSON

extension FranklyClient {
    /// Presses a key by its W3C name (`POST /keys`, the web target's extension): `Enter`, `Escape`, `Control+a`.
    /// False when the target does not offer it (the simulator and Frank servers answer 404).
    public func pressKey(_ key: String) throws -> Bool {
        try extensionCall("/keys", body: .object(["key": .string(key)]))
    }

    /// Loads a URL or a path relative to the start page (`POST /open`, the web target's extension); false when the
    /// target does not offer it.
    public func open(_ target: String) throws -> Bool {
        try extensionCall("/open", body: .object(["url": .string(target)]))
    }

    /// Reloads the page, storage kept (`POST /reload`, the web target's extension); false when the target does not
    /// offer it.
    public func reload() throws -> Bool {
        try extensionCall("/reload", body: .object([:]))
    }

    /// Posts to an extension endpoint: false on 404, an ERROR envelope thrown.
    private func extensionCall(_ path: String, body: JSONValue) throws -> Bool {
        let request = makeRequest("POST", path)
        let response = try send(request, body: body.jsonBytes, allowing: [404])
        guard response.status != 404 else { return false }
        _ = try envelope(request, from: response)
        return true
    }
}
