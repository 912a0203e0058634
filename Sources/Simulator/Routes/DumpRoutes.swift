import Frankly
import HTTPCore
import JSON

/// The view-tree endpoints: /dump (key window), /dump/allwindows, /dump/view/UID and /dump/views/UID.
enum DumpRoutes {
    static var all: [Route] {
        [
            Route(methods: ["GET", "POST"], path: "/dump", observesOnly: true) { _, host in
                .json(written(host.app.window.dumpNode()))
            },
            Route(methods: ["GET"], path: "/dump/allwindows") { _, host in
                .json(written(applicationNode(host.app)))
            },
            // Every uid a dump shows answers here, the allwindows dump's `application` node too.
            Route(methods: ["GET"], path: "/dump/view", prefix: true) { request, host in
                let id = uid(in: request.path, after: "/dump/view")
                if id == applicationUID { return .json(written(applicationNode(host.app, recursive: false))) }
                guard let view = host.app.view(withUID: id) else { return .notFound(request.path) }
                return .json(written(view.dumpNode(recursive: false)))
            },
            Route(methods: ["GET"], path: "/dump/views", prefix: true) { request, host in
                let id = uid(in: request.path, after: "/dump/views")
                if id == applicationUID { return .json(written(applicationNode(host.app))) }
                guard let view = host.app.view(withUID: id) else { return .notFound(request.path) }
                return .json(written(view.dumpNode()))
            },
        ]
    }

    /// The application as a pseudo node whose subviews are the windows, as Frank's allwindows dump is.
    static func applicationNode(_ app: SimulatedApp, recursive: Bool = true) -> DumpNode {
        var node = DumpNode(
            className: UIKitClass.application.name, uid: applicationUID,
            subviews: recursive ? app.windows.map { $0.dumpNode() } : nil)
        node.accessibilityFrame = app.device.bounds
        node.frame = app.device.bounds
        return node
    }

    /// The uid of the allwindows dump's application node.
    static let applicationUID = "application"

    /// The node's JSON text, written straight from the node: `/dump` is the simulator's hottest answer.
    private static func written(_ node: DumpNode) -> [UInt8] {
        var json = JSONWriter()
        node.write(to: &json)
        return json.bytes
    }

    private static func uid(in path: String, after prefix: String) -> String {
        String(path.dropFirst(prefix.count).drop { $0 == "/" })
    }
}
