import Foundation
import Synchronization

/// The script a recording writes: a header, then one line per action, wait and assertion, as it happened.
///
/// It is an fscript test file with one scenario, so a run gives it a fresh app and its own mocks like any other
/// test: run it on the target it was recorded on, as its header says (`fscript --target URL FILE.lua`). With a recorded backend, the scenario's first lines start a mock from the
/// recorded mappings and launch the app against it (when it is first used), so the test replays without the
/// backend.
public final class ScriptRecorder: Sendable {
    private struct State {
        var on = false
        var lines: [String] = []
    }
    private let state = Mutex(State())
    /// Where Save writes (`--record FILE`), if anywhere.
    public let path: String?
    /// The header and the scenario's first lines (the mock and the launch of a recorded backend).
    let preamble: [String]
    /// What every recorded line is indented by: they are the scenario's body.
    static let indent = "  "

    /// A recorder saving to `path`; `runCommand` is how the header says to run the script on the target it was
    /// recorded on (a plain `fscript FILE.lua` would run the demo app in the simulator, whatever was inspected).
    public init(path: String?, mappings: String? = nil, runCommand: String = "fscript FILE.lua") {
        self.path = path
        let date = ISO8601DateFormatter().string(from: Date())
        var preamble = [
            "-- Recorded with fscript inspect on \(date). Run: \(runCommand)",
            "scenario(\(LuaLiteral.string("recorded with fscript inspect")), function()",
        ]
        if let mappings {
            // Absolute, so the script finds the recording wherever it is run from.
            let absolute = URL(fileURLWithPath: mappings).standardizedFileURL.path
            preamble += [
                "-- The backend traffic of the session, recorded as WireMock mappings, answers instead of the backend.",
                "local backend = require(\"fscript.backend\").use(mock.start{ mappings = \(LuaLiteral.string(absolute)) })",
                "frank.launch{ env = { BACKEND_URL = backend.url }, lazy = true }",
            ].map { Self.indent + $0 }
        }
        self.preamble = preamble
    }

    public var isOn: Bool { state.withLock { $0.on } }

    public func set(on: Bool) { state.withLock { $0.on = on } }

    /// Adds lines when recording.
    func append(_ lines: [String]) {
        state.withLock { if $0.on { $0.lines += lines } }
    }

    /// The script so far.
    public var script: String {
        let lines = state.withLock { $0.lines }.map { Self.indent + $0 }
        return (preamble + lines + ["end)"]).joined(separator: "\n") + "\n"
    }

    /// Writes the script to `path`; returns the error, or nil.
    func save() -> String? {
        guard let path else { return "start fscript inspect with --record FILE.lua to save the recording" }
        do {
            try Data(script.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            return nil
        } catch {
            return "cannot write \(path): \(error.localizedDescription)"
        }
    }
}
