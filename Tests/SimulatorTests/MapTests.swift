import Foundation
import Frankly
import JSON
import Testing

@testable import Simulator

@Suite("POST /map")
struct MapTests {
    @Test func unknownEngineIsAnInvalidSelector() throws {
        let app = try LiveSimulator(source: fixtureApp)
        let answer = try app.postJSON("/map", .object([
            "query": .string("button"), "selector_engine": .string("sizzle"),
            "operation": .object(["method_name": .string("tag"), "arguments": .array([])]),
        ]))
        #expect(answer["outcome"] == .string("ERROR"))
        #expect(answer["reason"] == .string("invalid selector"))
        #expect(answer["details"]?.stringValue?.contains("shelley_compat and uiquery") == true)
    }

    /// Frank suites that never call use_shelley_from_now_on send UIQuery: answered as Shelley when it reads the
    /// same, else told what to change.
    @Test func uiquerySelectorsAreReadAsShelley() throws {
        let app = try LiveSimulator(source: fixtureApp)
        func map(_ query: String) throws -> JSONValue {
            try app.postJSON("/map", .object([
                "query": .string(query), "selector_engine": .string("uiquery"),
                "operation": .object(["method_name": .string("tag"), "arguments": .array([])]),
            ]))
        }
        let plain = try map("button")
        #expect(plain["outcome"] == .string("SUCCESS"))
        if case .array(let results)? = plain["results"] { #expect(!results.isEmpty) } else { Issue.record("no results") }
        let odd = try map("button marked:foo")
        #expect(odd["outcome"] == .string("ERROR"))
        #expect(odd["details"]?.stringValue?.contains("use_shelley_from_now_on") == true)
    }

    @Test func malformedSelectorIsAnInvalidSelector() throws {
        let app = try LiveSimulator(source: fixtureApp)
        let answer = try app.map("button marked:foo", "tag")
        #expect(answer["reason"] == .string("invalid selector"))
        #expect(answer["details"]?.stringValue?.isEmpty == false)
    }

    @Test func argumentCountMismatchFailsTheRequest() throws {
        let app = try LiveSimulator(source: fixtureApp)
        let answer = try app.map("button", "setText:", [])
        #expect(answer["outcome"] == .string("ERROR"))
        #expect(answer["reason"] == .string("encountered error while attempting to perform setText: on selected elements"))
        #expect(answer["details"] == .string("setText: takes 1 argument but 0 were given"))
    }

    @Test func unknownMethodsAnswerNull() throws {
        let app = try LiveSimulator(source: fixtureApp)
        let results = try app.results("view marked:'Visible'", "noSuchMethod")
        #expect(results == [.null])
        #expect(try app.results("label", "isOn").allSatisfy { $0 == .null })
    }

    @Test func noMatchIsAnEmptySuccess() throws {
        let app = try LiveSimulator(source: fixtureApp)
        #expect(try app.map("button marked:'Nothing'", "touch") == .object(["outcome": .string("SUCCESS"), "results": .array([])]))
    }

    @Test func gettersAndSetters() throws {
        let app = try LiveSimulator(source: fixtureApp)
        #expect(try app.results("button marked:'Visible'", "FEX_accessibilityLabel") == [.string("Visible")])
        #expect(try app.results("button marked:'Visible'", "FEX_isVisible") == [.bool(true)])
        #expect(try app.results("button marked:'Hidden'", "FEX_isVisible") == [.bool(false)])
        #expect(try app.results("button marked:'Hidden'", "isHidden") == [.bool(true)])
        #expect(try app.results("textField", "placeholder") == [.string("Name")])
        #expect(try app.results("textField", "setText:", [.string("ann")]) == [.null])
        #expect(try app.texts("textField") == ["ann"])
        #expect(try app.results("view:'UISwitch'", "setOn:", [.integer(1)]) == [.null])
        #expect(try app.results("view:'UISwitch'", "isOn") == [.bool(true)])
        #expect(try app.results("view:'UISlider'", "FEX_dragThumbToValue:", [.number(0.75)]) == [.null])
        #expect(try app.results("view:'UISlider'", "value") == [.number(0.75)])
        let frame = try app.results("label marked:'idle'", "FEX_accessibilityFrame")
        #expect(rectNumbers(frame.first) == [20, 364, 300, 24])
    }

    @Test func touchingAHiddenViewNamesTheReceiver() throws {
        let app = try LiveSimulator(source: fixtureApp)
        let answer = try app.map("button marked:'Hidden'", "touch")
        #expect(answer["outcome"] == .string("ERROR"))
        #expect(answer["reason"] == .string("encountered error while attempting to perform touch on selected elements"))
        let details = try #require(answer["details"]?.stringValue)
        #expect(details.contains("UIButton 'Hidden' cannot be touched (it is hidden or transparent)"))
        #expect(details.contains("would be received by UIView"))
    }

    @Test func touchingACoveredViewNamesTheCover() throws {
        let app = try LiveSimulator(source: fixtureApp)
        let answer = try app.map("button marked:'Covered'", "touch")
        #expect(answer["outcome"] == .string("ERROR"))
        let details = try #require(answer["details"]?.stringValue)
        #expect(details == "UIButton 'Covered' cannot be touched: the touch at (120, 286) would be received by UIView 'Cover'")
        #expect(try app.results("button marked:'Covered'", "FEX_canTouch") == [.bool(false)])
        #expect(try app.results("button marked:'Covered'", "FEX_forcedTouch") == [.bool(true)])
    }

    @Test func touchRunsTheBehaviour() throws {
        let app = try LiveSimulator(source: fixtureApp)
        try app.touch("button marked:'Visible'")
        #expect(try app.texts("label marked:'touched'") == ["touched"])
    }

    /// A push of a screen the app does not have names the line of the app file that pushes it (it said only
    /// "no screen named 'kart'", leaving the user to search the file).
    @Test func pushingAnUnknownScreenNamesTheLine() throws {
        let source = "return {start = 'main', screens = {main = screen{\n  button{title = 'Cart',\n"
            + "    on_touch = function(app) app:push('kart') end}}, cart = screen{}}}"
        let app = try LiveSimulator(source: source)
        let answer = try app.map("button marked:'Cart'", "touch")
        #expect(answer["outcome"] == .string("ERROR"))
        #expect(answer["details"]?.stringValue?.contains(":3: no screen named 'kart' (screens: cart, main)") == true)
    }

    @Test func aBehaviourErrorIsTheWholeAnswer() throws {
        let app = try LiveSimulator(source: fixtureApp)
        let answer = try app.map("button marked:'Fail'", "touch")
        #expect(answer["outcome"] == .string("ERROR"))
        #expect(answer["details"] == .string("fixture.lua:19: the fail button failed"))
        #expect(try app.send("GET", "/").status == 200)
    }

    @Test func anEndlessBehaviourIsStoppedAndTheAppKeepsServing() throws {
        let app = try LiveSimulator(
            source: """
                return { time_limit = 0.2, screens = { main = screen{
                  button{ title = "Spin", on_touch = function() while true do pcall(function() while true do end end) end end },
                  button{ title = "Fine", on_touch = function(app, view) view.title = "Done" end },
                } } }
                """)
        let answer = try app.map("button marked:'Spin'", "touch")
        #expect(answer["outcome"] == .string("ERROR"))
        let details = answer["details"]?.stringValue ?? ""
        #expect(details.hasPrefix("fixture.lua:2: app code ran longer than 0.2 s (an endless loop?)"), "\(details)")
        try app.touch("button marked:'Fine'")
        #expect(try app.results("button marked:'Done'", "accessibilityLabel") == [.string("Done")])
    }

    @Test func aBacktrackingPatternIsStoppedLikeAnEndlessLoop() throws {
        // One string.find that runs for minutes inside C, where the hook never fires: the matcher asks the
        // watchdog's check itself. Were it not stopped, the client's 10 s request limit would fail the test.
        let app = try LiveSimulator(
            source: """
                return { time_limit = 0.2, screens = { main = screen{
                  button{ title = "Match", on_touch = function() return ("a"):rep(30000):find(".-.-.-.-.-b") end },
                  button{ title = "Fine", on_touch = function(app, view) view.title = "Done" end },
                } } }
                """)
        let answer = try app.map("button marked:'Match'", "touch")
        #expect(answer["outcome"] == .string("ERROR"))
        let details = answer["details"]?.stringValue ?? ""
        #expect(details.hasPrefix("fixture.lua:2: app code ran longer than 0.2 s (an endless loop?)"), "\(details)")
        try app.touch("button marked:'Fine'")
        #expect(try app.results("button marked:'Done'", "accessibilityLabel") == [.string("Done")])
    }

    @Test func aTimeLimitMustBePositive() {
        let error = #expect(throws: SimulatorError.self) {
            try LiveSimulator(source: "return { time_limit = 0, screens = { main = screen{} } }")
        }
        #expect(error?.description.contains("time_limit must be a number of seconds above 0 and at most 86400, got 0") == true, "\(String(describing: error))")
    }

    @Test func typingGoesToTheTouchedField() throws {
        let app = try LiveSimulator(source: fixtureApp)
        try app.touch("textField")
        #expect(try app.type("bobx\u{8}\n") == .object(["outcome": .string("SUCCESS")]))
        #expect(try app.texts("textField") == ["bob"])
        #expect(try app.texts("label marked:'hello'") == ["hello bob"])
    }

    @Test func switchesToggleAndReport() throws {
        let app = try LiveSimulator(source: fixtureApp)
        try app.touch("view:'UISwitch'")
        #expect(try app.results("view:'UISwitch'", "isOn") == [.bool(true)])
        #expect(try app.texts("label marked:'on'") == ["on"])
    }

    @Test func navigationPushesAndGoesBack() throws {
        let app = try LiveSimulator(source: fixtureApp)
        try app.touch("button marked:'Next'")
        #expect(try app.results("navigationItemView", "accessibilityLabel") == [.string("Second")])
        #expect(try app.results("tableViewCell", "tag").count == 15)
        // A row below the visible part of the table cannot be touched until it is scrolled to.
        #expect(try app.results("tableViewCell marked:'Fifteen'", "FEX_canTouch") == [.bool(false)])
        _ = try app.results("tableView", "FEX_scrollToRow:inSection:", [.integer(14), .integer(0)])
        #expect(try app.results("tableViewCell marked:'Fifteen'", "FEX_canTouch") == [.bool(true)])
        try app.touch("navigationItemButtonView")
        #expect(try app.results("navigationItemView", "accessibilityLabel") == [.string("Main")])
        #expect(try app.results("navigationItemButtonView", "touch") == [])
    }
}
