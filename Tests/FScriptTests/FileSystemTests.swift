import Foundation
import Testing

@testable import FScript

/// FileSystem's two promises for files an input names and files fscript writes: a named file is read only when
/// it is a regular file under its limit (never /proc, a device or a FIFO, which would leak, never end or block),
/// and a written file is whole or absent, with no temporary file left beside it.
@Suite struct FileSystemTests {
    private func folder() throws -> String {
        let path = NSTemporaryDirectory() + "fscript-fs-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test(arguments: ["/proc/self/environ", "/dev/zero", "/dev/null", "/"])
    func aNamedFileThatIsNoRegularFileIsRefused(path: String) {
        #expect(throws: FrankError.self) { try FileSystem.readBounded(path, limit: 1 << 20, what: "trace") }
    }

    @Test func aFifoIsRefusedWithoutWaitingForAWriter() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fifo = dir + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let error = #expect(throws: FrankError.self) { try FileSystem.readBounded(fifo, limit: 10, what: "trace") }
        #expect(error?.description == "the trace \(fifo) is not a regular file; name a file")
    }

    @Test func aFileOverItsLimitIsRefused() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/big"
        #expect(FileSystem.writeFile(file, Array(repeating: 65, count: 11)) == nil)
        #expect(try FileSystem.readBounded(file, limit: 11, what: "trace").count == 11)
        let error = #expect(throws: FrankError.self) { try FileSystem.readBounded(file, limit: 10, what: "trace") }
        #expect(error?.description == "the trace \(file) is 11 bytes, over the limit of 10")
    }

    @Test func aFileIsReplacedWholeAndNoTemporaryFileIsLeft() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(FileSystem.writeFile(dir + "/r.xml", Array("old".utf8)) == nil)
        #expect(FileSystem.writeFile(dir + "/r.xml", Array("new".utf8)) == nil)
        #expect(FileManager.default.contents(atPath: dir + "/r.xml") == Data("new".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["r.xml"])
        #expect(FileSystem.writeFile(dir + "/missing/r.xml", []) == "cannot write \(dir)/missing/r.xml (No such file or directory)")
        #expect(FileSystem.writeFile(dir, []) == "cannot write \(dir) (Is a directory)")
    }
}
