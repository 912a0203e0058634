import Frankly
import HTTPCore
import JSON

/// GET /idle, fscript's extension: what keeps the app busy (animations with their time left, backend calls), and
/// the change count (`change`). With `?changed_since=N&timeout_ms=T` the answer waits for a change (`ChangeWait`).
enum IdleRoute {
    static var route: Route {
        Route(methods: ["GET"], path: "/idle") { _, host in
            let busy = host.app.busy
            var members: [String: JSONValue] = [
                "idle": .bool(busy.isEmpty), "busy": .array(busy.map(\.json)),
                "change": .integer(Int64(clamping: host.changes.count)),
            ]
            if !host.app.backgroundErrors.isEmpty {
                members["errors"] = .array(host.app.backgroundErrors.map(JSONValue.string))
            }
            return .json(.object(members))
        }
    }
}
