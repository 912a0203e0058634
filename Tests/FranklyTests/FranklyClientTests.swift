import Foundation
import Frankly
import HTTPCore
import JSON
import NIOCore
import Synchronization
import Testing

@Suite struct FranklyClientTests {
    /// A canned Frankly server on a free loopback port that records the requests it got.
    final class CannedServer: Sendable {
        /// Shared with the responder, which runs on an event loop.
        final class Journal: Sendable {
            let requests = Mutex<[HTTPRequest]>([])
        }

        let server: HTTPServer
        private let journal = Journal()

        init(_ answer: @escaping @Sendable (HTTPRequest) -> HTTPResponse) throws {
            let journal = self.journal
            server = try HTTPServer.start(
                responder: ClosureResponder { request, eventLoop in
                    journal.requests.withLock { $0.append(request) }
                    return eventLoop.makeSucceededFuture(answer(request))
                })
        }

        var requests: [HTTPRequest] { journal.requests.withLock { $0 } }

        deinit { server.stop() }
    }

    @Test func mapSendsTheShelleyEngineAndReturnsResults() throws {
        let canned = try CannedServer { _ in
            // Real servers send JSON with whatever Content-Type; the client must not care.
            HTTPResponse(
                status: 200, headers: [("Content-Type", "text/html")],
                body: Array(#"{"outcome":"SUCCESS","results":["Buy",null]}"#.utf8))
        }
        let client = FranklyClient(baseURL: canned.server.url + "/")
        #expect(try client.map("button", method: "accessibilityLabel") == ["Buy", .null])
        let request = try #require(canned.requests.first)
        #expect(request.method == "POST")
        #expect(request.path == "/map")
        let body = try JSONValue(parsing: request.body)
        #expect(body["selector_engine"] == "shelley_compat")
        #expect(body["query"] == "button")
        #expect(body["operation"] == .object(["method_name": "accessibilityLabel", "arguments": .array([])]))
    }

    /// The request is built from `JSONValue`s now; its text must stay what `JSONEncoder` wrote, keys sorted.
    @Test func mapRequestTextIsCompactAndSorted() throws {
        let canned = try CannedServer { _ in .json(Array(#"{"outcome":"SUCCESS","results":[null]}"#.utf8)) }
        let client = FranklyClient(baseURL: canned.server.url)
        _ = try client.map("view marked:'a/b'", method: "touchx:y:", arguments: [10, 2.5])
        _ = try client.appExec("reset")
        #expect(
            canned.requests.map(\.bodyText) == [
                #"{"operation":{"arguments":[10,2.5],"method_name":"touchx:y:"},"query":"view marked:'a/b'","#
                    + #""selector_engine":"shelley_compat"}"#,
                #"{"operation":{"arguments":[],"method_name":"reset"}}"#,
            ])
    }

    @Test(
        arguments: [
            (#"{"results":[]}"#, #"no "outcome""#),
            (#"{"outcome":"MAYBE"}"#, #"outcome: expected "SUCCESS" or "ERROR", found "MAYBE""#),
            (#"{"outcome":"SUCCESS","results":"Buy"}"#, "results: expected an array, found a string"),
            ("[]", "expected an object, found an array"),
        ])
    func envelopeOfTheWrongShapeSaysWhatIsWrong(_ body: String, _ details: String) throws {
        let canned = try CannedServer { _ in .json(Array(body.utf8)) }
        let error = try #require(throws: FranklyClientError.self) {
            try FranklyClient(baseURL: canned.server.url).map("button", method: "touch")
        }
        let call = "POST /map on \(canned.server.url) (touch on \"button\")"
        #expect(error.description == "\(call): the answer is not in the expected shape: \(details)")
    }

    @Test func errorEnvelopeNamesTheCallSelectorAndCause() throws {
        let canned = try CannedServer { _ in
            .json(FranklyError.operationFailed(method: "touch", details: "the view is hidden").envelope.jsonBytes)
        }
        let client = FranklyClient(baseURL: canned.server.url)
        let error = try #require(throws: FranklyClientError.self) {
            try client.map("button marked:'OK'", method: "touch")
        }
        #expect(error.reason == "encountered error while attempting to perform touch on selected elements")
        #expect(error.details == "the view is hidden")
        #expect(
            error.description
                == "POST /map on \(canned.server.url) (touch on \"button marked:'OK'\"): encountered error while "
                + "attempting to perform touch on selected elements: the view is hidden")
    }

    @Test func connectionRefusedSaysWhatWeWereDoing() throws {
        // Bind a port, then free it, so nothing listens there.
        let canned = try CannedServer { _ in HTTPResponse() }
        let url = canned.server.url
        canned.server.stop()
        let error = try #require(throws: FranklyClientError.self) { try FranklyClient(baseURL: url).dump() }
        #expect(error.description == "GET /dump on \(url): connection refused")
    }

    @Test func nonJSONAnswerShowsItsFirstBytes() throws {
        let canned = try CannedServer { _ in .text("<html><body>Frank</body></html>") }
        let client = FranklyClient(baseURL: canned.server.url)
        let error = try #require(throws: FranklyClientError.self) { try client.version() }
        #expect(
            error.description
                == "GET /version on \(canned.server.url): the answer is not JSON; it starts with "
                + "\"<html><body>Frank</body></html>\"")
    }

    @Test func screenshotErrorEnvelopeIsReportedWhole() throws {
        let details = "cannot draw PNGs without cairo (libcairo.so.2: cannot open shared object file: No such file "
            + "or directory); install it with 'apt-get install libcairo2' (scripts/install does)"
        let canned = try CannedServer { _ in
            .json(Envelope(outcome: .error, reason: "internal error", details: details).jsonBytes)
        }
        let client = FranklyClient(baseURL: canned.server.url)
        let error = try #require(throws: FranklyClientError.self) { try client.screenshot() }
        #expect(error.description == "GET /screenshot on \(canned.server.url): internal error: " + details)
    }

    @Test func screenshotThatIsNotAPNGShowsItsFirstBytes() throws {
        let canned = try CannedServer { _ in .text("GIF89a") }
        let client = FranklyClient(baseURL: canned.server.url)
        let error = try #require(throws: FranklyClientError.self) { try client.screenshot() }
        #expect(
            error.description
                == "GET /screenshot on \(canned.server.url): the answer is not a PNG image; it starts with \"GIF89a\"")
    }

    @Test func idleIsNilWhenTheServerHasNoExtension() throws {
        let canned = try CannedServer { request in
            request.path == "/idle"
                ? HTTPResponse(status: 404, body: Array("<html>not found</html>".utf8))
                : .json(Array(#"{"version":"1.0"}"#.utf8))
        }
        let client = FranklyClient(baseURL: canned.server.url)
        #expect(try client.idle() == nil)
        #expect(try client.version() == VersionResponse(version: "1.0"))
    }

    @Test func idleErrorEnvelopeSaysWhatTheServerSaid() throws {
        let canned = try CannedServer { _ in
            .json(
                Envelope(outcome: .error, reason: "web target lost", details: "invalid session id").jsonBytes)
        }
        let client = FranklyClient(baseURL: canned.server.url)
        let error = try #require(throws: FranklyClientError.self) { try client.idle() }
        #expect(error.description == "GET /idle on \(canned.server.url): web target lost: invalid session id")
        #expect(error.reason == "web target lost")
        // Every typed answer reads it the same way, not as a missing field.
        let orientation = try #require(throws: FranklyClientError.self) { try client.orientation() }
        #expect(orientation.reason == "web target lost")
    }

    @Test func typedEndpointsAndRawOrientationBody() throws {
        let canned = try CannedServer { request in
            switch request.path {
            case "/idle": return .json(Array(#"{"idle":false,"busy":[{"kind":"network","what":"GET /items"}]}"#.utf8))
            case "/orientation" where request.method == "POST": return .json(Envelope.success().jsonBytes)
            case "/orientation": return .json(OrientationResponse(.landscapeLeft).jsonBytes)
            case "/app_exec": return .json(Array(#"{"outcome":"SUCCESS","results":[true]}"#.utf8))
            case "/dump": return .json(Array(#"{"class":"UIWindow","uid":"1","subviews":[]}"#.utf8))
            default: return HTTPResponse(status: 404)
            }
        }
        let client = FranklyClient(baseURL: canned.server.url)
        #expect(try client.idle()?.busy.first?.what == "GET /items")
        #expect(try client.orientation().detailedOrientation == "landscape_left")
        try client.setOrientation("PORTRAIT")
        #expect(canned.requests.last?.bodyText == "PORTRAIT")
        #expect(try client.appExec("resetData") == true)
        #expect(try client.dumpNode().className == "UIWindow")
        let error = try #require(throws: FranklyClientError.self) { try client.device() }
        #expect(error.description == "GET /device on \(canned.server.url): HTTP 404")
    }

    @Test func wrongShapeIsNotConfusedWithNotJSON() throws {
        let canned = try CannedServer { _ in .json(Array(#"{"width":1}"#.utf8)) }
        let error = try #require(throws: FranklyClientError.self) {
            try FranklyClient(baseURL: canned.server.url).resolution()
        }
        #expect(
            error.description
                == "GET /resolution on \(canned.server.url): the answer is not in the expected shape: no \"height\"")
    }
}

extension Encodable {
    /// The compact JSON of a wire value, for canned answers.
    fileprivate var jsonBytes: [UInt8] { Array((try? JSONEncoder().encode(self)) ?? Data()) }
}
