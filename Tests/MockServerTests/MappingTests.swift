import Foundation
import HTTPCore
import Testing

@testable import MockServer

@Suite struct MappingTests {
    /// A WireMock root as WireMock itself would read it: `mappings/` and `__files/`.
    private func writeRoot(_ mappings: [String: String], files: [String: String] = [:]) throws -> URL {
        let root = try temporaryDirectory()
        let folder = root.appendingPathComponent("mappings")
        let bodies = root.appendingPathComponent("__files")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: bodies, withIntermediateDirectories: true)
        for (name, text) in mappings {
            let file = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        for (name, text) in files { try Data(text.utf8).write(to: bodies.appendingPathComponent(name)) }
        return root
    }

    /// WireMock reads mappings in subfolders too; they were skipped ("loaded 0 stubs").
    @Test func mappingsInSubfoldersLoad() throws {
        let root = try writeRoot([
            "users/list.json": #"{"request": {"method": "GET", "urlPath": "/users"}, "response": {"body": "users"}}"#,
            "users/admin/one.json": #"{"request": {"method": "GET", "urlPath": "/users/1"}, "response": {"body": "one"}}"#,
            "top.json": #"{"request": {"method": "GET", "urlPath": "/top"}, "response": {"body": "top"}}"#,
        ])
        let mock = try MockServer.start()
        defer { mock.stop() }
        let stubs = try mock.load(directory: root.path)
        #expect(stubs.count == 3)
        #expect(Set(mock.stubs.map(\.summary)).count == 3)
    }

    @Test func loadsWireMockMappingsUnchanged() throws {
        let root = try writeRoot(
            [
                "login.json": """
                {
                  "request": {
                    "method": "POST", "urlPath": "/api/login",
                    "headers": {"Content-Type": {"contains": "json"}},
                    "bodyPatterns": [{"equalToJson": {"user": "alice"}, "ignoreExtraElements": true}]
                  },
                  "response": {"status": 200, "jsonBody": {"token": "t1"}, "headers": {"X-Mock": "yes"}}
                }
                """,
                "items.json": """
                {"mappings": [
                  {"request": {"method": "GET", "urlPathPattern": "/api/items/[0-9]+"},
                   "response": {"status": 200, "bodyFileName": "item.json", "fixedDelayMilliseconds": 20}},
                  {"priority": 1, "request": {"method": "ANY", "url": "/api/items?page=2"},
                   "response": {"status": 200, "body": "page two"}},
                  {"request": {"method": "GET", "urlPattern": "/search\\\\?q=.*",
                               "queryParameters": {"q": {"matches": "[a-z]+"}, "debug": {"absent": true}}},
                   "response": {"status": 200, "base64Body": "aGk="}},
                  {"request": {"method": "GET", "url": "/broken"}, "response": {"fault": "CONNECTION_RESET_BY_PEER"}},
                  {"request": {"method": "GET", "url": "/empty"}, "response": {"fault": "EMPTY_RESPONSE"}},
                  {"request": {"method": "GET", "url": "/garbage"}, "response": {"fault": "RANDOM_DATA_THEN_CLOSE"}},
                  {"request": {"method": "GET", "url": "/chunk"}, "response": {"fault": "MALFORMED_RESPONSE_CHUNK"}}
                ]}
                """,
                "scenario.json": """
                [
                  {"scenarioName": "todo", "requiredScenarioState": "Started", "newScenarioState": "Done",
                   "request": {"method": "POST", "urlPath": "/todo", "bodyPatterns": [{"contains": "milk"}]},
                   "response": {"status": 201}},
                  {"scenarioName": "todo", "requiredScenarioState": "Done",
                   "request": {"method": "GET", "urlPath": "/todo"}, "response": {"body": "milk"}}
                ]
                """,
            ],
            files: ["item.json": #"{"name":"apple"}"#]
        )
        defer { try? FileManager.default.removeItem(at: root) }
        let harness = try MockHarness()
        #expect(try harness.mock.load(directory: root.path).count == 10)

        let login = try harness.send(
            "POST", "/api/login", headers: [("Content-Type", "application/json")], body: #"{"user":"alice","pw":"x"}"#
        )
        #expect(login.text == #"{"token":"t1"}"#)
        #expect(login.header("X-Mock") == "yes")
        #expect(try harness.send("GET", "/api/items/7").text == #"{"name":"apple"}"#)
        #expect(try harness.send("DELETE", "/api/items?page=2").text == "page two")
        #expect(try harness.send("GET", "/search?q=swift").text == "hi")
        #expect(try harness.send("GET", "/search?q=swift&debug=1").status == 404)
        #expect(harness.failure("GET", "/broken") == .connectionReset)
        #expect(harness.failure("GET", "/empty") == .closedBeforeResponse)
        for path in ["/garbage", "/chunk"] {
            guard case .malformedResponse = harness.failure("GET", path) else {
                Issue.record("\(path) should answer garbage")
                continue
            }
        }
        #expect(try harness.send("GET", "/todo").status == 404)
        #expect(try harness.send("POST", "/todo", body: "buy milk").status == 201)
        #expect(try harness.send("GET", "/todo").text == "milk")
    }

    @Test(arguments: [
        (#"{"request": {"method": 5}}"#, "mappings/bad.json: request.method: expected a string, got a number"),
        (#"{"request": 5}"#, "mappings/bad.json: request: expected an object, got a number"),
        ("{nope", "mappings/bad.json: not valid JSON: JSON error at line 1, column 2 (byte 1): expected a string key, found 'n'"),
        (
            #"{"mappings": [{"request": {"url": "/a", "urlPath": "/a"}}]}"#,
            "mappings/bad.json: mappings[0].request.urlPath: only one of url, urlPath, urlPattern, urlPathPattern, "
                + "urlPathTemplate may be given"
        ),
        (
            #"{"request": {"url": "/a", "multipartPatterns": []}}"#,
            "mappings/bad.json: request.multipartPatterns: unknown key 'multipartPatterns' (known: basicAuthCredentials, "
                + "bodyPatterns, cookies, customMatcher, formParameters, headers, host, method, pathParameters, port, "
                + "queryParameters, scheme, url, urlPath, urlPathPattern, urlPathTemplate, urlPattern)"
        ),
        (
            #"{"request": {"url": "/a", "headers": {"Accept": {"equalToXml": "x"}}}}"#,
            "mappings/bad.json: request.headers.Accept.equalToXml: not well-formed XML (line 1: Start tag "
                + "expected, '<' not found)"
        ),
        (
            #"{"request": {"url": "/a"}, "response": {"fault": "BOOM"}}"#,
            "mappings/bad.json: response.fault: unknown fault BOOM (known: CONNECTION_RESET_BY_PEER, EMPTY_RESPONSE, "
                + "MALFORMED_RESPONSE_CHUNK, RANDOM_DATA_THEN_CLOSE)"
        ),
        (
            #"{"request": {"url": "/a"}, "response": {"bodyFileName": "none.json"}}"#,
            "mappings/bad.json: response.bodyFileName: no file none.json in <files>"
        ),
        (
            #"{"request": {"url": "/a"}, "response": {"bodyFileName": "../../../../../../etc/passwd"}}"#,
            "mappings/bad.json: response.bodyFileName: ../../../../../../etc/passwd is outside <files> (it resolves "
                + "to /etc/passwd); body files must be inside __files"
        ),
        (
            #"{"request": {"url": "/a"}, "response": {"fixedDelayMilliseconds": 1e300}}"#,
            "mappings/bad.json: response.fixedDelayMilliseconds: expected a number of milliseconds from 0 to "
                + "86400000 (a day), got 1e+300"
        ),
        (
            #"{"request": {"url": "/a", "headers": {"Accept": {"equalTo": "a", "caseInsensitve": true}}}}"#,
            "mappings/bad.json: request.headers.Accept.caseInsensitve: unknown key 'caseInsensitve'; did you mean "
                + "'caseInsensitive'?"
        ),
        (
            #"{"request": {"url": "/a", "bodyPatterns": [{"equalToJson": {}, "ignoreExtraElement": true}]}}"#,
            "mappings/bad.json: request.bodyPatterns[0].ignoreExtraElement: unknown key 'ignoreExtraElement'; did you "
                + "mean 'ignoreExtraElements'?"
        ),
        (
            #"{"request": {"url": "/a", "queryParameters": {"q": {"contains": "a", "equalTo": "b"}}}}"#,
            "mappings/bad.json: request.queryParameters.q.contains: only one of equalTo, contains, doesNotContain, "
                + "matches, doesNotMatch, absent may be given"
        ),
        (
            #"{"request": {"url": "/a", "headers": {"X": {"matches": "("}}}}"#,
            "mappings/bad.json: request.headers.X.matches: invalid regular expression: ("
        ),
        (
            #"{"request": {"url": "/a"}, "respons": {}}"#,
            "mappings/bad.json: respons: unknown key 'respons'; did you mean 'response'?"
        ),
        (
            #"{"request": {"urlPathPattern": "("}}"#,
            "mappings/bad.json: request.urlPathPattern: invalid regular expression: ("
        ),
    ])
    func mappingErrorsNameTheFileAndField(json: String, message: String) throws {
        let root = try writeRoot(["good.json": #"{"request": {"url": "/ok"}}"#, "bad.json": json])
        defer { try? FileManager.default.removeItem(at: root) }
        let mock = try MockServer.start()
        defer { mock.stop() }
        let files = root.appendingPathComponent("__files").path
        let expected = message.replacingOccurrences(of: "<files>", with: files)
        #expect(errorText { try mock.load(directory: root.path) } == expected)
        // All or nothing: the good file next to the bad one added no stub.
        #expect(mock.stubs.isEmpty)
    }

    /// Unknown keys are errors, so the keys of WireMock's own exports that change nothing here must still load.
    @Test func wireMockExportsWithTheirBookkeepingKeysLoad() throws {
        let export = #"""
            {"mappings": [{"id": "8c5db8b0-2db4-4ad7-a99f-38c9b00da3f7", "uuid": "8c5db8b0-2db4-4ad7-a99f-38c9b00da3f7",
              "name": "export", "persistent": true, "insertionIndex": 3, "metadata": {"team": "a"},
              "postServeActions": [], "serveEventListeners": [], "priority": 1,
              "request": {"method": "GET", "urlPath": "/export"}, "response": {"status": 200, "body": "exported"}}],
             "meta": {"total": 1}}
            """#
        let root = try writeRoot(["export.json": export])
        defer { try? FileManager.default.removeItem(at: root) }
        let harness = try MockHarness()
        #expect(try harness.mock.load(directory: root.path).count == 1)
        #expect(try harness.send("GET", "/export").text == "exported")
    }

    @Test func flatDirectoryOfMappingFiles() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try Data(#"{"request": {"method": "GET", "url": "/flat"}, "response": {"body": "flat"}}"#.utf8)
            .write(to: root.appendingPathComponent("one.json"))
        let harness = try MockHarness()
        try harness.mock.load(directory: root.path)
        #expect(try harness.send("GET", "/flat").text == "flat")
    }
}
