import Foundation
import Synchronization

/// The script a recording writes: a header, then one line per action, wait and assertion, as it happened.
///
/// It is a plain fscript test file: run it with `fscript FILE.lua`. With a recorded backend, its first lines start
/// a mock from the recorded mappings and launch the app against it, so the test replays without the backend.
public final class ScriptRecorder: Sendable {
    private struct State {
        var on = false
        var lines: [String] = []
    }
    private let state = Mutex(State())
    /// Where Save writes (`--record FILE`), if anywhere.
    public let path: String?
    /// The lines before the recorded ones (the mock and the launch of a recorded backend).
    let preamble: [String]

    public init(path: String?, mappings: String? = nil) {
        self.path = path
        var preamble = ["-- Recorded with fscript inspect on \(ISO8601DateFormatter().string(from: Date())). Run: fscript FILE.lua"]
        if let mappings {
            // Absolute, so the script finds the recording wherever it is run from.
            let absolute = URL(fileURLWithPath: mappings).standardizedFileURL.path
            preamble += [
                "-- The backend traffic of the session, recorded as WireMock mappings, answers instead of the backend.",
                "local backend = mock.start{ mappings = \(LuaLiteral.string(absolute)) }",
                "frank.launch{ env = { BACKEND_URL = backend.url } }",
            ]
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
        let lines = state.withLock { $0.lines }
        return (preamble + lines).joined(separator: "\n") + "\n"
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
