import Foundation
import HTTPCore
import Testing

/// `fscript mock` end to end: prints its URL, answers from mapping files, stops cleanly on Ctrl-C.
@Suite struct MockCommandTests {
    @Test func servesMappingsAndStopsOnCtrlC() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/mappings", withIntermediateDirectories: true)
        try #"{"request": {"method": "GET", "urlPath": "/api/ping"}, "response": {"status": 200, "body": "pong"}}"#
            .write(toFile: directory + "/mappings/ping.json", atomically: true, encoding: .utf8)
        let child = try FScriptProcess(["mock", "--port", "0", "--mappings", directory])
        #expect(child.stdout.wait(for: "\n", timeout: 20))
        let url = child.stdout.text.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(url.hasPrefix("http://127.0.0.1:"))
        let client = HTTPClient(reuseConnections: false)
        defer { client.shutdown() }
        #expect(try client.send(.init(url: url + "/api/ping")).bodyText == "pong")
        #expect(try client.send(.init(url: url + "/api/other")).status == 404)
        kill(child.process.processIdentifier, SIGINT)
        let result = child.finish(timeout: 10)
        #expect(result.status == 0)
        #expect(result.stderr == "loaded 1 stubs from \(directory)\nmock stopped after 2 requests\n")
    }

    @Test func badMappingsAreAUsageError() throws {
        let result = try runFScript(["mock", "--mappings", "/nonexistent/mappings"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("fscript: cannot load the mappings in /nonexistent/mappings: "))
    }
}
