import Foundation
import JSON
import LuaJSON
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

    /// The project file of the current folder, when there is one: what the REPL and `fscript inspect`, which name
    /// no files, read.
    static func inCurrentFolder() -> String? {
        let here = FileManager.default.currentDirectoryPath + "/" + name
        return access(here, R_OK) == 0 ? here : nil
    }

    /// Project files inside the folders among `paths` other than `used` (the run's own): a suite kept beside
    /// another with settings of its own (`web/fscript.project.lua`), which a run of the folder above does not
    /// read, since a run has one project file, found upward from its first path.
    static func nested(in paths: [String], besides used: String?) -> [String] {
        let own = used.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        var found: [String] = []
        for path in paths {
            guard case .success(let files) = FileSystem.testFiles(under: path) else { continue }
            for file in files where file.hasSuffix("/" + name) {
                if URL(fileURLWithPath: file).standardizedFileURL.path != own && !found.contains(file) {
                    found.append(file)
                }
            }
        }
        return found
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
        // Every key is read by the one reader of outside data, as a mapping or a Lua option table is: typed,
        // named by its path, and an unknown key refused with the nearest known one.
        do {
            return try FieldReader<LuaTable>.read(.table(table), at: "") { fields throws(FieldError) in
                var project = ProjectFile(path: path)
                try project.read(fields, declarations: declarations)
                return project
            }
        } catch {
            throw ProjectFileError(describe(error, in: path))
        }
    }

    /// "FILE: timeout must be …, got 'soon'", or for an unknown key "FILE: unknown setting 'timout'; did you
    /// mean 'timeout'? known: …".
    private static func describe(_ error: FieldError, in path: String) -> String {
        switch error.problem {
        case .unknownKey(let key, let nearest, let known):
            let guess = nearest.map { "; did you mean '\($0)'?" } ?? ""
            return "\(path): unknown setting '\(key)'\(guess); known: \(known.joined(separator: ", "))"
        case .invalid(let message):
            return error.path.isEmpty ? "\(path): \(message)" : "\(path): \(error.path) \(message)"
        }
    }

    /// Reads the declared settings, then the keys with merge rules of their own.
    private mutating func read(_ fields: FieldReader<LuaTable>, declarations: [RunSetting]) throws(FieldError) {
        let folder = (path as NSString).deletingLastPathComponent
        func local(_ value: String) -> String {
            value.hasPrefix("/") ? value : (folder as NSString).appendingPathComponent(value)
        }
        for setting in declarations {
            if let value = try setting.read(from: fields, folder: folder) { settings[setting] = value }
        }
        target = try fields.checked("target", mustBe: "a non-empty string", Self.nonEmptyText)
        app = try fields.checked("app", mustBe: "a non-empty string", Self.nonEmptyText).map(local)
        if let env = try fields.checked("env", mustBe: "a table of strings", Self.namedTable) {
            environment = try FieldReader<LuaTable>.read(.table(env), at: fields.path(of: "env")) { env throws(FieldError) in
                var values: [String: String] = [:]
                for (name, _) in env.entries() { values[name] = try env.checked(name, mustBe: "a string", \.stringValue) }
                return values
            }
        }
        targets = try fields.checked("targets", mustBe: "a non-empty list of target URLs") { value in
            Self.strings(value).flatMap { $0.isEmpty ? nil : $0 }
        } ?? []
        reports = try fields.checked("reports", mustBe: "a list of kind:file strings", Self.strings)?.map { report in
            guard let colon = report.firstIndex(of: ":") else { return report }
            let file = String(report[report.index(after: colon)...])
            return report[..<colon] + ":" + (file == "-" ? file : local(file))
        } ?? []
    }

    private static func nonEmptyText(_ value: LuaValue) -> String? {
        guard let text = value.stringValue, !text.isEmpty else { return nil }
        return text
    }

    /// A table with names only (no list items).
    private static func namedTable(_ value: LuaValue) -> LuaTable? {
        guard case .table(let table) = value, table.array.isEmpty else { return nil }
        return table
    }

    /// A list whose items are all strings.
    private static func strings(_ value: LuaValue) -> [String]? {
        guard case .table(let list) = value, list.fields.isEmpty else { return nil }
        let texts = list.array.compactMap(\.stringValue)
        return texts.count == list.array.count ? texts : nil
    }
}

/// The project file does not load or sets something it cannot; the message names the file and the setting.
struct ProjectFileError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
