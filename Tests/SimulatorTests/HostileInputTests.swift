import Foundation
import Frankly
import HTTPCore
import JSON
import Testing

@testable import Simulator

/// Numbers from a request are checked where they enter: each of these once ended the process with a trap.
/// Now each is a clean ERROR envelope (or a 200 with a picture kept to the screen) and the server goes on.
@Suite("Hostile input")
struct HostileInputTests {
    @Test(arguments: [
        "0.0.2000000000.1", "0.0.inf.1", "nan.0.10.10", "0.0.1e300.1e300", "-1e300.0.10.10", "0.0.-5.10",
        "5000.5000.10.10",
    ])
    func screenshotFramesOutOfRangeAreRefused(frame: String) throws {
        let app = try LiveSimulator(source: fixtureApp)
        let answer = try app.send("GET", "/screenshot/frame/" + frame)
        let envelope = try JSONValue(parsing: answer.body)
        #expect(envelope["outcome"] == .string("ERROR"))
        #expect(envelope["reason"] == .string("invalid frame"))
        #expect(try app.getJSON("/version")["version"] != nil, "the server still answers")
    }

    @Test func aCropLargerThanTheScreenIsKeptToTheScreen() throws {
        let app = try LiveSimulator(source: fixtureApp)
        let whole = try app.send("GET", "/screenshot")
        let huge = try app.send("GET", "/screenshot/frame/0.0.5000.5000")
        #expect(huge.status == 200)
        #expect(huge.body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        // The crop is the whole screen, so the picture is no larger than the screenshot.
        #expect(huge.body.count <= whole.body.count + 1024)
    }

    @Test(arguments: [
        ("tableView", "FEX_scrollToRow:inSection:", [JSONValue.number(1e300), .integer(0)]),
        ("tableView", "FEX_scrollToRow:inSection:", [.string("nan"), .integer(0)]),
        ("tableView", "FEX_scrollToRow:inSection:", [.integer(0), .string("inf")]),
        ("tableView", "FEX_scrollToRow:inSection:", [.number(-1), .integer(0)]),
        ("view:'UISlider'", "FEX_dragWithInitialDelayToX:y:", [.number(1e300), .integer(0)]),
        ("view:'UISlider'", "FEX_dragWithInitialDelayToX:y:", [.string("nan"), .integer(0)]),
        ("view:'UISlider'", "FEX_dragThumbToValue:", [.string("inf")]),
        ("button", "touchx:y:", [.string("-inf"), .integer(0)]),
        ("button", "touchAndHold:", [.number(1e300)]),
    ])
    func operationNumbersOutOfRangeAreRefused(query: String, method: String, arguments: [JSONValue]) throws {
        let app = try LiveSimulator(source: fixtureApp)
        if query == "tableView" { try app.touch("button marked:'Next'") }
        #expect(try app.results(query, "class").count >= 1, "the view to act on is there")
        let answer = try app.map(query, method, arguments)
        #expect(answer["outcome"] == .string("ERROR"))
        let details = try #require(answer["details"]?.stringValue)
        #expect(details.contains("argument"), "names the argument: \(details)")
        #expect(details.contains(" from "), "names the range: \(details)")
        #expect(try app.getJSON("/version")["version"] != nil, "the server still answers")
    }

    @Test(arguments: [
        ("[1e999]", "line 1, column 2 (byte 1): the number is too large for a Double"),
        (String(repeating: "[", count: 100_000), "arrays and objects nest deeper than 512 levels"),
        ("{\"query\": \"button\",\n  \"operation\": }", "line 2, column 16 (byte 35): expected a JSON value, found '}'"),
    ])
    func invalidJSONSaysWhereAndWhy(body: String, expected: String) throws {
        let app = try LiveSimulator(source: fixtureApp)
        let answer = try JSONValue(parsing: app.send("POST", "/map", body: body).body)
        #expect(answer["reason"] == .string("invalid JSON in request body"))
        let details = try #require(answer["details"]?.stringValue)
        #expect(details.contains(expected), "\(details)")
    }
}
