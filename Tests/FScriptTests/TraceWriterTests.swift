import Foundation
import Testing

@testable import FScript

/// Trace pages written on the writer's own thread: the page as the viewer reads it, its data safe inside
/// `<script>`, its folder created, and a page that cannot be written reported by `flush` with the reason.
@Suite struct TraceWriterTests {
    private func folder() throws -> String {
        let path = NSTemporaryDirectory() + "fscript-trace-writer-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func writesThePageWithItsDataSafeInsideScriptAndCreatesTheFolder() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let writer = TraceWriter()
        let path = root + "/login/wrong_password/trace.html"
        try writer.write(TraceWriter.Page(
            path: path, before: Array("<p>".utf8), trace: Array(#"{"error":"</script><!-- x"}"#.utf8),
            pictures: [.png([0x89, 0x50, 0x4E, 0x47]), .png([])], trees: [Array(#"{"class":"A"}"#.utf8)],
            after: Array("</p>".utf8), drawings: BackgroundDrawings()))
        #expect(try writer.flush().isEmpty)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            text == #"<p>{"trace":{"error":"<\/script><\u0021-- x"},"pictures":["iVBORw==",""],"#
                + #""trees":[{"class":"A"}]}</p>"#)
        // The escapes are the same JSON: the data reads back as written.
        let data = text.dropFirst(3).dropLast(4)
        let decoded = try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any]
        #expect((decoded?["trace"] as? [String: Any])?["error"] as? String == "</script><!-- x")
    }

    @Test func aPageThatCannotBeWrittenIsReportedWithItsReasonOnce() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(FileManager.default.createFile(atPath: root + "/file", contents: Data()))
        let writer = TraceWriter()
        let path = root + "/file/scenario/trace.html"
        try writer.write(TraceWriter.Page(
            path: path, before: [], trace: Array("{}".utf8), pictures: [], trees: [], after: [],
            drawings: BackgroundDrawings()))
        let failed = try writer.flush()
        #expect(failed.count == 1)
        #expect(failed.first?.path == path)
        #expect(failed.first?.why.contains("is not a directory") == true)
        #expect(try writer.flush().isEmpty, "a failure is reported once")
    }

    @Test func scriptSafetyLeavesOtherTextAlone() {
        var out: [UInt8] = []
        TraceWriter.appendScriptSafe(Array("a<b <!- <!-- </ <".utf8), to: &out)
        #expect(String(decoding: out, as: UTF8.self) == #"a<b <!- <\u0021-- <\/ <"#)
    }
}
