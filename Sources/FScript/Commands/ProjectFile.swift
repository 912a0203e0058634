import Foundation
import JSON
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
    /// The keys that are not declared run settings: they have merge rules of their own (`RunArguments.apply`).
    static let ownKeys = ["target", "targets", "app", "env", "reports"]
    /// Every key the file may set, for the error that names an unknown one.
    static var keys: [String] { ownKeys + RunSetting.all.map(\.key) }

    /// Where the file is.
    var path: String
    var target: String?
    /// A pool of targets (devices, simulators): a parallel run drives one worker per target.
    var targets: [String] = []
    var app: String?
    var environment: [String: String] = [:]
    var reports: [String] = []
    /// The declared run settings the file sets (`timeout`, `tags`, …).
    var settings = RunSettingValues()

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
    static func load(_ path: String, declarations: [RunSetting] = RunSetting.all) throws -> ProjectFile {
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
        // Unknown keys are refused by the one reader of outside data, as in a mapping or a Lua option table.
        let reader = FieldReader(table, at: "")
        reader.allow(ownKeys + declarations.map(\.key))
        do { try reader.finish() } catch { throw ProjectFileError(unknownSetting(error, in: path)) }
        var project = ProjectFile(path: path)
        let folder = (path as NSString).deletingLastPathComponent
        for (key, value) in table.fields {
            guard let name = key.stringValue else { continue }
            if let setting = declarations.first(where: { $0.key == name }) {
                do { project.settings[setting] = try setting.read(value, file: path, folder: folder) } catch {
                    throw ProjectFileError(error.description)
                }
            } else {
                try project.read(name, value, folder: folder)
            }
        }
        return project
    }

    /// "FILE: unknown setting 'timout'; did you mean 'timeout'? known: …", from the reader's refusal.
    private static func unknownSetting(_ error: FieldError, in path: String) -> String {
        guard case .unknownKey(let key, let nearest, let known) = error.problem else { return "\(path): \(error)" }
        let guess = nearest.map { "; did you mean '\($0)'?" } ?? ""
        return "\(path): unknown setting '\(key)'\(guess); known: \(known.joined(separator: ", "))"
    }

    /// Reads one of `ownKeys`.
    private mutating func read(_ name: String, _ value: LuaValue, folder: String) throws {
        func fail(_ expected: String) -> ProjectFileError {
            ProjectFileError("\(path): \(name) must be \(expected), got \(value.luaShown)")
        }
        func local(_ value: String) -> String {
            value.hasPrefix("/") ? value : (folder as NSString).appendingPathComponent(value)
        }
        switch name {
        case "target", "app":
            guard let text = value.stringValue, !text.isEmpty else { throw fail("a non-empty string") }
            if name == "target" { target = text } else { app = local(text) }
        case "env":
            guard case .table(let env) = value, env.array.isEmpty else { throw fail("a table of strings") }
            for (envKey, envValue) in env.fields {
                guard let envName = envKey.stringValue, let envText = envValue.stringValue else {
                    throw ProjectFileError("\(path): env.\(envKey.luaShown) must be a string, got \(envValue.luaShown)")
                }
                environment[envName] = envText
            }
        case "targets":
            guard case .table(let list) = value, list.fields.isEmpty, !list.array.isEmpty,
                list.array.allSatisfy({ $0.stringValue != nil })
            else { throw fail("a non-empty list of target URLs") }
            targets = list.array.compactMap(\.stringValue)
        default:
            guard case .table(let list) = value, list.fields.isEmpty,
                list.array.allSatisfy({ $0.stringValue != nil })
            else { throw fail("a list of kind:file strings") }
            reports = list.array.compactMap(\.stringValue).map { report in
                guard let colon = report.firstIndex(of: ":") else { return report }
                let file = String(report[report.index(after: colon)...])
                return report[..<colon] + ":" + (file == "-" ? file : local(file))
            }
        }
    }
}

/// The project file does not load or sets something it cannot; the message names the file and the setting.
struct ProjectFileError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
