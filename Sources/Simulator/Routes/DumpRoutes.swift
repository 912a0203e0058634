import Frankly
import HTTPCore
import JSON

/// The view-tree endpoints: /dump (key window), /dump/allwindows, /dump/view/UID and /dump/views/UID.
enum DumpRoutes {
    static var all: [Route] {
        [
            Route(methods: ["GET", "POST"], path: "/dump", observesOnly: true) { _, host in
                .json(written { host.app.window.writeDump(to: &$0) })
            },
            Route(methods: ["GET"], path: "/dump/allwindows") { _, host in
                .json(written { writeApplication(host.app, to: &$0) })
            },
            // Every uid a dump shows answers here, the allwindows dump's `application` node too.
            Route(methods: ["GET"], path: "/dump/view", prefix: true) { request, host in
                let id = uid(in: request.path, after: "/dump/view")
                if id == applicationUID { return .json(written { writeApplication(host.app, to: &$0, recursive: false) }) }
                guard let view = host.app.view(withUID: id) else { return .notFound(request.path) }
                return .json(written { view.writeDump(to: &$0, recursive: false) })
            },
            Route(methods: ["GET"], path: "/dump/views", prefix: true) { request, host in
                let id = uid(in: request.path, after: "/dump/views")
                if id == applicationUID { return .json(written { writeApplication(host.app, to: &$0) }) }
                guard let view = host.app.view(withUID: id) else { return .notFound(request.path) }
                return .json(written { view.writeDump(to: &$0) })
            },
        ]
    }

    /// The application as a pseudo node whose subviews are the windows, as Frank's allwindows dump is.
    static func applicationNode(_ app: SimulatedApp) -> JSONValue {
        // The writer's own output: parsing it cannot fail.
        try! JSONValue(parsing: written { writeApplication(app, to: &$0) })
    }

    /// The uid of the allwindows dump's application node.
    static let applicationUID = "application"

    private static func writeApplication(_ app: SimulatedApp, to json: inout JSONWriter, recursive: Bool = true) {
        json.beginObject()
        json.key("accessibilityFrame")
        app.device.bounds.write(to: &json)
        json.member("class", "UIApplication")
        json.key("frame")
        app.device.bounds.write(to: &json)
        if recursive {
            json.key("subviews")
            json.beginArray()
            for window in app.windows { window.writeDump(to: &json) }
            json.endArray()
        }
        json.member("uid", applicationUID)
        json.endObject()
    }

    private static func written(_ write: (inout JSONWriter) -> Void) -> [UInt8] {
        var json = JSONWriter()
        write(&json)
        return json.bytes
    }

    private static func uid(in path: String, after prefix: String) -> String {
        String(path.dropFirst(prefix.count).drop { $0 == "/" })
    }
}
