import Foundation
import LuaKit

extension LuaArgs {
    /// A relative path a script passes, as the script means it: beside the file that passes it
    /// (`mock.start{mappings = "wiremock"}` in `tests/steps/backend.lua` is `tests/steps/wiremock`) when that
    /// exists, else as given (from the current folder), so a suite runs the same from any folder. What exists
    /// beside the caller comes back absolute, so a later base folder (a mock's `files`) does not prefix it again.
    func pathBesideCaller(_ path: String) -> String {
        let candidate = FrankModule.resolve(path, besideCallerOf: self)
        guard candidate != path, !candidate.hasPrefix("/") else { return candidate }
        return URL(fileURLWithPath: candidate).standardizedFileURL.path
    }
}

extension LuaArgs {
    /// Where a relative path was looked for, for an error that says so: "beside tests/x.lua, then in the current
    /// folder /work/suite".
    func placesLookedFor(_ path: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        guard !path.hasPrefix("/"), let source = state.runningSource(level: 1), source.hasPrefix("@") else {
            return path.hasPrefix("/") ? path : "in the current folder \(cwd)"
        }
        return "beside \(source.dropFirst()), then in the current folder \(cwd)"
    }
}
