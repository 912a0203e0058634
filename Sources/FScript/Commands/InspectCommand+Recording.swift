/// The header of a recording: how to run it on what was inspected.
///
/// A recording is a test file, and a bare `fscript FILE.lua` runs the demo app in the embedded simulator: a script
/// recorded on a web page (`fscript serve --web DIR`, inspected with `--target URL`) or on another app would fail
/// there on its first selector. So the header repeats what named the target.
extension InspectCommand {
    /// `fscript --target URL FILE.lua`, `fscript --web PAGE FILE.lua`, `fscript --app APP FILE.lua`, or
    /// `fscript FILE.lua` for the demo app; `record` (the script's path) in place of `FILE.lua` when given.
    static func runCommand(target: String?, app: String?, web: String? = nil, record: String?) -> String {
        let file = record.map(shellWord) ?? "FILE.lua"
        if let target, target.hasPrefix(FrankModule.webDriverPrefix), let web {
            return "fscript --target \(shellWord(target)) --web \(shellWord(web)) \(file)"
        }
        if let target { return "fscript --target \(shellWord(target)) \(file)" }
        if let web { return "fscript --web \(shellWord(web)) \(file)" }
        if let app { return "fscript --app \(shellWord(app)) \(file)" }
        return "fscript \(file)"
    }

    /// `word` as one shell word: as it is when the shell reads nothing in it, else in single quotes.
    private static func shellWord(_ word: String) -> String {
        let plain = !word.isEmpty && word.allSatisfy { $0.isLetter || $0.isNumber || "-_./:=@%+,".contains($0) }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
