import Foundation
import JSON
import Synchronization

/// The `merge-reports` target: hostile shard reports and streams through `fscript merge-reports`, run as a user
/// runs it (the built binary, in a checkout, with `--files`), writing every report kind.
///
/// The first byte chooses the inputs: the bytes themselves as a JSON report, as a stream, or split into both; a
/// generated hostile JSON report (`HostileReport.report`); or the suite's valid stream with lines repeated,
/// dropped, cut or a hostile envelope put in. Whatever they are, merge-reports must end by itself (no hang), with
/// 0, 1, 2 or 130 (no crash); at 2 with a clear `fscript…:` line and no Lua internals (`attempt to index`, a
/// traceback); otherwise with every report written and valid (JSON, NDJSON, cucumber JSON). No output may hold
/// the secret file or the merge's own environment (plainly or as base64), a clickable `javascript:` link, or an
/// unbalanced `<script>`. A broken promise is a trap, so libFuzzer records the input.
enum MergeReportsFuzz {
    private static let outputs = ["html", "json", "message", "cucumber", "junit", "tap"]
    /// Numbers the runs, each in a folder of its own: Swift Testing runs suites at once.
    private static let runs = Atomic<Int>(0)

    static func run(_ bytes: UnsafeRawBufferPointer) {
        let space = MergeWorkspace.shared
        var reader = ByteReader(bytes: bytes)
        let mode = reader.next() ?? 0
        let rest = Array(bytes.dropFirst())
        var inputs: [(name: String, bytes: [UInt8])]
        switch (mode & 0x7f) % 5 {
        case 0: inputs = [("a.json", rest)]
        case 1: inputs = [("a.ndjson", rest)]
        case 2:
            let split = rest.isEmpty ? 0 : Int(rest[0]) % rest.count
            inputs = [("a.json", Array(rest[..<split])), ("b.ndjson", Array(rest[split...]))]
        case 3: inputs = [("a.json", HostileReport.report(&reader, paths: space.hostilePaths))]
        default:
            inputs = [("a.ndjson", HostileReport.stream(&reader, valid: space.validStream, paths: space.hostilePaths))]
        }
        // Beside another shard: the valid report, as if of another file of the suite.
        if mode & 0x80 != 0 {
            let other = String(decoding: space.validReport, as: UTF8.self)
                .replacingOccurrences(of: "suite.lua", with: "other.lua")
            inputs.append(("other.json", Array(other.utf8)))
        }
        check(inputs: inputs, in: space)
    }

    private static func check(inputs: [(name: String, bytes: [UInt8])], in space: MergeWorkspace) {
        let manager = FileManager.default
        let folder = space.root + "/run-\(runs.add(1, ordering: .relaxed).newValue)"
        let out = folder + "/out"
        try? manager.createDirectory(atPath: out, withIntermediateDirectories: true)
        var paths: [String] = []
        for (i, input) in inputs.enumerated() {
            let path = folder + "/in\(i)-" + input.name
            _ = manager.createFile(atPath: path, contents: Data(input.bytes))
            paths.append(path)
        }
        let arguments = ["merge-reports", "--files", space.files] + outputs.map { kind in
            kind == "html" ? "html:\(out)/html" : "\(kind):\(out)/report.\(kind)"
        } + paths
        let status = MergeRun.shell(
            in: space.checkout, binary: space.binary, arguments: arguments, output: folder + "/merge",
            environment: ["FSCRIPT_FUZZ_TOKEN": space.token])
        let stderr = String(decoding: manager.contents(atPath: folder + "/merge.err") ?? Data(), as: UTF8.self)
        // Kept when the run is a finding (the process ends), removed otherwise.
        defer { try? manager.removeItem(atPath: folder) }
        // FSCRIPT_FUZZ_VERBOSE=1 says how each input ended, to see what the inputs reach.
        if getenv("FSCRIPT_FUZZ_VERBOSE") != nil {
            let last = stderr.split(separator: "\n").last.map(String.init) ?? ""
            FileHandle.standardError.write(Data("merge-reports: exit \(status): \(last.prefix(160))\n".utf8))
        }
        let shown = inputs.map { "\($0.name): \(String(decoding: $0.bytes.prefix(2000), as: UTF8.self))" }
        func finding(_ what: String) -> Never {
            fatalError("merge-reports: \(what)\nstderr: \(stderr.prefix(2000))\ninputs: \(shown)")
        }
        if status == MergeRun.hung { finding("it did not end within 30 s") }
        guard [0, 1, 2, 130].contains(status) else { finding("exit \(status) (a crash)") }
        // The stream reader words messages that do not make a run as such, naming the stream and what to give
        // instead; any other Lua error text is a renderer or a reader failing halfway.
        let worded = stderr.contains(": the messages do not fit together as a run (")
        for marker in ["attempt to ", "stack traceback", "internal error", "bad argument #"]
        where stderr.contains(marker) && !(worded && !stderr.contains("stack traceback")) {
            finding("a Lua internal error instead of a clear message (\(marker))")
        }
        if status == 2 {
            guard stderr.contains("fscript merge-reports: ") || stderr.contains("fscript: ") else {
                finding("exit 2 without saying why")
            }
            return
        }
        for kind in outputs {
            let path = kind == "html" ? "\(out)/html/index.html" : "\(out)/report.\(kind)"
            guard let data = manager.contents(atPath: path) else { finding("exit \(status) but no \(kind) report") }
            let bytes = Array(data)
            if let leak = leak(in: bytes, space: space) { finding("the \(kind) report holds \(leak)") }
            switch kind {
            case "json", "cucumber":
                if (try? JSONValue(parsing: bytes)) == nil { finding("the \(kind) report is not JSON") }
            case "message":
                for line in bytes.split(separator: UInt8(ascii: "\n")) where (try? JSONValue(parsing: line)) == nil {
                    finding("a line of the message stream is not JSON: \(String(decoding: line.prefix(200), as: UTF8.self))")
                }
            case "html":
                let page = String(decoding: bytes, as: UTF8.self)
                if page.lowercased().contains("href=\"javascript:") || page.lowercased().contains("href=\" javascript:") {
                    finding("the HTML report has a clickable javascript: link")
                }
                if page.components(separatedBy: "<script").count != page.components(separatedBy: "</script>").count {
                    finding("the HTML report's <script> elements do not balance")
                }
            default: break
            }
        }
    }

    /// What secret `bytes` hold, plainly or as base64 at any alignment, or nil.
    private static func leak(in bytes: [UInt8], space: MergeWorkspace) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        for (what, secret) in [("the secret file", space.secret), ("the environment", "FSCRIPT_FUZZ_TOKEN=" + space.token)] {
            if text.contains(secret) { return what }
            for shift in 0..<3 {
                var encoded = Data(Array("xx".utf8.prefix(shift)) + Array(secret.utf8)).base64EncodedString()
                encoded = String(encoded.dropFirst(shift == 0 ? 0 : 4).dropLast(4))
                if text.contains(encoded) { return what + " (base64)" }
            }
        }
        return nil
    }
}
