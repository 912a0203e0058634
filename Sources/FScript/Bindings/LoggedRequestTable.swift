import Foundation
import JSON
import LuaJSON
import LuaKit
import MockServer

/// A mock journal entry as the table `requests` and `wait_for_request` return: `method`, `path`, `query` and
/// `headers` (names lower-cased, the first value of each), `body`, `json` (when the body is JSON, read by the
/// same conversion as `json.decode`, so `null` is `json.null` and `{}` stays an object), `time` (seconds since
/// 1970), `sequence`, and `stub` (the summary of the stub that answered; nil when none did). For a trace it also
/// carries `server` (the mock's URL), `status` (the response's) and `near_miss` (why the closest stub did not
/// answer, for a request none did).
struct LoggedRequestTable: LuaPushable {
    /// The entry.
    let request: LoggedRequest
    /// The mock's URL, for a trace's entries (nil: the fields a script's `requests` gets).
    var server: String?

    /// The entry as a script's `requests` sees it.
    init(request: LoggedRequest) {
        self.request = request
    }

    /// The entry as a trace records it, from the mock at `server`.
    init(request: LoggedRequest, server: String) {
        self.request = request
        self.server = server
    }

    func push(on L: OpaquePointer, state: LuaState) {
        var table = LuaTable()
        table["method"] = .string(request.method)
        table["path"] = .string(request.path)
        var query = LuaTable()
        for item in request.queryItems where query[item.name] == .nil { query[item.name] = .string(item.value) }
        table["query"] = .table(query)
        var headers = LuaTable()
        for header in request.headers {
            let name = header.name.lowercased()
            if headers[name] == .nil { headers[name] = .string(header.value) }
        }
        table["headers"] = .table(headers)
        if let text = String(validating: request.body, as: UTF8.self) {
            table["body"] = .string(text)
        } else {
            table["body"] = .bytes(request.body)
        }
        table["time"] = .number(request.receivedAt.timeIntervalSince1970)
        table["sequence"] = .integer(Int64(request.sequence))
        if let stub = request.matchedStubSummary { table["stub"] = .string(stub) }
        if let server {
            table["server"] = .string(server)
            table["status"] = .integer(Int64(request.responseStatus))
            if let miss = request.nearMiss { table["near_miss"] = .string(miss) }
        }
        table.push(on: L, state: state)
        pushJSON(on: L)
    }

    /// Sets `json` on the table on top of the stack when the body parses.
    private func pushJSON(on L: OpaquePointer) {
        guard !request.body.isEmpty else { return }
        do {
            try request.body.withUnsafeBufferPointer { buffer throws(JSONParseError) in
                try LuaJSON.push(parsing: buffer, on: L)
            }
            LuaState.setField("json", on: L)
        } catch {
            // Not JSON: the entry has no `json` field.
        }
    }
}
