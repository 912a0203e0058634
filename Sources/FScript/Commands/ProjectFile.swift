import Foundation
import LuaKit

/// `fscript.project.lua`: the settings a team checks into its app repo, so CI and a developer's machine run the
/// same suite with the same command.
///
/// fscript looks for it upward from the first script or folder on the command line (then from the current
/// folder), and stops at the first one. It is a Lua chunk that returns a table; every key is optional, and a
/// flag on the command line wins over it. Paths in it (`app`, `reports`, `artifacts`) are relative to the
/// project file's own folder. A directory run never runs the project file as a test.
///
/// ```lua
/// return {
///   target = "http://127.0.0.1:37265",     -- or app = "apps/my_app.lua" for the embedded simulator
///   launch = "scripts/launch_app.sh",      -- a real app: the command that relaunches it
///   env = { BACKEND_URL = "http://127.0.0.1:8080" },
///   timeout = 120, wait = 5, validation = 3, request_timeout = 10, poll_interval = 0.05,
///   reset = true, tags = "smoke,~slow",
///   reports = { "junit:out/junit.xml" }, artifacts = "out/artifacts",
///   advertise_host = "10.0.2.2",            -- the URL of a mock bound beyond loopback (a device reaches it)
///   targets = { "http://10.0.0.5:37265", "http://10.0.0.6:37265" },  -- a pool: one worker per device
/// }
/// ```
struct ProjectFile: Equatable {
    /// The file name fscript looks for.
    static let name = "fscript.project.lua"
    /// Every key the file may set, for the error that names an unknown one.
    static let keys = [
        "target", "app", "launch", "reset_exec", "env", "timeout", "wait", "validation", "request_timeout",
        "poll_interval", "reset", "tags", "reports", "artifacts", "advertise_host", "targets",
    ]

    /// Where the file is.
    var path: String
    var target: String?
    /// A pool of targets (devices, simulators): a parallel run drives one worker per target.
    var targets: [String] = []
    var app: String?
    var launch: String?
    var resetExec: String?
    var environment: [String: String] = [:]
    var timeout: Double?
    var wait: Double?
    var validation: Double?
    var requestTimeout: Double?
    var pollInterval: Double?
    var reset: Bool?
    var tags: String?
    var reports: [String] = []
    var artifacts: String?
    var advertiseHost: String?

    /// The project file above the first of `paths` (or the current folder), or nil.
    static func find(from paths: [String]) -> String? {
        let manager = FileManager.default
        var directory = URL(fileURLWithPath: paths.first ?? ".", isDirectory: false).standardizedFileURL
        var isFolder: ObjCBool = false
        if !(manager.fileExists(atPath: directory.path, isDirectory: &isFolder) && isFolder.boolValue) {
            directory.deleteLastPathComponent()
        }
        while true {
            let candidate = directory.appendingPathComponent(name).path
            if manager.isReadableFile(atPath: candidate) { return candidate }
            if directory.path == "/" { return nil }
            directory.deleteLastPathComponent()
        }
    }

    /// Runs the file in a Lua state of its own and checks every setting where it enters.
    /// - Throws: `ProjectFileError` naming the file, the key and what it accepts.
    static func load(_ path: String) throws -> ProjectFile {
        let state = LuaState()
        let values: [LuaValue]
        do {
            values = try state.load(file: path).call()
        } catch {
            throw ProjectFileError("\(error)")
        }
        guard case .table(let table)? = values.first, table.array.isEmpty else {
            throw ProjectFileError("\(path): must return a table of settings, e.g. return { timeout = 120 }")
        }
        var project = ProjectFile(path: path)
        let folder = (path as NSString).deletingLastPathComponent
        func local(_ value: String) -> String { value.hasPrefix("/") ? value : (folder as NSString).appendingPathComponent(value) }
        for (key, value) in table.fields {
            guard let name = key.stringValue, keys.contains(name) else {
                throw ProjectFileError("\(path): unknown setting \(key.luaShown); known: \(keys.joined(separator: ", "))")
            }
            func fail(_ expected: String) -> ProjectFileError {
                ProjectFileError("\(path): \(name) must be \(expected), got \(value.luaShown)")
            }
            func text() throws -> String {
                guard let text = value.stringValue, !text.isEmpty else { throw fail("a non-empty string") }
                return text
            }
            func seconds(_ range: ClosedRange<Double>) throws -> Double {
                guard let number = value.doubleValue, number > range.lowerBound, number <= range.upperBound else {
                    throw fail("a number of seconds above \(InterruptGuard.seconds(range.lowerBound)) and at most "
                        + InterruptGuard.seconds(range.upperBound))
                }
                return number
            }
            switch name {
            case "target": project.target = try text()
            case "app": project.app = local(try text())
            case "launch": project.launch = try text()
            case "reset_exec": project.resetExec = try text()
            case "tags": project.tags = try text()
            case "artifacts": project.artifacts = local(try text())
            case "advertise_host": project.advertiseHost = try text()
            case "timeout": project.timeout = try seconds(0...86_400)
            case "wait": project.wait = try seconds(0...3600)
            case "validation": project.validation = try seconds(0...3600)
            case "request_timeout": project.requestTimeout = try seconds(0...3600)
            case "poll_interval": project.pollInterval = try seconds(0...60)
            case "reset":
                guard case .boolean(let flag) = value else { throw fail("true or false") }
                project.reset = flag
            case "env":
                guard case .table(let env) = value, env.array.isEmpty else { throw fail("a table of strings") }
                for (envKey, envValue) in env.fields {
                    guard let envName = envKey.stringValue, let envText = envValue.stringValue else {
                        throw ProjectFileError("\(path): env.\(envKey.luaShown) must be a string, got \(envValue.luaShown)")
                    }
                    project.environment[envName] = envText
                }
            case "targets":
                guard case .table(let list) = value, list.fields.isEmpty, !list.array.isEmpty,
                    list.array.allSatisfy({ $0.stringValue != nil })
                else { throw fail("a non-empty list of target URLs") }
                project.targets = list.array.compactMap(\.stringValue)
            case "reports":
                guard case .table(let list) = value, list.fields.isEmpty,
                    list.array.allSatisfy({ $0.stringValue != nil })
                else { throw fail("a list of kind:file strings") }
                project.reports = list.array.compactMap(\.stringValue).map { report in
                    guard let colon = report.firstIndex(of: ":") else { return report }
                    let file = String(report[report.index(after: colon)...])
                    return report[..<colon] + ":" + (file == "-" ? file : local(file))
                }
            default: break
            }
        }
        return project
    }
}

/// The project file does not load or sets something it cannot; the message names the file and the setting.
struct ProjectFileError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
