import Foundation

/// The folder the `merge-reports` target works in, made once per process: the secrets a hostile report names
/// (a file outside every allowed folder, the environment through `/proc/self/environ`), a FIFO, the `--files`
/// folder (a file that may be embedded, a link out of it, a crafted trace page), the checkout the merge runs in,
/// and a valid JSON report and message stream of a small suite, written by the `fscript` under test, to mutate.
struct MergeWorkspace: Sendable {
    /// The workspace of this process.
    static let shared = MergeWorkspace()

    let root: String
    let binary: String
    /// What the secret file holds, and the environment variable only the merge's own environment has.
    let secret: String
    let token: String
    /// A valid report and stream, as the suite's run wrote them.
    let validReport: [UInt8]
    let validStream: [UInt8]

    var checkout: String { root + "/checkout" }
    var files: String { root + "/files" }

    /// The paths a hostile report names: every one must stay out of the merged reports but `ok.txt`.
    var hostilePaths: [String] {
        [root + "/secret.txt", "/proc/self/environ", "/dev/zero", root + "/fifo", "../secret.txt", "link.txt",
         "ok.txt", "trace.html", "", "/", "sub/../../secret.txt", "/dev/stdin", checkout + "/../secret.txt"]
    }

    private init() {
        let pid = getpid()
        root = NSTemporaryDirectory() + "fscript-fuzz-merge-\(pid)"
        binary = Self.findBinary()
        secret = "FSCRIPT-FUZZ-SECRET-\(pid)"
        token = "tok-fuzz-\(pid)"
        let manager = FileManager.default
        try? manager.removeItem(atPath: root)
        for folder in [root, root + "/checkout", root + "/files"] {
            try? manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        _ = manager.createFile(atPath: root + "/secret.txt", contents: Data(secret.utf8))
        mkfifo(root + "/fifo", 0o600)
        try? manager.createSymbolicLink(atPath: root + "/files/link.txt", withDestinationPath: root + "/secret.txt")
        _ = manager.createFile(atPath: root + "/files/ok.txt", contents: Data("embedded from --files".utf8))
        let crafted = #"{"trace":{"version":1,"scenario":"x","status":"failed","steps":[{"text":"<!--<script>"}]},"#
            + #""pictures":[],"trees":[]}"#
        _ = manager.createFile(
            atPath: root + "/files/trace.html",
            contents: Data(("<script type=\"application/json\" class=\"fs-trace-data\">" + crafted + "</script>").utf8))
        let suite = """
            scenario("passes", function() log("hello") end)
            scenario("fails", function()
              attach("some text", "text/plain")
              link("https://example.com/x")
              error("boom")
            end)
            """
        _ = manager.createFile(atPath: root + "/checkout/suite.lua", contents: Data(suite.utf8))
        let status = MergeRun.shell(
            in: root + "/checkout", binary: binary,
            arguments: ["suite.lua", "--report", "json:../valid.json", "--report", "message:../valid.ndjson"],
            output: root + "/seed.log", environment: [:])
        guard status == 1, let report = manager.contents(atPath: root + "/valid.json"),
            let stream = manager.contents(atPath: root + "/valid.ndjson")
        else {
            fatalError("merge-reports: the seed run of \(binary) exited \(status), not 1; see \(root)/seed.log")
        }
        validReport = Array(report)
        validStream = Array(stream)
        // Removed when the process ends normally; a finding traps, which keeps the folder for a look.
        atexit { try? FileManager.default.removeItem(atPath: MergeWorkspace.shared.root) }
    }

    /// The `fscript` under test: `FSCRIPT_BIN`, else the one beside this executable (the test bundle or
    /// `fscript-fuzz` in the build folder).
    private static func findBinary() -> String {
        if let path = ProcessInfo.processInfo.environment["FSCRIPT_BIN"], !path.isEmpty {
            return path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        }
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        // A test bundle runs from inside `fscriptPackageTests.xctest/…`.
        while folder.path.contains(".xctest") { folder.deleteLastPathComponent() }
        let candidate = folder.appendingPathComponent("fscript").path
        guard FileManager.default.isExecutableFile(atPath: candidate) else {
            fatalError("merge-reports: no fscript binary at \(candidate); build it (swift build) or set FSCRIPT_BIN")
        }
        return candidate
    }
}
