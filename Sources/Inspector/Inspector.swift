import HTTPCore

/// `fscript inspect`: a web page on 127.0.0.1 that shows a target's screen and view tree, suggests a selector for
/// any view clicked, highlights what a typed selector selects, acts on views and records the actions as a test
/// (Frank's Symbiote, Maestro Studio, FRY's FRYolator, for Frankly apps).
///
/// Its own HTTP endpoints pass HTTPCore's limits and its Host and Origin checks like fscript's other servers: a
/// page on another site cannot drive the app through it.
public final class Inspector: Sendable {
    private let server: HTTPServer
    public let recorder: ScriptRecorder

    private init(server: HTTPServer, recorder: ScriptRecorder) {
        self.server = server
        self.recorder = recorder
    }

    /// Starts the inspector for `target` (a Frankly server's URL); `scripting` runs the actions.
    public static func start(
        host: String = "127.0.0.1", port: Int = 0, target: String, scripting: any InspectorScripting,
        recorder: ScriptRecorder, limits: ServerLimits = .standard
    ) throws -> Inspector {
        let api = InspectorAPI(watcher: TargetWatcher(target: target), scripting: scripting, recorder: recorder)
        let server = try HTTPServer.start(host: host, port: port, responder: api, limits: limits)
        return Inspector(server: server, recorder: recorder)
    }

    /// The page's address, e.g. `http://127.0.0.1:40123/`.
    public var url: String { server.url + "/" }
    public var port: Int { server.port }

    public func stop() { server.stop() }
}
