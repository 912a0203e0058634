import Frankly
import HTTPCore
import JSON

/// The view-tree endpoints: /dump (key window), /dump/allwindows, /dump/view/UID and /dump/views/UID.
enum DumpRoutes {
    static var all: [Route] {
        [
            Route(methods: ["GET", "POST"], path: "/dump") { _, host in
                .json(host.app.window.dump())
            },
            Route(methods: ["GET"], path: "/dump/allwindows") { _, host in
                .json(applicationNode(host.app))
            },
            Route(methods: ["GET"], path: "/dump/view", prefix: true) { request, host in
                guard let view = host.app.view(withUID: uid(in: request.path, after: "/dump/view")) else {
                    return .notFound(request.path)
                }
                return .json(view.dump(recursive: false))
            },
            Route(methods: ["GET"], path: "/dump/views", prefix: true) { request, host in
                guard let view = host.app.view(withUID: uid(in: request.path, after: "/dump/views")) else {
                    return .notFound(request.path)
                }
                return .json(view.dump())
            },
        ]
    }

    /// The application as a pseudo node whose subviews are the windows, as Frank's allwindows dump is.
    static func applicationNode(_ app: SimulatedApp) -> JSONValue {
        .object([
            "class": .string("UIApplication"), "uid": .string("application"),
            "accessibilityFrame": app.device.bounds.json, "frame": app.device.bounds.json,
            "subviews": .array(app.windows.map { $0.dump() }),
        ])
    }

    private static func uid(in path: String, after prefix: String) -> String {
        String(path.dropFirst(prefix.count).drop { $0 == "/" })
    }
}
