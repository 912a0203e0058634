import Frankly
import JSON
import Testing

@testable import Simulator

/// What fscript's trace reads in-process, without a round trip: each must be what the same question over HTTP
/// answers, or a trace would show another screen than the driver saw.
@Suite("In-process reads")
struct InProcessReadTests {
    @Test func theKeyWindowTreeIsWhatDumpAnswers() throws {
        let app = try LiveSimulator()
        // Compared as JSON text: a float read back from the wire is an integer when it is whole.
        #expect(try app.simulator.keyWindowTree().json.jsonString == app.getJSON("/dump").jsonString)
        try app.touch("button marked:'Log In'")
        #expect(try app.simulator.keyWindowTree().json.jsonString == app.getJSON("/dump").jsonString)
    }

    @Test func theChangeCountIsWhatTheLatestAnswerSaid() throws {
        let app = try LiveSimulator()
        let before = try #require(app.send("GET", "/dump").header("X-Fscript-Change").flatMap { UInt64($0) })
        #expect(app.simulator.changeCount == before, "a read changes nothing")
        try app.touch("button marked:'Log In'")
        let after = try #require(app.send("GET", "/dump").header("X-Fscript-Change").flatMap { UInt64($0) })
        #expect(after > before)
        #expect(app.simulator.changeCount == after)
    }

    @Test func framesAreWhatMapAnswersAndABadSelectorSaysWhy() throws {
        let app = try LiveSimulator()
        let overHTTP = try app.results("view marked:'Log In'", "FEX_accessibilityFrame").map(rectNumbers)
        let inProcess = try app.simulator.accessibilityFrames(matching: "view marked:'Log In'").map {
            [$0.origin.x, $0.origin.y, $0.size.width, $0.size.height]
        }
        #expect(!inProcess.isEmpty)
        #expect(inProcess == overHTTP)
        #expect(try app.simulator.accessibilityFrames(matching: "view marked:'No such view'").isEmpty)
        #expect(throws: (any Error).self) { try app.simulator.accessibilityFrames(matching: "view index:x") }
    }
}
