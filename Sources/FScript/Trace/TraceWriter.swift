import Foundation
import LuaKit
import Platform

/// Trace files written on a thread of their own while the run goes on.
///
/// A trace page is about 75 KB: its pictures in base64, its view trees, the viewer. Putting it together and
/// writing it (a folder and a file created) on the script thread cost more than the quick steps it recorded, so the
/// recorder hands the parts over and goes on: a serial queue encodes the pictures, makes the data safe inside its
/// `<script>` element, creates the folder and writes the file. `flush` waits until every page handed over is on
/// disk and gives the ones that could not be written; the runner flushes before it writes any report (the HTML
/// report embeds a failed scenario's trace) and before a parallel run's worker ends. The state is behind one lock,
/// so the queue and the script thread can share it.
final class TraceWriter: @unchecked Sendable {
    /// One trace page: `before`, then `{"trace":TRACE,"pictures":[base64 PNG,…],"trees":[TREE,…]}` made safe
    /// inside `<script>`, then `after`. The pictures are drawn, or waited for, on the writer's thread.
    struct Page: Sendable {
        var path: String
        var before: [UInt8]
        var trace: [UInt8]
        var pictures: [TracePictures.Source]
        var trees: [[UInt8]]
        var after: [UInt8]
        /// Where pictures not yet drawn are drawn (and kept for later scenarios).
        var drawings: BackgroundDrawings
    }

    private let condition = NSCondition()
    /// The paths of the pages handed over and not yet written (or failed).
    private var pending: [String] = []
    /// The pages that could not be written since the last flush: their path and why.
    private var failures: [(path: String, why: String)] = []
    private let queue = DispatchQueue(label: "fscript.trace.writer", qos: .utility)
    /// How many pages may wait to be written: each holds its trees and pictures, and on a busy machine the writer
    /// may fall behind the scenarios for a whole run.
    static let backlogLimit = 32

    /// Hands `page` to the writer's thread, first waiting while `backlogLimit` pages wait already. Throws the stop
    /// when Ctrl-C, SIGTERM or the test's deadline comes while it waits.
    func write(_ page: Page) throws {
        condition.lock()
        defer { condition.unlock() }
        try waitWhile { pending.count >= Self.backlogLimit }
        pending.append(page.path)
        queue.async { [self] in
            let failure = Self.save(page)
            condition.lock()
            if let index = pending.firstIndex(of: page.path) { pending.remove(at: index) }
            if let failure { failures.append((page.path, failure)) }
            condition.broadcast()
            condition.unlock()
        }
    }

    /// Waits until every page handed over is written, and returns (and forgets) the ones that failed. Throws the
    /// stop when Ctrl-C, SIGTERM or the test's deadline comes while it waits; `abandon` then says which pages are
    /// not written.
    func flush() throws -> [(path: String, why: String)] {
        condition.lock()
        defer { condition.unlock() }
        try waitWhile { !pending.isEmpty }
        let failed = failures
        failures.removeAll()
        return failed
    }

    /// The pages not written, without waiting (after a flush that was stopped): the ones that failed, and the ones
    /// still waiting, which the process may end before.
    func abandon() -> [(path: String, why: String)] {
        condition.lock()
        defer { condition.unlock() }
        let stopped = pending.map { (path: $0, why: "the run stopped before it was written") }
        let failed = failures + stopped
        failures.removeAll()
        return failed
    }

    /// Waits on the condition (locked) while `busy` holds, in 50 ms slices that check for a stop.
    private func waitWhile(_ busy: () -> Bool) throws {
        while busy() {
            try Interruption.throwIfStopped()
            _ = condition.wait(until: Date(timeIntervalSinceNow: 0.05))
        }
    }

    /// Writes one page; why it could not, or nil.
    private static func save(_ page: Page) -> String? {
        var data: [UInt8] = Array("{\"trace\":".utf8)
        data.append(contentsOf: page.trace)
        data.append(contentsOf: Array(",\"pictures\":[".utf8))
        for (i, source) in page.pictures.enumerated() {
            if i > 0 { data.append(UInt8(ascii: ",")) }
            // A picture that cannot be drawn is left empty, as the viewer expects: the steps still show.
            let png = (try? page.drawings.png(of: source)) ?? []
            data.append(UInt8(ascii: "\""))
            if !png.isEmpty { data.append(contentsOf: Array(Data(png).base64EncodedString().utf8)) }
            data.append(UInt8(ascii: "\""))
        }
        data.append(contentsOf: Array("],\"trees\":[".utf8))
        for (i, tree) in page.trees.enumerated() {
            if i > 0 { data.append(UInt8(ascii: ",")) }
            data.append(contentsOf: tree)
        }
        data.append(contentsOf: Array("]}".utf8))
        var file = page.before
        file.reserveCapacity(page.before.count + data.count + data.count / 64 + page.after.count)
        appendScriptSafe(data, to: &file)
        file.append(contentsOf: page.after)
        if let slash = page.path.lastIndex(of: "/"), slash != page.path.startIndex,
            let problem = FileSystem.makeDirectories(String(page.path[..<slash]))
        {
            return problem
        }
        return FileSystem.writeFile(page.path, file)
    }

    /// Appends `text` so that it cannot end or bend the `<script>` element it goes in: `</` becomes `<\/` and
    /// `<!--` becomes `<\u0021--`, both the same JSON; the HTML report embeds a trace file's data as it is here.
    static func appendScriptSafe(_ text: [UInt8], to out: inout [UInt8]) {
        let lt = UInt8(ascii: "<")
        text.withUnsafeBufferPointer { bytes in
            // Runs without `<` (nearly all of a page: base64 has none) are copied whole.
            var start = 0
            var i = 0
            while i < bytes.count {
                guard bytes[i] == lt, i + 1 < bytes.count else {
                    i += 1
                    continue
                }
                let next = bytes[i + 1]
                let comment = next == UInt8(ascii: "!") && i + 3 < bytes.count && bytes[i + 2] == UInt8(ascii: "-")
                    && bytes[i + 3] == UInt8(ascii: "-")
                guard next == UInt8(ascii: "/") || comment else {
                    i += 1
                    continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...i]))
                out.append(contentsOf: comment ? Array("\\u0021".utf8) : [UInt8(ascii: "\\")])
                i += comment ? 2 : 1
                start = i
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        }
    }

    /// `require("fscript.step_events")`'s writer functions:
    /// - `write_trace(path, before, trace, pictures, trees, after)`: hands a page over (`trace` the trace's JSON
    ///   without its pictures and trees, `pictures` PNG byte strings or the numbers `snapshot` gave, `trees` JSON
    ///   texts); returns at once unless `backlogLimit` pages wait already;
    /// - `flush_traces()`: waits until every page is written; returns `{path, why}` for each that was not;
    /// - `abandon_traces()`: after a flush that was stopped, `{path, why}` for each page not written, at once.
    func functions(pictures: TracePictures) -> [String: LuaFunction] {
        [
            "write_trace": { [self] args in
                let path = try args.string(1, expected: "the trace file's path")
                guard !path.isEmpty else { throw args.badArgument(1, "the trace file's path is empty") }
                let sources = try args.table(4, expected: "list of pictures").array.enumerated().map {
                    i, value -> TracePictures.Source in
                    if let bytes = value.byteArray { return .png(bytes) }
                    guard case .integer(let number) = value, let source = pictures.source(Int(number)) else {
                        throw args.badArgument(
                            4, "picture \(i + 1) is \(value), neither PNG bytes nor the number of a picture kept")
                    }
                    return source
                }
                let trees = try args.table(5, expected: "list of JSON texts").array.enumerated().map { i, value in
                    guard let bytes = value.byteArray else {
                        throw args.badArgument(5, "tree \(i + 1) is a \(value.typeName), not a JSON text")
                    }
                    return bytes
                }
                try write(Page(
                    path: path, before: try args.bytes(2), trace: try args.bytes(3), pictures: sources, trees: trees,
                    after: try args.bytes(6), drawings: pictures.drawings))
                return .none
            },
            "flush_traces": { [self] args in args.result(Self.table(try flush())) },
            "abandon_traces": { [self] args in args.result(Self.table(abandon())) },
        ]
    }
}

extension TraceWriter {
    /// `{path, why}` tables, as the Lua side reads failures.
    fileprivate static func table(_ failures: [(path: String, why: String)]) -> LuaValue {
        var list = LuaTable()
        for failure in failures {
            var entry = LuaTable()
            entry["path"] = .string(failure.path)
            entry["why"] = .string(failure.why)
            list.array.append(.table(entry))
        }
        return .table(list)
    }
}

extension LuaValue {
    /// A string's bytes as Lua holds them (valid UTF-8 or not); nil for anything else.
    fileprivate var byteArray: [UInt8]? {
        switch self {
        case .string(let text): return Array(text.utf8)
        case .bytes(let bytes): return bytes
        default: return nil
        }
    }
}
