import Foundation
import LuaKit
import MockServer

/// `mock.misses(since)`: the requests the session's live mocks answered 404 (no stub matched) since a moment,
/// each with the stub nearest to it now, for a failed scenario's report. A request that a stub added later
/// matches is marked `matches_now`: the app asked before the stub existed, the usual cause of a stub "not
/// working".
enum MockMisses {
    /// The most misses listed: a run that calls a mock in a loop must not drown the failure in them.
    static let limit = 20

    /// One miss as the Lua table the report reads: `server`, `method`, `path` (with the query; the whole URL for a
    /// browser proxy's request), `time` (seconds since 1970), `nearest` (the closest stub's summary, nil when the
    /// mock has none), `differs` (what differs from it), `matches_now`.
    static func misses(in registry: MockRegistry, since: Double) -> [LuaValue] {
        var result: [LuaValue] = []
        for server in registry.servers {
            for entry in server.unmatchedRequests where entry.receivedAt.timeIntervalSince1970 >= since {
                guard result.count < limit else { return result }
                var table = LuaTable()
                table["server"] = .string(server.url)
                table["method"] = .string(entry.method)
                let target = entry.query.isEmpty ? entry.path : "\(entry.path)?\(entry.query)"
                // A browser proxy's request was for another host: the whole URL says which. Any other came to this
                // mock's own listeners, whatever Host it named (a device's LAN address, the HTTPS port).
                let host = entry.header("Host") ?? ""
                let url = entry.viaProxy && !host.isEmpty ? "\(entry.scheme)://\(host)\(target)" : nil
                table["path"] = .string(url ?? target)
                table["time"] = .number(entry.receivedAt.timeIntervalSince1970)
                if let closest = server.closestStub(to: entry) {
                    table["nearest"] = .string(closest.summary)
                    table["differs"] = .string(closest.differences)
                    table["matches_now"] = .boolean(closest.differences.isEmpty)
                }
                result.append(.table(table))
            }
        }
        return result
    }
}
