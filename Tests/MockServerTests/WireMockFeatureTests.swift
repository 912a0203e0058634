#if canImport(Glibc)
import Glibc
#endif
import Foundation
import HTTPCore
import Testing

@testable import MockServer

/// The WireMock features teams rely on, each against a real mock over HTTP: delay distributions, the malformed
/// chunk fault as WireMock sends it, template braces left alone in mappings, and a transformer fscript lacks refused
/// at load rather than ignored.
@Suite struct WireMockFeatureTests {
    private func load(_ mapping: String) throws -> MockHarness {
        let root = try temporaryDirectory()
        let folder = root.appendingPathComponent("mappings")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(mapping.utf8).write(to: folder.appendingPathComponent("m.json"))
        let harness = try MockHarness()
        _ = try harness.mock.load(directory: root.path)
        return harness
    }

    private func loadError(_ mapping: String) -> String {
        errorText { _ = try load(mapping) }
    }

    @Test func uniformDelayDistributionStaysInItsBounds() throws {
        let harness = try load(#"""
            {"request": {"urlPath": "/slow"},
             "response": {"body": "ok", "delayDistribution": {"type": "uniform", "lower": 40, "upper": 80}}}
            """#)
        for _ in 0..<3 {
            let started = Date()
            #expect(try harness.send("GET", "/slow").text == "ok")
            let elapsed = Date().timeIntervalSince(started)
            #expect(elapsed >= 0.04, "answered after \(elapsed) s")
        }
        let samples = (0..<1000).map { _ in DelayDistribution.uniform(lower: 0.04, upper: 0.08).sample() }
        #expect(samples.allSatisfy { $0 >= 0.04 && $0 <= 0.08 })
        #expect(Set(samples).count > 900, "the delays vary")
    }

    @Test func lognormalDelayDistributionCentresOnItsMedian() throws {
        let harness = try load(#"""
            {"request": {"urlPath": "/net"},
             "response": {"delayDistribution": {"type": "lognormal", "median": 20, "sigma": 0.1}}}
            """#)
        #expect(try harness.send("GET", "/net").status == 200)
        let samples = (0..<2001).map { _ in DelayDistribution.lognormal(median: 0.02, sigma: 0.4).sample() }.sorted()
        #expect(abs(samples[1000] - 0.02) < 0.003, "median \(samples[1000])")
        #expect(samples.first! > 0)
    }

    @Test(arguments: [
        (#"{"type": "gaussian"}"#, "delayDistribution.type: 'gaussian': expected lognormal or uniform"),
        (#"{"type": "uniform", "lower": 90, "upper": 10}"#, "delayDistribution: lower (90.0 ms) is above upper (10.0 ms)"),
        (#"{"type": "lognormal", "median": 10}"#, "delayDistribution.sigma: expected a number from 0 to 10, got nothing"),
        (#"{"type": "uniform", "lower": 1, "upper": 2, "mean": 3}"#, "delayDistribution.mean: unknown key 'mean'"),
    ])
    func badDelayDistributionsNameTheField(spec: String, message: String) {
        let error = loadError(#"{"request": {"urlPath": "/x"}, "response": {"delayDistribution": \#(spec)}}"#)
        #expect(error.contains("mappings/m.json: response.\(message)"), "\(error)")
    }

    /// WireMock's MALFORMED_RESPONSE_CHUNK: a good status line and chunked headers, then a broken chunk.
    @Test func malformedResponseChunkStartsAsHTTPAndBreaksInTheBody() throws {
        let harness = try load(#"{"request": {"urlPath": "/chunk"}, "response": {"fault": "MALFORMED_RESPONSE_CHUNK"}}"#)
        let answer = try rawRequest(port: harness.mock.port, "GET /chunk HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(answer.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(answer)")
        #expect(answer.contains("Transfer-Encoding: chunked\r\n\r\n"))
        guard case .malformedResponse = harness.failure("GET", "/chunk") else {
            Issue.record("a client must fail reading the body")
            return
        }
    }

    /// Under urlPathTemplate WireMock leaves `{{id}}` as written (only response templating renders it); fscript's
    /// own path_template stubs do put the captured value in.
    @Test func templateBracesStayLiteralInMappings() throws {
        let harness = try load(#"{"request": {"urlPathTemplate": "/items/{id}"}, "response": {"body": "item {{id}}"}}"#)
        #expect(try harness.send("GET", "/items/7").text == "item {{id}}")
        try harness.mock.stub(.init(method: "GET", url: .pathTemplate("/own/{id}")), .text("own {{id}}"))
        #expect(try harness.send("GET", "/own/7").text == "own 7")
    }

    /// equalToJson with WireMock's options and json-unit placeholders, as mapping files write them.
    @Test(arguments: [
        (#"{"equalToJson": {"ids": [1, 2, 3]}, "ignoreArrayOrder": true}"#, #"{"ids":[3,1,2]}"#, #"{"ids":[3,1]}"#),
        (#"{"equalToJson": {"ids": [1, 2]}, "ignoreArrayOrder": true, "ignoreExtraElements": true}"#,
         #"{"ids":[9,2,1],"more":true}"#, #"{"ids":[2,2]}"#),
        (#"{"equalToJson": {"items": [{"id": 1}]}, "ignoreExtraElements": true}"#,
         #"{"items":[{"id":1,"name":"a"},{"id":2}],"page":1}"#, #"{"items":[{"id":2},{"id":1}]}"#),
        (#"{"equalToJson": {"items": [1, 2]}}"#, #"{"items":[1,2]}"#, #"{"items":[1,2,3]}"#),
        (#"{"equalToJson": {"id": "${json-unit.any-string}", "n": "${json-unit.any-number}", "ok": "${json-unit.any-boolean}"}}"#,
         #"{"id":"x7","n":2.5,"ok":false}"#, #"{"id":7,"n":2.5,"ok":false}"#),
        (#"{"equalToJson": {"token": "${json-unit.ignore}", "user": "alice"}}"#,
         #"{"token":[1,{"a":null}],"user":"alice"}"#, #"{"user":"alice"}"#),
        (#"{"equalToJson": {"trace": "${json-unit.ignore-element}", "user": "alice"}}"#,
         #"{"user":"alice"}"#, #"{"user":"bob"}"#),
        (#"{"equalToJson": {"code": "${json-unit.regex}[A-Z]{3}-[0-9]+"}}"#, #"{"code":"ABC-42"}"#, #"{"code":"abc-42"}"#),
    ])
    func equalToJsonOptionsAndPlaceholders(pattern: String, matching: String, notMatching: String) throws {
        let harness = try load(#"{"request": {"method": "POST", "urlPath": "/j", "bodyPatterns": [\#(pattern)]}, "response": {"body": "ok"}}"#)
        #expect(try harness.send("POST", "/j", body: matching).text == "ok", "\(matching)")
        #expect(try harness.send("POST", "/j", body: notMatching).status == 404, "\(notMatching)")
    }

    /// urlPathTemplate with pathParameters: the template matches, then each named segment must fit its matcher.
    @Test func pathParametersConstrainTheTemplate() throws {
        let harness = try load(#"""
            {"request": {"method": "GET", "urlPathTemplate": "/users/{id}/posts/{slug}",
                         "pathParameters": {"id": {"matches": "[0-9]+"}, "slug": {"doesNotMatch": "draft-.*"}}},
             "response": {"body": "post"}}
            """#)
        #expect(try harness.send("GET", "/users/7/posts/hello").text == "post")
        let miss = try harness.send("GET", "/users/alice/posts/hello")
        #expect(miss.status == 404)
        #expect(miss.text.contains("path parameter id"), "\(miss.text)")
        #expect(try harness.send("GET", "/users/7/posts/draft-1").status == 404)
        let error = loadError(#"{"request": {"urlPathTemplate": "/u/{id}", "pathParameters": {"name": {"equalTo": "x"}}}, "response": {}}"#)
        #expect(error.contains("request.pathParameters.name: the urlPathTemplate /u/{id} has no {name}"), "\(error)")
        let without = loadError(#"{"request": {"urlPath": "/u/1", "pathParameters": {"id": {"equalTo": "1"}}}, "response": {}}"#)
        #expect(without.contains("request.pathParameters: needs a urlPathTemplate"), "\(without)")
    }

    /// String matchers WireMock users write: caseInsensitive, doesNotMatch, absent, and `and` / `or` of them.
    @Test func compositeAndNegatedStringMatchers() throws {
        let harness = try load(#"""
            {"request": {"method": "GET", "urlPath": "/search",
                         "queryParameters": {
                           "q": {"and": [{"matches": "[a-z]+"}, {"doesNotMatch": "admin"}]},
                           "sort": {"or": [{"equalTo": "asc"}, {"equalTo": "DESC", "caseInsensitive": true}]},
                           "debug": {"absent": true}}},
             "response": {"body": "found"}}
            """#)
        #expect(try harness.send("GET", "/search?q=milk&sort=asc").text == "found")
        #expect(try harness.send("GET", "/search?q=milk&sort=desc").text == "found")
        #expect(try harness.send("GET", "/search?q=admin&sort=asc").status == 404)
        #expect(try harness.send("GET", "/search?q=milk&sort=up").status == 404)
        #expect(try harness.send("GET", "/search?q=milk&sort=asc&debug=1").status == 404)
        let error = loadError(#"{"request": {"queryParameters": {"q": {"or": []}}}, "response": {}}"#)
        #expect(error.contains("request.queryParameters.q.or: expected a non-empty array of matchers"), "\(error)")
    }

    /// matchesJsonPath: a bare expression matches when it selects something; with a matcher, something it
    /// selects must fit.
    @Test(arguments: [
        (#"{"matchesJsonPath": "$.items[?(@.qty > 1)]"}"#, #"{"items":[{"qty":1},{"qty":3}]}"#, #"{"items":[{"qty":1}]}"#),
        (#"{"matchesJsonPath": "$.user.email"}"#, #"{"user":{"email":"a@b"}}"#, #"{"user":{"name":"a"}}"#),
        (#"{"matchesJsonPath": {"expression": "$.user.name", "equalTo": "Tom"}}"#, #"{"user":{"name":"Tom"}}"#,
         #"{"user":{"name":"Tim"}}"#),
        (#"{"matchesJsonPath": {"expression": "$..id", "matches": "[0-9]+"}}"#, #"{"a":{"b":[{"id":"x"},{"id":"42"}]}}"#,
         #"{"a":{"b":[{"id":"x"}]}}"#),
        (#"{"matchesJsonPath": {"expression": "$.tags[*]", "contains": "urgent"}}"#, #"{"tags":["new","urgent!"]}"#,
         #"{"tags":["new"]}"#),
        (#"{"matchesJsonPath": "$.items[-1][?(@.state == 'done')]"}"#, #"{"items":[{"state":"open"},{"state":"done"}]}"#,
         #"{"items":[{"state":"done"},{"state":"open"}]}"#),
        (#"{"matchesJsonPath": "$['first name']"}"#, #"{"first name":"Ann"}"#, #"{"first_name":"Ann"}"#),
        (#"{"matchesJsonPath": "$.items[?(@.sku =~ /AB-[0-9]+/)]"}"#, #"{"items":[{"sku":"AB-12"}]}"#, #"{"items":[{"sku":"AB-x"}]}"#),
    ])
    func matchesJsonPath(pattern: String, matching: String, notMatching: String) throws {
        let harness = try load(#"{"request": {"method": "POST", "urlPath": "/p", "bodyPatterns": [\#(pattern)]}, "response": {"body": "ok"}}"#)
        #expect(try harness.send("POST", "/p", body: matching).text == "ok", "\(matching)")
        #expect(try harness.send("POST", "/p", body: notMatching).status == 404, "\(notMatching)")
    }

    @Test func anUnsupportedJSONPathIsALoadError() {
        let error = loadError(#"{"request": {"bodyPatterns": [{"matchesJsonPath": "$.items[1:3]"}]}, "response": {}}"#)
        #expect(error.contains("unsupported JSONPath $.items[1:3]"), "\(error)")
    }

    @Test func equalToJsonOptionsAreChecked() {
        let error = loadError(#"{"request": {"bodyPatterns": [{"equalToJson": {}, "ignoreArrayOrder": "yes"}]}, "response": {}}"#)
        #expect(error.contains("request.bodyPatterns[0].ignoreArrayOrder: expected true or false"), "\(error)")
    }

    /// WireMock's chunkedDribbleDelay: the body leaves in pieces, the first at once, the last after the duration.
    /// The duration is long (2 s) so that a busy machine, late by a few hundred milliseconds, still sees pieces.
    @Test func chunkedDribbleDelaySendsTheBodyInPiecesOverTime() throws {
        let harness = try load(#"""
            {"request": {"urlPath": "/slow-body"},
             "response": {"body": "0123456789", "chunkedDribbleDelay": {"numberOfChunks": 5, "totalDuration": 2000}}}
            """#)
        let pieces = try timedRawRequest(
            port: harness.mock.port, "GET /slow-body HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        let whole = pieces.map(\.text).joined()
        #expect(whole.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(whole)")
        #expect(whole.contains("transfer-encoding: chunked\r\n") || whole.contains("Transfer-Encoding: chunked\r\n"))
        #expect(whole.hasSuffix("\r\n2\r\n01\r\n2\r\n23\r\n2\r\n45\r\n2\r\n67\r\n2\r\n89\r\n0\r\n\r\n")
            || whole.contains("2\r\n89\r\n0\r\n\r\n"), "\(whole)")
        #expect(pieces.count >= 4, "arrived in \(pieces.count) pieces")
        #expect(pieces[0].seconds < 1, "the head and first chunk come at once, not after half the duration")
        #expect(pieces.last!.seconds >= 1.98, "the last chunk after the whole duration: \(pieces.last!.seconds) s")
        #expect(try harness.send("GET", "/slow-body").text == "0123456789", "a client reads the whole body")
        let error = loadError(#"{"request": {"urlPath": "/x"}, "response": {"chunkedDribbleDelay": {"numberOfChunks": 0, "totalDuration": 5}}}"#)
        #expect(error.contains("response.chunkedDribbleDelay.numberOfChunks: expected a whole number from 1 to 10000, got 0"), "\(error)")
    }

    /// Cookies, basic auth, and body matchers WireMock mappings use: absent, doesNotContain, doesNotMatch.
    @Test func cookiesBasicAuthAndNegativeBodyMatchers() throws {
        let harness = try load(#"""
            {"mappings": [
              {"request": {"method": "GET", "urlPath": "/me",
                           "cookies": {"session": {"matches": "s-[0-9]+"}, "tracking": {"absent": true}},
                           "basicAuthCredentials": {"username": "ann", "password": "pw"}},
               "response": {"body": "me"}},
              {"request": {"method": "POST", "urlPath": "/ping", "bodyPatterns": [{"absent": true}]},
               "response": {"body": "empty"}},
              {"request": {"method": "POST", "urlPath": "/note",
                           "bodyPatterns": [{"doesNotContain": "secret"}, {"doesNotMatch": ".*[0-9]{4}.*"}],
                           "headers": {"X-Mode": {"doesNotContain": "debug"}}},
               "response": {"body": "noted"}}]}
            """#)
        let auth = ("Authorization", "Basic " + Data("ann:pw".utf8).base64EncodedString())
        #expect(try harness.send("GET", "/me", headers: [auth, ("Cookie", "theme=dark; session=s-42")]).text == "me")
        let wrongCookie = try harness.send("GET", "/me", headers: [auth, ("Cookie", "session=x")])
        #expect(wrongCookie.status == 404)
        #expect(wrongCookie.text.contains("cookie session"), "\(wrongCookie.text)")
        #expect(try harness.send("GET", "/me", headers: [auth, ("Cookie", "session=s-1; tracking=1")]).status == 404)
        #expect(try harness.send("GET", "/me", headers: [("Cookie", "session=s-1")]).status == 404, "no credentials")
        #expect(try harness.send("POST", "/ping").text == "empty")
        #expect(try harness.send("POST", "/ping", body: "x").status == 404)
        #expect(try harness.send("POST", "/note", headers: [("X-Mode", "quiet")], body: "buy milk").text == "noted")
        #expect(try harness.send("POST", "/note", headers: [("X-Mode", "quiet")], body: "a secret").status == 404)
        #expect(try harness.send("POST", "/note", headers: [("X-Mode", "quiet")], body: "pin 1234").status == 404)
        #expect(try harness.send("POST", "/note", headers: [("X-Mode", "debug")], body: "buy milk").status == 404)
    }

    /// `POST /__admin/shutdown` on a mock a script started stops that mock (fscript mock ends its process instead).
    @Test func adminShutdownStopsTheMock() throws {
        let harness = try MockHarness()
        #expect(try harness.send("POST", "/__admin/shutdown").status == 200)
        #expect(harness.mock.shutdownWasRequested)
        let deadline = Date().addingTimeInterval(5)
        while harness.failure("GET", "/__admin/health", timeout: .seconds(1)) == nil {
            guard Date() < deadline else {
                Issue.record("the mock still answers 5 s after the shutdown request")
                return
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    /// A status no status line can carry crashed the process on its first request (-1, -2^63) or went out as
    /// written (0, 1000); a 1xx cannot be an answer. Each is refused where the stub is added, with its path.
    @Test(arguments: [
        ("-1", "expected an HTTP status from 200 to 599, got -1"),
        ("-9223372036854775808", "expected an HTTP status from 200 to 599, got -9223372036854775808"),
        ("0", "expected an HTTP status from 200 to 599, got 0"), ("1000", "got 1000"), ("99999", "got 99999"),
        ("100", "100 is an interim status (1xx)"),
    ])
    func statusesOutsideHTTPAreRefusedWithTheirPath(status: String, message: String) {
        let error = loadError(#"{"request": {"urlPath": "/x"}, "response": {"status": \#(status), "body": "x"}}"#)
        #expect(error.contains("mappings/m.json: response.status: ") && error.contains(message), "\(error)")
    }

    /// A 204 or 304 with a body in its stub sends no body bytes: on a kept-alive connection they would be read as
    /// the start of the next response, and the second request below would get garbage.
    @Test(arguments: [204, 304])
    func bodilessStatusesCarryNoBody(status: Int) throws {
        let harness = try load(#"""
            {"mappings": [{"request": {"urlPath": "/empty"}, "response": {"status": \#(status), "body": "not on the wire"}},
             {"request": {"urlPath": "/next"}, "response": {"status": 200, "body": "next"}}]}
            """#)
        let answer = try rawRequest(port: harness.mock.port,
            "GET /empty HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET /next HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        #expect(!answer.contains("not on the wire"), "\(answer)")
        #expect(answer.hasPrefix("HTTP/1.1 \(status)"), "\(answer)")
        #expect(answer.contains("HTTP/1.1 200 OK") && answer.hasSuffix("\r\n\r\nnext"), "\(answer)")
    }

    @Test func aTransformerFscriptDoesNotHaveIsALoadError() {
        let error = loadError(#"""
            {"request": {"urlPath": "/x"}, "response": {"body": "{{request.path}}", "transformers": ["response-template", "my-extension"]}}
            """#)
        #expect(error.contains(#"mappings/m.json: response.transformers[1]: "my-extension" is not a transformer fscript has"#), "\(error)")
    }
}

/// Sends raw bytes to the mock and returns everything it answers until it closes (30 s at most).
private func rawRequest(port: Int, _ text: String) throws -> String {
    try timedRawRequest(port: port, text).map(\.text).joined()
}

/// Sends raw bytes and returns each piece as it arrived, with the seconds since the request was sent.
private func timedRawRequest(port: Int, _ text: String) throws -> [(seconds: Double, text: String)] {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
    var limit = timeval(tv_sec: 30, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    let sent = Date()
    _ = text.withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
    var pieces: [(seconds: Double, text: String)] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = recv(fd, &buffer, buffer.count, 0)
        if count <= 0 { break }
        pieces.append((Date().timeIntervalSince(sent), String(decoding: buffer[..<count], as: UTF8.self)))
    }
    return pieces
}
