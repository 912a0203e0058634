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

    /// WireMock's flag names: one given with fscript's own name too, one whose meaning the mock lacks, and one that
    /// needs another are usage errors (exit 2) that say why, in argument-parser's shape.
    @Test(arguments: [
        (["--root-dir", "/a", "--mappings", "/b"], "Error: --root-dir is WireMock's name for --mappings: give one of them"),
        (["--proxy-all", "http://127.0.0.1:9", "--proxy", "http://127.0.0.1:9"],
         "Error: --proxy-all is WireMock's name for --proxy: give one of them"),
        (["--record-mappings"], "Error: --record-mappings records what --proxy-all forwards: give --proxy-all URL too"),
        (["--max-request-journal-entries", "0"], "Error: --max-request-journal-entries must be from 1 to 10000000, got 0"),
        (["--proxy-via", "proxy:3128"], "Error: --proxy-via is WireMock's, and fscript mock does not have its meaning: "
            + "the mock reaches --proxy-all's backend directly, never through another proxy"),
        (["--admin-api-require-https"], "Error: --admin-api-require-https is WireMock's, and fscript mock does not have "
            + "its meaning: the admin API is served where the stubs are"),
    ])
    func wireMockFlagMistakesAreUsageErrors(arguments: [String], message: String) throws {
        let result = try runFScript(["mock", "--port", "0"] + arguments)
        #expect(result.status == 2)
        #expect(result.stderr.components(separatedBy: "\n").first == message, "\(result.stderr)")
    }
}
