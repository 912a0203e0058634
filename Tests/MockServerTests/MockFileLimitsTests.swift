import Foundation
import HTTPCore
import Testing

@testable import MockServer

/// Every file the mock reads because a mapping, a stub or a request names it is a regular file under its limit,
/// read with a bound (issue 41): a mapping file or a body file that is a FIFO blocked the load or the request for
/// good, one that is a link to `/dev/zero` read until memory ran out, and a link to a `/proc` entry was read as if
/// it were a mapping. Each is now an error naming the file.
@Suite struct MockFileLimitsTests {
    /// A WireMock root with `mappings/` and `__files/`.
    private static func root() throws -> URL {
        let root = try temporaryDirectory()
        for folder in ["mappings", "__files"] {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        return root
    }

    private static func fifo(_ url: URL) throws {
        guard mkfifo(url.path, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    /// What `body` threw, or a note that it did not end within the bound (the old code blocked on a FIFO for good:
    /// a writer is then opened and closed, so the reader sees the end and the test goes on).
    private static func loadError(_ root: URL, unblocking fifo: URL? = nil, _ load: @escaping @Sendable () throws -> Void)
        -> String
    {
        let outcome = LockedBox<String?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread {
            do {
                try load()
                outcome.set("loaded without an error")
            } catch {
                outcome.set("\(error)")
            }
            done.signal()
        }.start()
        guard done.wait(timeout: .now() + 30) == .success else {
            if let fifo { close(open(fifo.path, O_WRONLY | O_NONBLOCK)) }
            _ = done.wait(timeout: .now() + 30)
            return "still reading after 30 s"
        }
        return outcome.get() ?? ""
    }

    @Test(arguments: ["fifo", "dev-zero", "proc"])
    func aMappingFileThatIsNoRegularFileIsAnErrorNamingIt(kind: String) throws {
        let root = try Self.root()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("mappings/x.json")
        switch kind {
        case "fifo": try Self.fifo(file)
        case "dev-zero": try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: "/dev/zero")
        default: try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: "/proc/self/status")
        }
        let mock = try MockServer.start()
        defer { mock.stop() }
        let error = Self.loadError(root, unblocking: file) { _ = try mock.load(directory: root.path) }
        #expect(error == "mappings/x.json: not a regular file (a FIFO, a device, a socket or a /proc entry, or a link "
            + "to one); mapping files must be ordinary JSON files")
        #expect(mock.stubs.isEmpty)
    }

    @Test func aMappingFileOverTheLimitIsRefused() throws {
        let root = try Self.root()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("mappings/big.json")
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: UInt64(MappingLoader.fileLimit + 1))  // sparse: no disk is used
        try handle.close()
        let error = Self.loadError(root) { _ = try MappingLoader.load(directory: root.path) }
        #expect(error == "mappings/big.json: \(MappingLoader.fileLimit + 1) bytes, over the limit of "
            + "\(MappingLoader.fileLimit) for a mapping file; split it into several files")
    }

    @Test func aBodyFileNameThatIsAFIFOFailsTheLoad() throws {
        let root = try Self.root()
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.fifo(root.appendingPathComponent("__files/pipe.json"))
        try Data(#"{"request": {"urlPath": "/p"}, "response": {"bodyFileName": "pipe.json"}}"#.utf8)
            .write(to: root.appendingPathComponent("mappings/p.json"))
        let error = Self.loadError(root) { _ = try MappingLoader.load(directory: root.path) }
        #expect(error.hasPrefix("mappings/p.json: response.bodyFileName: pipe.json in "), "\(error)")
        #expect(error.hasSuffix("is not a regular file (a FIFO, a device or a socket); body files must be ordinary files"))
    }

    /// A body file that became a FIFO after the load, a stub's own `file` naming `/dev/zero`, and a FIFO served from
    /// `__files` (for an unmatched GET and through the admin API): each a prompt 500 naming it.
    @Test func aBodyFileThatIsNoRegularFileAnswersA500NamingIt() throws {
        let root = try Self.root()
        defer { try? FileManager.default.removeItem(at: root) }
        let body = root.appendingPathComponent("__files/later.json")
        try Data("{}".utf8).write(to: body)
        try Data(#"{"request": {"urlPath": "/later"}, "response": {"bodyFileName": "later.json"}}"#.utf8)
            .write(to: root.appendingPathComponent("mappings/later.json"))
        let harness = try MockHarness()
        try harness.mock.load(directory: root.path)
        try FileManager.default.removeItem(at: body)
        try Self.fifo(body)
        try Self.fifo(root.appendingPathComponent("__files/served"))
        try harness.mock.stub(.init(method: "GET", path: "/zero"), ResponseDefinition(body: .file("/dev/zero")))
        let limit = BodyFile.limit
        let real = try #require(realpath(body.path, nil).map { String(cString: $0) })
        for (path, expected) in [
            ("/later", "mock: the body file \(real) is not a regular file; name a file; a body file must be a regular "
                + "file of at most \(limit) bytes\n"),
            ("/zero", "mock: the body file /dev/zero is not a regular file; name a file; a body file must be a regular "
                + "file of at most \(limit) bytes\n"),
            ("/served", "mock: the body file \(root.path)/__files/served is not a regular file; name a file; a body "
                + "file must be a regular file of at most \(limit) bytes\n"),
        ] {
            let answer = try harness.send("GET", path, timeout: .seconds(30))
            #expect(answer.status == 500, "\(path)")
            #expect(answer.text == expected)
        }
        let admin = try harness.send("GET", "/__admin/files/served", timeout: .seconds(30))
        #expect(admin.status == 500)
        #expect(admin.text.contains("the body file \(root.path)/__files/served is not a regular file"), "\(admin.text)")
    }
}
